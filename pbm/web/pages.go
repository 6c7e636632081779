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
</style>{{if .Feed}}
<link rel="alternate" type="application/atom+xml" href="{{.Feed}}" title="Moves and results">{{end}}</head><body>
<nav><a href="/">Games</a></nav>
{{end}}
{{define "foot"}}</body></html>{{end}}

{{define "players"}}{{range $i, $p := .}}{{if $i}}, {{end}}<a href="{{player $p}}">{{$p}}</a>{{end}}{{end}}

{{define "rows"}}{{if .Rows}}<div class="scroll"><table><tr><th scope="col">Board</th><th scope="col">Game</th><th scope="col">Players</th><th scope="col">Moves</th><th scope="col">Result</th></tr>
{{range .Rows}}<tr><td><a href="/{{.Game}}/{{.Number}}">{{.Number}}</a></td><td>{{.Title}}</td><td>{{template "players" .Players}}</td><td>{{.Moves}}</td><td>{{if .State}}{{.Date}}: {{.State}}{{end}}</td></tr>
{{end}}</table></div>{{else}}<p>None.</p>{{end}}{{end}}

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
<p><a href="/{{.Data.Name}}/help">Rules and notation</a> · <a href="/{{.Data.Name}}/standings">Standings</a></p>
<h2>Running boards</h2>{{template "count" .Data.Running}}{{template "rows" .Data.Running}}
<h2>History: finished boards</h2>{{template "count" .Data.Finished}}{{template "rows" .Data.Finished}}
{{template "foot"}}{{end}}

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
{{end}}</table></div>{{else}}<p>No rated games yet.</p>{{end}}{{template "foot"}}{{end}}

{{define "error"}}{{template "head" .}}<h1>{{.Title}}</h1>
<p id="error">{{.Data}}</p>{{template "foot"}}{{end}}

{{define "board"}}{{template "head" .}}{{with .Data}}<h1><a href="/{{.Name}}">{{.Title}}</a> board {{.Number}}</h1>
{{if .Past}}<p id="status">As it stood after move {{.Upto}} of {{.Total}}. <a href="{{.Path}}">Now</a></p>
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
