package web

import "html/template"

// The pages. Colours meet WCAG 2.2 AA contrast (4.5:1 for text, 1.4.3):
// text #1a1a1a on white and on the row shading #f4ecd8, links #0b4ea2
// and visited #5a2d82 on both; the current move is marked by bold type
// and a "▶" as well as its shading (1.4.1, colour is never the only
// cue). Tables and preformatted boards scroll inside themselves on a
// narrow screen rather than widening the page (1.4.10, reflow at 320
// CSS px).
var pages = template.Must(template.New("").Funcs(template.FuncMap{"player": PlayerPath}).Parse(`
{{define "head"}}<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Title}}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.ico">
<style>
body { font-family: sans-serif; max-width: 60em; margin: 1em auto; padding: 0 1em; color: #1a1a1a; background: #fff; overflow-wrap: anywhere }
a { color: #0b4ea2 } a:visited { color: #5a2d82 }
.scroll { overflow-x: auto; max-width: 100% }
table { border-collapse: collapse } td, th { padding: 0.15em 0.6em; text-align: left; vertical-align: top }
tr:nth-child(even) { background: #f4ecd8 } .current { font-weight: bold; background: #ffd9a8 }
pre { background: #f8f8f8; padding: 0.5em; overflow-x: auto; max-width: 100%; box-sizing: border-box; overflow-wrap: normal }
svg { max-width: 100%; height: auto; display: block }
nav a { margin-right: 1em }
caption { text-align: left; font-weight: bold; padding: 0.3em 0 }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap }
</style>{{if .Feed}}
<link rel="alternate" type="application/atom+xml" href="{{.Feed}}" title="Moves and results">{{end}}</head><body>
<nav><a href="/">Games</a></nav>
{{end}}
{{define "foot"}}</body></html>{{end}}

{{define "players"}}{{range $i, $p := .}}{{if $i}}, {{end}}<a href="{{player $p}}">{{$p}}</a>{{end}}{{end}}

{{define "rows"}}{{if .Rows}}<div class="scroll"><table><tr><th scope="col">Board</th><th scope="col">Game</th><th scope="col">Players</th><th scope="col">Moves</th><th scope="col">Result</th></tr>
{{range .Rows}}<tr><td><a href="/{{.Game}}/{{.Number}}">{{.Number}}</a></td><td>{{.Title}}</td><td>{{template "players" .Players}}</td><td>{{.Moves}}</td><td>{{if .State}}{{.Date}}: {{.State}}{{end}}</td></tr>
{{end}}</table></div>{{else}}<p>None.</p>{{end}}{{end}}

{{define "person"}}{{if .Link}}<a href="{{.Link}}">{{.ID}}</a>{{else}}{{.ID}}{{end}}{{end}}

{{define "trows"}}{{if .Rows}}<div class="scroll"><table class="tournaments"><caption>Tournaments: the open ones, then the running, then the finished, newest first</caption>
<tr><th scope="col">Tournament</th><th scope="col">State</th><th scope="col">Entrants</th><th scope="col">Settings</th></tr>
{{range .Rows}}<tr><td><a href="{{.Path}}">{{.Name}}</a></td><td>{{.State}}</td><td>{{.Entrants}}</td><td>{{.Summary}}</td></tr>
{{end}}</table></div>{{else}}<p>None.</p>{{end}}{{end}}

{{define "tpager"}}<nav class="pager" aria-label="Pages"><p>Page {{.Page}} of {{.Pages}}: {{if .Total}}tournaments {{.First}} to {{.Last}} of {{.Total}}{{else}}no tournaments yet{{end}}.
{{if .Prev}}<a rel="prev" href="{{.Prev}}">Previous page</a>{{end}} {{if .Next}}<a rel="next" href="{{.Next}}">Next page</a>{{end}}</p></nav>{{end}}

{{define "mailto"}}mail{{if .}} <a href="mailto:{{.}}">{{.}}</a>{{end}}{{end}}

{{define "announce"}}<p>To announce a tournament, {{template "mailto" .Address}}:</p><pre class="command">{{.Name}} tournament new &lt;userid&gt; &lt;password&gt; &lt;name&gt; &lt;format&gt; [-option...]</pre>{{end}}

{{define "seekers"}}<h2 id="seekers">Seeking a game</h2>
{{if .Seekers}}<div class="scroll"><table id="seeks"><caption>Players seeking a game of {{.Title}}, the oldest seek first</caption>
<tr><th scope="col">Player</th><th scope="col">Boards sought</th><th scope="col">Options</th><th scope="col">Limit</th></tr>
{{range .Seekers}}<tr><td>{{template "person" .Who}}</td><td>{{.Count}}</td><td>{{.Options}}</td><td>{{.Limit}}</td></tr>
{{end}}</table></div>{{else}}<p>No one is seeking a game now.</p>{{end}}
<p>To seek games (a board starts as soon as another seek with the same options matches; 0 withdraws), {{template "mailto" .Address}}:</p><pre class="command" id="seek-command">{{.Seek}}</pre>{{end}}

{{define "count"}}<p class="count">{{if .Total}}{{if eq .Total (len .Rows)}}{{.Total}} in all.{{else}}{{.First}} to {{.Last}} of {{.Total}}.{{end}}{{end}}{{if and .All (ne .Total (len .Rows))}} <a href="{{.All}}">All {{.Total}}</a>{{end}}</p>{{end}}

{{define "pager"}}<nav class="pager" aria-label="Pages"><p>Page {{.Page}} of {{.Pages}}: boards {{.First}} to {{.Last}} of {{.Total}}.
{{if .Prev}}<a rel="prev" href="{{.Prev}}">Previous page</a>{{end}} {{if .Next}}<a rel="next" href="{{.Next}}">Next page</a>{{end}}</p></nav>{{end}}

{{define "index"}}{{template "head" .}}<h1>Games</h1>
{{range .Data.Games}}<h2><a href="/{{.Name}}">{{.Title}}</a></h2>
<p><a href="/{{.Name}}/help">Rules and notation</a> · <a href="/{{.Name}}/standings">Standings</a></p>
<h3>Running</h3>{{template "count" .Running}}{{template "rows" .Running}}
<h3>Finished</h3>{{template "count" .Finished}}{{template "rows" .Finished}}
{{end}}{{template "foot"}}{{end}}

{{define "game"}}{{template "head" .}}<h1>{{.Data.Title}}</h1>
<p><a href="/{{.Data.Name}}/help">Rules and notation</a> · <a href="/{{.Data.Name}}/standings">Standings</a> · <a href="/{{.Data.Name}}/tournaments">Tournaments</a></p>
<h2>Running boards</h2>{{template "count" .Data.Running}}{{template "rows" .Data.Running}}
<h2>History: finished boards</h2>{{template "count" .Data.Finished}}{{template "rows" .Data.Finished}}
<h2 id="tournaments">Tournaments</h2>{{template "count" .Data.Tournaments}}<div id="tournament-list">{{template "trows" .Data.Tournaments}}</div>{{template "announce" .Data}}
{{template "seekers" .Data}}
{{template "foot"}}{{end}}

{{define "tournaments"}}{{template "head" .}}<h1><a href="/{{.Data.Name}}">{{.Data.Title}}</a>: tournaments</h1>
{{template "tpager" .Data.List}}{{template "trows" .Data.List}}{{template "tpager" .Data.List}}{{template "announce" .Data}}
{{template "foot"}}{{end}}

{{define "tournament"}}{{template "head" .}}{{with .Data}}<h1><a href="/{{.Name}}">{{.Title}}</a> tournament {{.Tournament}}</h1>
<p id="state">{{if .Open}}Open for entries: {{len .Entrants}} so far.{{else if .Running}}Running: {{.RoundWord}} {{.Current}} is being played.{{else if .Winner.ID}}Finished; the winner is {{template "person" .Winner}}.{{else}}Ended without a winner.{{end}}</p>
<h2>Settings</h2><dl id="settings">
<dt>Format</dt><dd>{{.Format}}{{if .Double}}, double: every pair meets twice, seats swapped{{end}}</dd>
<dt>Seats per board</dt><dd>{{.Seats}}</dd>
{{if .Rounds}}<dt>Rounds</dt><dd>{{.Rounds}}</dd>{{end}}
{{if .Size}}<dt>Starts</dt><dd>by itself when {{.Size}} entrants have joined</dd>{{end}}
{{if .StartOn}}<dt>Starts on</dt><dd>{{.StartOn}}</dd>{{end}}
<dt>Game options</dt><dd>{{.Options}}</dd>
<dt>Clocks</dt><dd>{{range $i, $c := .Clocks}}{{if $i}}; {{end}}{{$c}}{{else}}the server's{{end}}</dd>
<dt>Organiser</dt><dd>{{template "person" .Organiser}}</dd>
</dl>
{{if .Open}}<h2>Entrants</h2>{{if .Entrants}}<ol id="entrants">{{range .Entrants}}<li>{{template "person" .}}</li>{{end}}</ol>{{else}}<p>None yet.</p>{{end}}
<p>To enter, {{template "mailto" .Address}}:</p><pre class="command" id="join">{{.Join}}</pre>
<p>To withdraw before the start:</p><pre class="command" id="leave">{{.Leave}}</pre>
{{else}}<h2>Standings</h2><div class="scroll"><table id="standings"><caption>Standings: rank, entrant, points{{range .TieBreaks}}, {{.Name}}{{end}}, boards played{{if .Byes}}, byes{{end}}</caption>
<tr><th scope="col">Rank</th><th scope="col">Entrant</th><th scope="col">Points</th>{{range .TieBreaks}}<th scope="col"><abbr title="{{.Full}}">{{.Name}}</abbr></th>{{end}}<th scope="col">Boards</th>{{if .Byes}}<th scope="col">Byes</th>{{end}}</tr>
{{range .Standings}}<tr><td>{{.Rank}}</td><th scope="row">{{template "person" .Who}}</th><td>{{.Points}}</td>{{range .TieBreaks}}<td>{{.}}</td>{{end}}<td>{{.Played}}</td>{{if $.Data.Byes}}<td>{{.Bye}}</td>{{end}}</tr>
{{end}}</table></div>
{{if .TieBreaks}}<p id="tiebreaks">Ties are broken by, in order: {{range $i, $t := .TieBreaks}}{{if $i}}; {{end}}{{$t.Full}}{{end}}.</p>{{end}}
{{if .Cross}}<h2>Crosstable</h2><div class="scroll"><table id="crosstable"><caption>Crosstable: the points of each row's entrant against each column's, linked to the board</caption>
<tr><th scope="col">Rank</th><th scope="col">Entrant</th>{{range .CrossIDs}}<th scope="col">{{.ID}}</th>{{end}}<th scope="col">Points</th></tr>
{{range .Cross}}<tr><td>{{.Rank}}</td><th scope="row">{{template "person" .Who}}</th>{{range .Cells}}<td>{{if .Self}}<span aria-hidden="true">—</span><span class="sr">the same entrant</span>{{else}}{{range $i, $r := .Results}}{{if $i}}, {{end}}{{if $r.Link}}<a href="{{$r.Link}}" aria-label="{{$r.Label}}">{{$r.Text}}</a>{{else}}{{$r.Text}}{{end}}{{end}}{{end}}</td>{{end}}<td>{{.Points}}</td></tr>
{{end}}</table></div>{{end}}
<h2 id="rounds">{{.RoundsWord}} and boards</h2>
{{range .RoundsPlayed}}<div class="scroll"><table class="round" id="round-{{.N}}"><caption>{{$.Data.RoundWord}} {{.N}}</caption>
<tr><th scope="col">Board</th><th scope="col">Players, the first moves first</th><th scope="col">Points</th><th scope="col">Result</th></tr>
{{range .Pairings}}<tr>{{if .Bye}}<td>bye</td><td>{{template "person" (index .Seats 0)}}</td><td>1</td><td>A bye: a point without a board.</td>{{else}}<td>{{if .Link}}<a href="{{.Link}}">{{.Board}}</a>{{else}}not started{{end}}</td><td>{{range $i, $p := .Seats}}{{if $i}} against {{end}}{{template "person" $p}}{{end}}{{if .Replay}} (the replay of a drawn match){{end}}</td><td>{{.Points}}</td><td>{{if .Outcome}}{{.Outcome}}{{else if .Done}}finished{{else if .Started}}running{{end}}</td>{{end}}</tr>
{{end}}</table></div>
{{end}}{{end}}{{end}}{{template "foot"}}{{end}}

{{define "list"}}{{template "head" .}}<h1><a href="/{{.Data.Name}}">{{.Data.Title}}</a>: {{.Data.Heading}}</h1>
{{template "pager" .Data.List}}{{template "rows" .Data.List}}{{template "pager" .Data.List}}
{{template "foot"}}{{end}}

{{define "player"}}{{template "head" .}}{{with .Data}}<h1>{{.User}}</h1>
<p><a href="{{.Path}}/atom">Feed of moves and results (Atom)</a></p>
<h2>Ratings</h2>{{if .Ratings}}<div class="scroll"><table id="ratings"><tr><th scope="col">Game</th><th scope="col">Rating</th><th scope="col">Games</th><th scope="col">Won</th><th scope="col">Lost</th><th scope="col">Drawn</th></tr>
{{range .Ratings}}<tr><td><a href="/{{.Game}}/standings">{{.Title}}</a></td><td>{{printf "%.0f" .Rating.Rating}}</td><td>{{.Games}}</td><td>{{.Won}}</td><td>{{.Lost}}</td><td>{{.Tied}}</td></tr>
{{end}}</table></div>{{else}}<p>No rated games yet.</p>{{end}}
<h2>Running boards</h2>{{template "count" .Running}}<div id="running">{{template "rows" .Running}}</div>
<h2>History: finished boards</h2>{{template "count" .History}}<div id="history">{{template "rows" .History}}</div>
{{end}}{{template "foot"}}{{end}}

{{define "playerlist"}}{{template "head" .}}<h1><a href="{{.Data.Path}}">{{.Data.User}}</a>: {{.Data.Heading}}</h1>
{{template "pager" .Data.List}}{{template "rows" .Data.List}}{{template "pager" .Data.List}}
{{template "foot"}}{{end}}

{{define "help"}}{{template "head" .}}<h1>{{.Data.Title}}: rules and notation</h1>
<pre>{{.Data.Help}}</pre>{{template "foot"}}{{end}}

{{define "standings"}}{{template "head" .}}<h1>{{.Data.Title}} standings</h1>
{{if .Data.Ratings}}<div class="scroll"><table><tr><th scope="col">Player</th><th scope="col">Rating</th><th scope="col">Games</th><th scope="col">Won</th><th scope="col">Lost</th><th scope="col">Drawn</th></tr>
{{range .Data.Ratings}}<tr><td><a href="{{player .User}}">{{.User}}</a></td><td>{{printf "%.0f" .Rating}}</td><td>{{.Games}}</td><td>{{.Won}}</td><td>{{.Lost}}</td><td>{{.Tied}}</td></tr>
{{end}}</table></div>{{else}}<p>No rated games yet.</p>{{end}}
{{template "seekers" .Data}}{{template "foot"}}{{end}}

{{define "error"}}{{template "head" .}}<h1>{{.Title}}</h1>
<p id="error">{{.Data}}</p>{{template "foot"}}{{end}}

{{define "board"}}{{template "head" .}}{{with .Data}}<h1><a href="/{{.Name}}">{{.Title}}</a> board {{.Number}}</h1>
{{if .Tournament}}<p id="tournament">A board of <a href="{{.TournamentPath}}">tournament {{.Tournament}}</a>, round {{.Round}}.</p>
{{end}}{{if .Past}}<p id="status">As it stood after move {{.Upto}} of {{.Total}}. <a href="{{.Path}}">Now</a></p>
{{else if .Removed}}<p id="status">{{.Outcome}}</p>
{{else if .Outcome}}<p id="status">Game over: {{.Outcome}}</p>
{{else if .ToMove}}<p id="status">{{.ToMove}} to move.</p>{{end}}
{{if .SVG}}<div id="picture">{{.SVG}}</div>{{end}}
<h2>Text board</h2><pre id="text">{{.Text}}</pre>
{{if .Command}}<p>To play, mail{{if .Address}} <a href="mailto:{{.Address}}" id="address">{{.Address}}</a>{{end}}:</p><pre id="command">{{.Command}}</pre>{{end}}
<h2>Players</h2><div class="scroll"><table id="players"><tr><th scope="col">Player</th><th scope="col">Rating</th><th scope="col">Games</th></tr>
{{range .Players}}<tr><td><a href="{{player .User}}">{{.User}}</a></td><td>{{printf "%.0f" .Rating}}</td><td>{{.Games}}</td></tr>{{end}}</table></div>
<h2>Moves</h2><p><a id="start" href="{{.Start}}">Start</a></p>
<div class="scroll"><table id="moves"><tr><th scope="col">Move</th><th scope="col">Player</th><th scope="col">Played</th><th scope="col">At (UTC)</th></tr>
{{range .Moves}}<tr{{if .Current}} class="current" aria-current="step"{{end}}><td>{{.N}}</td><td><a href="{{player .Who}}">{{.Who}}</a></td><td><a class="move" href="{{.Link}}">{{.Move}}</a>{{if .Current}} ▶ shown{{end}}</td><td>{{.At}}</td></tr>
{{end}}</table></div>
<h2>Data</h2><p><a id="record" href="{{.Path}}/record">Record (text)</a> · <a id="json" href="{{.Path}}/json">JSON</a> · <a id="atom" href="{{.Path}}/atom">Feed (Atom)</a></p>
{{end}}{{template "foot"}}{{end}}
`))
