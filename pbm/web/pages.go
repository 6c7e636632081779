package web

import "html/template"

// The pages. Colours meet WCAG 2.2 AA contrast (4.5:1 for text, 1.4.3):
// text #1a1a1a on white and on the row shading #f4ecd8, links #0b4ea2
// and visited #5a2d82 on both; the current move is marked by bold type
// and a "▶" as well as its shading (1.4.1, colour is never the only
// cue). Tables and preformatted boards scroll inside themselves on a
// narrow screen rather than widening the page (1.4.10, reflow at 320
// CSS px).
//
// Every word a reader reads comes from the message catalogue (package
// lang, messages/web.<code>.toml): t writes a message as text, th a
// message some of whose data is HTML (a link), escaping the rest. The
// template is parsed once, bound to English here and to each
// language's printer by pagesByCode (pagesIn).
var pages = template.Must(template.New("").Funcs(funcsFor(englishPrinter())).Parse(`
{{define "head"}}<!DOCTYPE html>
<html lang="{{code}}"><head><meta charset="utf-8"><title>{{.Title}}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.ico">
<style>
body { font-family: sans-serif; max-width: 60em; margin: 1em auto; padding: 0 1em; color: #1a1a1a; background: #fff; overflow-wrap: break-word }
a { color: #0b4ea2 } a:visited { color: #5a2d82 }
.scroll { overflow-x: auto; max-width: 100%; position: relative }
.scroll td, .scroll th { overflow-wrap: normal }
pre.command { white-space: pre-wrap; width: auto }
table { border-collapse: collapse } td, th { padding: 0.15em 0.6em; text-align: left; vertical-align: top }
tr:nth-child(even) { background: #f4ecd8 } .current { font-weight: bold; background: #ffd9a8 }
pre { background: #f8f8f8; white-space: pre; padding: 0.5em; margin: 0; overflow-wrap: normal; width: max-content; min-width: 100%; box-sizing: border-box }
.pre { overflow-x: auto; max-width: 100%; margin: 1em 0 }
svg { max-width: 100%; height: auto; display: block }
nav a { margin-right: 1em }
nav.languages { font-size: 0.9em } nav.languages strong { margin-right: 1em }
caption { text-align: left; font-weight: bold; padding: 0.3em 0 }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap }
</style>{{if .Feed}}
<link rel="alternate" type="application/atom+xml" href="{{.Feed}}" title="{{t "WebFeedLink"}}">{{end}}</head><body>
<nav><a href="/">{{t "WebGames"}}</a></nav>
<nav class="languages" id="languages" aria-label="{{t "WebLanguage"}}">{{range switches .}}{{if .Current}}<strong lang="{{.Code}}" aria-current="true">{{.Name}}</strong>{{else}}<a href="{{.Href}}" lang="{{.Code}}" hreflang="{{.Code}}">{{.Name}}</a>{{end}} {{end}}</nav>
<main>
{{end}}
{{define "foot"}}</main></body></html>{{end}}

{{define "players"}}{{range $i, $p := .}}{{if $i}}, {{end}}<a href="{{player $p}}">{{$p}}</a>{{end}}{{end}}

{{define "rows"}}{{if .Rows}}<div class="scroll"><table><tr><th scope="col">{{t "WebBoard"}}</th><th scope="col">{{t "WebGame"}}</th><th scope="col">{{t "WebPlayers"}}</th><th scope="col">{{t "WebMoves"}}</th><th scope="col">{{t "WebResult"}}</th></tr>
{{range .Rows}}<tr><td><a href="/{{.Game}}/{{.Number}}">{{.Number}}</a></td><td>{{.Title}}</td><td>{{template "players" .Players}}</td><td>{{.Moves}}</td><td>{{if not .State.Empty}}{{day .Updated}}: {{msg .State}}{{end}}</td></tr>
{{end}}</table></div>{{else}}<p>{{t "WebNone"}}</p>{{end}}{{end}}

{{define "person"}}{{person .}}{{end}}

{{define "trows"}}{{if .Rows}}<div class="scroll"><table class="tournaments"><caption>{{t "WebTournamentsCaption"}}</caption>
<tr><th scope="col">{{t "WebTournament"}}</th><th scope="col">{{t "WebState"}}</th><th scope="col">{{t "WebEntrants"}}</th><th scope="col">{{t "WebSettings"}}</th></tr>
{{range .Rows}}<tr><td><a href="{{.Path}}">{{.Name}}</a></td><td>{{.State}}</td><td>{{.Entrants}}</td><td>{{.Summary}}</td></tr>
{{end}}</table></div>{{else}}<p>{{t "WebNone"}}</p>{{end}}{{end}}

{{define "tpager"}}<nav class="pager" aria-label="{{t "WebPages"}}"><p>{{if .Total}}{{t "WebTournamentPage" "Page" .Page "Pages" .Pages "First" .First "Last" .Last "Total" .Total}}{{else}}{{t "WebTournamentPageNone" "Page" .Page "Pages" .Pages}}{{end}}
{{if .Prev}}<a rel="prev" href="{{.Prev}}">{{t "WebPrevPage"}}</a>{{end}} {{if .Next}}<a rel="next" href="{{.Next}}">{{t "WebNextPage"}}</a>{{end}}</p></nav>{{end}}

{{define "announce"}}<p>{{th "WebAnnounce" "Mail" (mailto .Address "")}}</p><div class="pre" tabindex="0"><pre class="command">{{.Name}} tournament new &lt;{{t "WebArgUserid"}}&gt; &lt;{{t "WebArgPassword"}}&gt; &lt;{{t "WebArgName"}}&gt; &lt;{{t "WebArgFormat"}}&gt; [-{{t "WebArgOption"}}...]</pre></div>{{end}}

{{define "seekers"}}<h2 id="seekers">{{t "WebSeeking"}}</h2>
{{if .Seekers}}<div class="scroll"><table id="seeks"><caption>{{t "WebSeekersCaption" "Title" .Title}}</caption>
<tr><th scope="col">{{t "WebPlayer"}}</th><th scope="col">{{t "WebBoardsSought"}}</th><th scope="col">{{t "WebOptions"}}</th><th scope="col">{{t "WebLimit"}}</th></tr>
{{range .Seekers}}<tr><td>{{template "person" .Who}}</td><td>{{.Count}}</td><td>{{.Options}}</td><td>{{.Limit}}</td></tr>
{{end}}</table></div>{{else}}<p>{{t "WebNoSeekers"}}</p>{{end}}
<p>{{th "WebSeekHow" "Mail" (mailto .Address "")}}</p><div class="pre" tabindex="0"><pre class="command" id="seek-command">{{.Seek}}</pre></div>{{end}}

{{define "count"}}<p class="count">{{if .Total}}{{if eq .Total (len .Rows)}}{{t "WebCountAll" "Total" .Total}}{{else}}{{t "WebCountRange" "First" .First "Last" .Last "Total" .Total}}{{end}}{{end}}{{if and .All (ne .Total (len .Rows))}} <a href="{{.All}}">{{t "WebCountLink" "Total" .Total}}</a>{{end}}</p>{{end}}

{{define "pager"}}<nav class="pager" aria-label="{{t "WebPages"}}"><p>{{t "WebBoardPage" "Page" .Page "Pages" .Pages "First" .First "Last" .Last "Total" .Total}}
{{if .Prev}}<a rel="prev" href="{{.Prev}}">{{t "WebPrevPage"}}</a>{{end}} {{if .Next}}<a rel="next" href="{{.Next}}">{{t "WebNextPage"}}</a>{{end}}</p></nav>{{end}}

{{define "index"}}{{template "head" .}}{{with .Data}}<h1>{{t "WebWelcomeTitle"}}</h1>
<p id="what">{{t "WebWelcomeWhat"}}</p>
{{if .Address}}<p id="address">{{th "WebWelcomeMail" "Mail" (mailto .Address "")}}</p>{{end}}
<h2 id="start">{{t "WebWelcomeStart"}}</h2>
<ol id="steps">
<li>{{t "WebWelcomeSignup"}}<div class="pre" tabindex="0"><pre class="command">signup &lt;{{t "WebArgUserid"}}&gt; &lt;{{t "WebArgPassword"}}&gt;</pre></div></li>
<li>{{t "WebWelcomeChallenge"}}<div class="pre" tabindex="0"><pre class="command">hexemergo challenge &lt;{{t "WebArgUserid"}}&gt; &lt;{{t "WebArgPassword"}}&gt; &lt;{{t "WebArgUserid"}}&gt; computer</pre></div></li>
<li>{{t "WebWelcomePlay"}}</li>
<li>{{t "WebWelcomeHelp"}}<div class="pre" tabindex="0"><pre class="command">help</pre></div></li>
</ol>
{{if .Picture}}<h2 id="now">{{t "WebWelcomeNow"}}</h2>
<div id="picture">{{.Picture}}</div>
<p>{{th "WebWelcomeShown" "Board" (link (printf "/%s/%d" .Shown.Game .Shown.Number) (printf "%s %d" .Shown.Title .Shown.Number))}}</p>{{end}}
<h2 id="games">{{t "WebGames"}}</h2>
<div class="scroll"><table id="game-list"><caption>{{t "WebGamesCaption"}}</caption>
<tr><th scope="col">{{t "WebGame"}}</th><th scope="col">{{t "WebPlayers"}}</th><th scope="col">{{t "WebAbout"}}</th><th scope="col">{{t "WebRunning"}}</th></tr>
{{range .Games}}<tr><th scope="row"><a href="/{{.Name}}">{{.Title}}</a></th><td>{{if eq .Min .Max}}{{.Min}}{{else}}{{.Min}}–{{.Max}}{{end}}</td><td>{{.About}}</td><td>{{.Running.Total}}</td></tr>
{{end}}</table></div>
{{range .Games}}<h2><a href="/{{.Name}}">{{.Title}}</a></h2>
<p><a href="/{{.Name}}/help">{{t "WebRulesLink"}}</a> · <a href="/{{.Name}}/standings">{{t "WebStandings"}}</a></p>
<h3>{{t "WebRunning"}}</h3>{{template "count" .Running}}{{template "rows" .Running}}
<h3>{{t "WebFinished"}}</h3>{{template "count" .Finished}}{{template "rows" .Finished}}
{{end}}{{end}}{{template "foot"}}{{end}}

{{define "game"}}{{template "head" .}}<h1>{{.Data.Title}}</h1>
<p><a href="/{{.Data.Name}}/help">{{t "WebRulesLink"}}</a> · <a href="/{{.Data.Name}}/standings">{{t "WebStandings"}}</a> · <a href="/{{.Data.Name}}/tournaments">{{t "WebTournaments"}}</a></p>
<h2>{{t "WebRunningBoards"}}</h2>{{template "count" .Data.Running}}{{template "rows" .Data.Running}}
<h2>{{t "WebHistory"}}</h2>{{template "count" .Data.Finished}}{{template "rows" .Data.Finished}}
<h2 id="tournaments">{{t "WebTournaments"}}</h2>{{template "count" .Data.Tournaments}}<div id="tournament-list">{{template "trows" .Data.Tournaments}}</div>{{template "announce" .Data}}
{{template "seekers" .Data}}
{{template "foot"}}{{end}}

{{define "tournaments"}}{{template "head" .}}<h1>{{th "WebTournamentsHeading" "Game" (link (printf "/%s" .Data.Name) .Data.Title)}}</h1>
{{template "tpager" .Data.List}}{{template "trows" .Data.List}}{{template "tpager" .Data.List}}{{template "announce" .Data}}
{{template "foot"}}{{end}}

{{define "tournament"}}{{template "head" .}}{{with .Data}}<h1>{{th "WebTournamentHeading" "Game" (link (printf "/%s" .Name) .Title) "Name" .Tournament}}</h1>
<p id="state">{{if .Open}}{{t "WebStateOpenLong" "N" (len .Entrants)}}{{else if .Running}}{{if .Pools}}{{t "WebStateStageLong" "N" .Current}}{{else}}{{t "WebStateRoundLong" "N" .Current}}{{end}}{{else if .Winner.ID}}{{th "WebStateWonLong" "Winner" (person .Winner)}}{{else}}{{t "WebStateEndedLong"}}{{end}}</p>
<h2>{{t "WebSettings"}}</h2><dl id="settings">
<dt>{{t "WebFormat"}}</dt><dd>{{.Format}}{{if .Double}}{{t "WebDouble"}}{{end}}</dd>
<dt>{{t "WebSeatsPerBoard"}}</dt><dd>{{.Seats}}</dd>
{{if .Rounds}}<dt>{{t "WebRounds"}}</dt><dd>{{.Rounds}}</dd>{{end}}
{{if .Size}}<dt>{{t "WebStarts"}}</dt><dd>{{t "WebStartsWhen" "N" .Size}}</dd>{{end}}
{{if .StartOn}}<dt>{{t "WebStartsOn"}}</dt><dd>{{.StartOn}}</dd>{{end}}
<dt>{{t "WebGameOptions"}}</dt><dd>{{.Options}}</dd>
<dt>{{t "WebClocks"}}</dt><dd>{{range $i, $c := .Clocks}}{{if $i}}; {{end}}{{$c}}{{else}}{{t "WebClocksServer"}}{{end}}</dd>
<dt>{{t "WebOrganiser"}}</dt><dd>{{template "person" .Organiser}}</dd>
</dl>
{{if .Open}}<h2>{{t "WebEntrants"}}</h2>{{if .Entrants}}<ol id="entrants">{{range .Entrants}}<li>{{template "person" .}}</li>{{end}}</ol>{{else}}<p>{{t "WebNoneYet"}}</p>{{end}}
<p>{{th "WebJoinHow" "Mail" (mailto .Address "")}}</p><div class="pre" tabindex="0"><pre class="command" id="join">{{.Join}}</pre></div>
<p>{{t "WebLeaveHow"}}</p><div class="pre" tabindex="0"><pre class="command" id="leave">{{.Leave}}</pre></div>
{{else}}<h2>{{t "WebStandings"}}</h2><div class="scroll"><table id="standings"><caption>{{t "WebStandingsCaption"}}{{range .TieBreaks}}, {{.Name}}{{end}}{{t "WebCaptionPlayed"}}{{if .Byes}}{{t "WebCaptionByes"}}{{end}}</caption>
<tr><th scope="col">{{t "WebRank"}}</th><th scope="col">{{t "WebEntrant"}}</th><th scope="col">{{t "WebPoints"}}</th>{{range .TieBreaks}}<th scope="col"><abbr title="{{.Full}}">{{.Name}}</abbr></th>{{end}}<th scope="col">{{t "WebBoards"}}</th>{{if .Byes}}<th scope="col">{{t "WebByes"}}</th>{{end}}</tr>
{{range .Standings}}<tr><td>{{.Rank}}</td><th scope="row">{{template "person" .Who}}</th><td>{{.Points}}</td>{{range .TieBreaks}}<td>{{.}}</td>{{end}}<td>{{.Played}}</td>{{if $.Data.Byes}}<td>{{.Bye}}</td>{{end}}</tr>
{{end}}</table></div>
{{if .TieBreaks}}<p id="tiebreaks">{{t "WebTiesBrokenBy"}} {{range $i, $t := .TieBreaks}}{{if $i}}; {{end}}{{$t.Full}}{{end}}.</p>{{end}}
{{if .Cross}}<h2>{{t "WebCrosstable"}}</h2><div class="scroll"><table id="crosstable"><caption>{{t "WebCrossCaption"}}</caption>
<tr><th scope="col">{{t "WebRank"}}</th><th scope="col">{{t "WebEntrant"}}</th>{{range .CrossIDs}}<th scope="col">{{.ID}}</th>{{end}}<th scope="col">{{t "WebPoints"}}</th></tr>
{{range .Cross}}<tr><td>{{.Rank}}</td><th scope="row">{{template "person" .Who}}</th>{{range .Cells}}<td>{{if .Self}}<span aria-hidden="true">—</span><span class="sr">{{t "WebSameEntrant"}}</span>{{else}}{{range $i, $r := .Results}}{{if $i}}, {{end}}{{if $r.Link}}<a href="{{$r.Link}}" aria-label="{{$r.Label}}">{{$r.Text}}</a>{{else}}{{$r.Text}}{{end}}{{end}}{{end}}</td>{{end}}<td>{{.Points}}</td></tr>
{{end}}</table></div>{{end}}
<h2 id="rounds">{{if .Pools}}{{t "WebStagesBoards"}}{{else}}{{t "WebRoundsBoards"}}{{end}}</h2>
{{range .RoundsPlayed}}<div class="scroll"><table class="round" id="round-{{.N}}"><caption>{{if $.Data.Pools}}{{t "WebStageN" "N" .N}}{{else}}{{t "WebRoundN" "N" .N}}{{end}}</caption>
<tr><th scope="col">{{t "WebBoard"}}</th><th scope="col">{{t "WebSeatsOrder"}}</th><th scope="col">{{t "WebPoints"}}</th><th scope="col">{{t "WebResult"}}</th></tr>
{{range .Pairings}}<tr>{{if .Bye}}<td>{{t "WebBye"}}</td><td>{{template "person" (index .Seats 0)}}</td><td>1</td><td>{{t "WebByeText"}}</td>{{else}}<td>{{if .Link}}<a href="{{.Link}}">{{.Board}}</a>{{else}}{{t "WebNotStarted"}}{{end}}</td><td>{{range $i, $p := .Seats}}{{if $i}} {{t "WebAgainst"}} {{end}}{{template "person" $p}}{{end}}{{if .Replay}} {{t "WebReplay"}}{{end}}</td><td>{{.Points}}</td><td>{{if not .Outcome.Empty}}{{msg .Outcome}}{{else if .Done}}{{t "WebDone"}}{{else if .Started}}{{t "WebUnderway"}}{{end}}</td>{{end}}</tr>
{{end}}</table></div>
{{end}}{{end}}{{end}}{{template "foot"}}{{end}}

{{define "list"}}{{template "head" .}}<h1><a href="/{{.Data.Name}}">{{.Data.Title}}</a>: {{.Data.Heading}}</h1>
{{template "pager" .Data.List}}{{template "rows" .Data.List}}{{template "pager" .Data.List}}
{{template "foot"}}{{end}}

{{define "player"}}{{template "head" .}}{{with .Data}}<h1>{{.User}}</h1>
<p><a href="{{.Path}}/atom">{{t "WebPlayerFeed"}}</a></p>
<h2>{{t "WebRatings"}}</h2>{{if .Ratings}}<div class="scroll"><table id="ratings"><tr><th scope="col">{{t "WebGame"}}</th><th scope="col">{{t "WebRating"}}</th><th scope="col">{{t "WebGamesPlayed"}}</th><th scope="col">{{t "WebWon"}}</th><th scope="col">{{t "WebLost"}}</th><th scope="col">{{t "WebDrawn"}}</th></tr>
{{range .Ratings}}<tr><td><a href="/{{.Game}}/standings">{{.Title}}</a></td><td>{{printf "%.0f" .Rating.Rating}}</td><td>{{.Games}}</td><td>{{.Won}}</td><td>{{.Lost}}</td><td>{{.Tied}}</td></tr>
{{end}}</table></div><p id="provisional">{{t "WebProvisionalNote" "N" provisionalGames}}</p>{{else}}<p>{{t "WebNoRated"}}</p>{{end}}
{{if .Waiting}}<h2>{{t "WebWaitingBoards"}}</h2><div class="scroll"><table id="waiting"><tr><th scope="col">{{t "WebBoard"}}</th><th scope="col">{{t "WebOpponents"}}</th><th scope="col">{{t "WebDeadline"}}</th></tr>
{{range .Waiting}}<tr><td><a href="{{.Path}}">{{.Title}} {{.Number}}</a></td><td>{{.Opponents}}</td><td>{{stamp .Deadline}}</td></tr>
{{end}}</table></div>{{end}}
{{if .Tournaments}}<h2>{{t "WebTournaments"}}</h2><div class="scroll"><table id="player-tournaments">
<tr><th scope="col">{{t "WebGame"}}</th><th scope="col">{{t "WebTournament"}}</th><th scope="col">{{t "WebState"}}</th><th scope="col">{{t "WebEntrants"}}</th></tr>
{{range .Tournaments}}<tr><td>{{.Title}}</td><td><a href="{{.Path}}">{{.Name}}</a></td><td>{{.State}}</td><td>{{.Entrants}}</td></tr>
{{end}}</table></div>{{end}}
<h2>{{t "WebRunningBoards"}}</h2>{{template "count" .Running}}<div id="running">{{template "rows" .Running}}</div>
<h2>{{t "WebHistory"}}</h2>{{template "count" .History}}<div id="history">{{template "rows" .History}}</div>
{{end}}{{template "foot"}}{{end}}

{{define "playerlist"}}{{template "head" .}}<h1><a href="{{.Data.Path}}">{{.Data.User}}</a>: {{.Data.Heading}}</h1>
{{template "pager" .Data.List}}{{template "rows" .Data.List}}{{template "pager" .Data.List}}
{{template "foot"}}{{end}}

{{define "help"}}{{template "head" .}}<h1>{{t "WebHelpHeading" "Game" .Data.Title}}</h1>
{{if .Data.Fallback}}<p id="help-language">{{t "WebHelpFallback"}}</p>
<div class="pre" tabindex="0"><pre lang="en">{{.Data.Help}}</pre></div>{{else}}<div class="pre" tabindex="0"><pre>{{.Data.Help}}</pre></div>{{end}}{{template "foot"}}{{end}}

{{define "standings"}}{{template "head" .}}<h1>{{t "WebStandingsHeading" "Game" .Data.Title}}</h1>
{{if .Data.Ratings}}<div class="scroll"><table><tr><th scope="col">{{t "WebPlayer"}}</th><th scope="col">{{t "WebRating"}}</th><th scope="col">{{t "WebGamesPlayed"}}</th><th scope="col">{{t "WebWon"}}</th><th scope="col">{{t "WebLost"}}</th><th scope="col">{{t "WebDrawn"}}</th></tr>
{{range .Data.Ratings}}<tr><td><a href="{{player .User}}">{{.User}}</a></td><td>{{printf "%.0f" .Rating}}</td><td>{{.Games}}</td><td>{{.Won}}</td><td>{{.Lost}}</td><td>{{.Tied}}</td></tr>
{{end}}</table></div><p id="provisional">{{t "WebProvisionalNote" "N" provisionalGames}}</p>{{else}}<p>{{t "WebNoRated"}}</p>{{end}}
{{template "seekers" .Data}}{{template "foot"}}{{end}}

{{define "error"}}{{template "head" .}}<h1>{{.Title}}</h1>
<p id="error">{{.Data}}</p>{{template "foot"}}{{end}}

{{define "board"}}{{template "head" .}}{{with .Data}}<h1>{{th "WebBoardHeading" "Game" (link (printf "/%s" .Name) .Title) "Number" .Number}}</h1>
{{if .Tournament}}<p id="tournament">{{th "WebBoardOfTournament" "Tournament" (link .TournamentPath (t "WebTournamentNamed" "Name" .Tournament)) "Round" .Round}}</p>
{{end}}{{if .Past}}<p id="status">{{t "WebPastStatus" "Upto" .Upto "Total" .Total}} <a href="{{.Path}}">{{t "WebNow"}}</a></p>
{{else if .Removed}}<p id="status">{{.Outcome}}</p>
{{else if .Outcome}}<p id="status">{{t "WebGameOver" "Outcome" .Outcome}}</p>
{{else if .ToMove}}<p id="status">{{t "WebToMove" "Who" .ToMove}}</p>{{end}}
{{if .SVG}}<div id="picture">{{.SVG}}</div>{{end}}
<h2>{{t "WebTextBoard"}}</h2><div class="pre" tabindex="0"><pre id="text">{{.Text}}</pre></div>
{{if .Command}}<p>{{th "WebToPlay" "Mail" (mailto .Address "address")}}</p><div class="pre" tabindex="0"><pre id="command">{{.Command}}</pre></div>{{end}}
{{if .Bank}}<p id="bank">{{.Bank}}</p>{{end}}
<h2>{{t "WebPlayers"}}</h2><div class="scroll"><table id="players"><tr><th scope="col">{{t "WebPlayer"}}</th><th scope="col">{{t "WebRating"}}</th><th scope="col">{{t "WebGamesPlayed"}}</th></tr>
{{range .Players}}<tr><td><a href="{{player .User}}">{{.User}}</a></td><td>{{printf "%.0f" .Rating}}</td><td>{{.Games}}</td></tr>{{end}}</table></div>
<h2>{{t "WebMoves"}}</h2><p><a id="start" href="{{.Start}}">{{t "WebStart"}}</a></p>
<div class="scroll"><table id="moves"><tr><th scope="col">{{t "WebMove"}}</th><th scope="col">{{t "WebPlayer"}}</th><th scope="col">{{t "WebPlayed"}}</th><th scope="col">{{t "WebAtUTC"}}</th></tr>
{{range .Moves}}<tr{{if .Current}} class="current" aria-current="step"{{end}}><td>{{.N}}</td><td><a href="{{player .Who}}">{{.Who}}</a></td><td><a class="move" href="{{.Link}}">{{.Move}}</a>{{if .Current}} ▶ {{t "WebShown"}}{{end}}</td><td>{{if not .At.IsZero}}{{stamp .At}}{{end}}</td></tr>
{{end}}</table></div>
<h2>{{t "WebData"}}</h2><p><a id="record" href="{{.Path}}/record">{{t "WebRecordText"}}</a> · <a id="json" href="{{.Path}}/json">JSON</a> · <a id="atom" href="{{.Path}}/atom">{{t "WebFeedAtom"}}</a></p>
{{end}}{{template "foot"}}{{end}}
`))
