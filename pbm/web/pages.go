package web

import "html/template"

var pages = template.Must(template.New("").Parse(`
{{define "head"}}<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Title}}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font-family: sans-serif; max-width: 60em; margin: 1em auto; padding: 0 1em; color: #1a1a1a }
table { border-collapse: collapse } td, th { padding: 0.15em 0.6em; text-align: left }
tr:nth-child(even) { background: #f4ecd8 } .current { font-weight: bold; background: #ffd9a8 }
pre { background: #f8f8f8; padding: 0.5em; overflow-x: auto } svg { max-width: 100%; height: auto }
nav a { margin-right: 1em }
</style></head><body>
<nav><a href="/">Games</a></nav>
{{end}}
{{define "foot"}}</body></html>{{end}}

{{define "rows"}}{{if .}}<table><tr><th>Board</th><th>Players</th><th>Moves</th><th></th></tr>
{{range .}}<tr><td><a href="/{{.Game}}/{{.Number}}">{{.Number}}</a></td><td>{{range $i, $p := .Players}}{{if $i}}, {{end}}{{$p}}{{end}}</td><td>{{.Moves}}</td><td>{{.State}}</td></tr>
{{end}}</table>{{else}}<p>None.</p>{{end}}{{end}}

{{define "index"}}{{template "head" .}}<h1>Games</h1>
{{range .Data.Games}}<h2><a href="/{{.Name}}">{{.Title}}</a></h2>
<p><a href="/{{.Name}}/help">Rules and notation</a> · <a href="/{{.Name}}/standings">Standings</a></p>
<h3>Running</h3>{{template "rows" .Running}}
<h3>Finished</h3>{{template "rows" .Finished}}
{{end}}{{template "foot"}}{{end}}

{{define "game"}}{{template "head" .}}<h1>{{.Data.Title}}</h1>
<p><a href="/{{.Data.Name}}/help">Rules and notation</a> · <a href="/{{.Data.Name}}/standings">Standings</a></p>
<h2>Running boards</h2>{{template "rows" .Data.Running}}
<h2>History: finished boards</h2>{{template "rows" .Data.Finished}}
{{template "foot"}}{{end}}

{{define "help"}}{{template "head" .}}<h1>{{.Data.Title}}: rules and notation</h1>
<pre>{{.Data.Help}}</pre>{{template "foot"}}{{end}}

{{define "standings"}}{{template "head" .}}<h1>{{.Data.Title}} standings</h1>
{{if .Data.Ratings}}<table><tr><th>Player</th><th>Rating</th><th>Games</th><th>Won</th><th>Lost</th><th>Drawn</th></tr>
{{range .Data.Ratings}}<tr><td>{{.User}}</td><td>{{printf "%.0f" .Rating}}</td><td>{{.Games}}</td><td>{{.Won}}</td><td>{{.Lost}}</td><td>{{.Tied}}</td></tr>
{{end}}</table>{{else}}<p>No rated games yet.</p>{{end}}{{template "foot"}}{{end}}

{{define "board"}}{{template "head" .}}{{with .Data}}<h1><a href="/{{.Name}}">{{.Title}}</a> board {{.Number}}</h1>
{{if .Past}}<p id="status">As it stood after move {{.Upto}} of {{.Total}}. <a href="/{{.Name}}/{{.Number}}">Now</a></p>
{{else if .Outcome}}<p id="status">Game over: {{.Outcome}}</p>
{{else if .ToMove}}<p id="status">{{.ToMove}} to move.</p>{{end}}
<div id="picture">{{if .SVG}}{{.SVG}}{{else}}<pre>{{.Text}}</pre>{{end}}</div>
{{if .Command}}<p>To play, mail:</p><pre id="command">{{.Command}}</pre>{{end}}
<h2>Players</h2><table><tr><th>Player</th><th>Rating</th><th>Games</th></tr>
{{range .Players}}<tr><td>{{.User}}</td><td>{{printf "%.0f" .Rating}}</td><td>{{.Games}}</td></tr>{{end}}</table>
<h2>Moves</h2><p><a id="start" href="{{.Start}}">Start</a></p>
<table id="moves">{{range .Moves}}<tr{{if .Current}} class="current"{{end}}><td>{{.N}}</td><td>{{.Who}}</td><td><a class="move" href="{{.Link}}">{{.Move}}</a></td></tr>
{{end}}</table>{{end}}{{template "foot"}}{{end}}
`))
