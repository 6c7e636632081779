// Package templates holds the text of every mail the server sends, as
// text/template files embedded in the binary. Each mail is rendered as
// plain text; the server adds an HTML part that shows the same text in
// <pre>, so that clients which set plain text in a proportional font
// still show boards aligned.
package templates

import "embed"

// FS holds the templates: *.txt for the plain text of each mail, and
// html.tmpl for the HTML part.
//
//go:embed *.txt *.tmpl
var FS embed.FS
