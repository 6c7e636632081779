package web

import (
	"context"
	"html"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/language"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
)

// The site in each language the server speaks (lang.Codes). A page's
// language is, in this order: the reader's choice, kept in the cookie
// "lang" that the switch on every page sets; else the first language
// of the request's Accept-Language (RFC 9110 section 12.5.4) that the
// server speaks; else English. The switch is a link to the page with
// ?lang=<code>, which sets the cookie and redirects (303) to the page
// without the parameter, so that every page keeps one URL. A page that
// depends on the language says so with Vary: Accept-Language, Cookie
// (RFC 9110 section 12.5.5); its ETag is made from its body, which
// holds <html lang=...>, so it differs in each language. The data
// documents (record, JSON, Atom, robots.txt) are the same in every
// language.

// cookieName is the cookie that keeps a reader's choice.
const cookieName = "lang"

// varyLanguage is the Vary of a page written in the reader's language.
const varyLanguage = "Accept-Language, Cookie"

var (
	catalogue, _ = lang.Load()
	matcher      = language.NewMatcher(tagsOf(lang.Codes))
	// pagesIn are the templates bound to each language's printer.
	pagesIn = pagesByCode()
)

func tagsOf(codes []string) []language.Tag {
	out := make([]language.Tag, len(codes))
	for i, c := range codes {
		out[i] = language.MustParse(c)
	}
	return out
}

func englishPrinter() lang.Printer { return catalogue.For(lang.Default) }

func pagesByCode() map[string]*template.Template {
	out := map[string]*template.Template{}
	for _, code := range lang.Codes {
		out[code] = template.Must(pages.Clone()).Funcs(funcsFor(catalogue.For(code)))
	}
	return out
}

// funcsFor are the template functions writing in p's language.
func funcsFor(p lang.Printer) template.FuncMap {
	return template.FuncMap{
		"player": PlayerPath,
		"code":   p.Code,
		"switches": func(v any) []languageLink {
			if f, ok := v.(frame); ok {
				return f.Switch
			}
			return nil
		},
		"t": p.T,
		// provisionalGames is how many games a rating is provisional.
		"provisionalGames": func() int { return board.ProvisionalGames },
		"msg":              p.Render,
		"th":               func(id string, kv ...any) template.HTML { return htmlMessage(p, id, kv...) },
		"mailto":           func(address, id string) template.HTML { return mailto(p, address, id) },
		"link":             link,
		"person":           personHTML,
		"day":              func(t time.Time) string { return day(p, t) },
		"stamp":            func(t time.Time) string { return stamp(p, t) },
	}
}

// htmlMessage writes a message whose data may hold HTML (values of type
// template.HTML, made by this package): the message's own text and
// every other value are escaped.
func htmlMessage(p lang.Printer, id string, kv ...any) template.HTML {
	marks := make([]any, len(kv))
	copy(marks, kv)
	var swap []string
	for i := 1; i < len(marks); i += 2 {
		var v string
		switch x := marks[i].(type) {
		case template.HTML:
			v = string(x)
		case string:
			v = html.EscapeString(x)
		default:
			continue
		}
		mark := "\x00" + strconv.Itoa(i) + "\x00"
		marks[i] = mark
		swap = append(swap, mark, v)
	}
	return template.HTML(strings.NewReplacer(swap...).Replace(html.EscapeString(p.T(id, marks...))))
}

// link is an anchor to href showing text.
func link(href, text string) template.HTML {
	return template.HTML(`<a href="` + html.EscapeString(href) + `">` + html.EscapeString(text) + `</a>`)
}

// personHTML is a userid, linked to the player's page when there is one.
func personHTML(p person) template.HTML {
	if p.Link == "" {
		return template.HTML(html.EscapeString(p.ID))
	}
	return link(p.Link, p.ID)
}

// mailto is "mail <address>" in the reader's language, the address
// linked (with the element id when given), or "mail" without one.
func mailto(p lang.Printer, address, id string) template.HTML {
	if address == "" {
		return template.HTML(html.EscapeString(p.T("WebMail")))
	}
	a := `<a href="mailto:` + html.EscapeString(address) + `"`
	if id != "" {
		a += ` id="` + html.EscapeString(id) + `"`
	}
	a += ">" + html.EscapeString(address) + "</a>"
	return htmlMessage(p, "WebMailAddress", "Address", template.HTML(a))
}

// day writes the day of t (in UTC): in English as the site always
// has, 2006-01-02; in another language as the language writes it.
func day(p lang.Printer, t time.Time) string {
	t = t.UTC()
	if p.Code() == lang.Default {
		return t.Format("2006-01-02")
	}
	return p.Date(t)
}

// stamp writes the day and time of t in UTC.
func stamp(p lang.Printer, t time.Time) string {
	t = t.UTC()
	if p.Code() == lang.Default {
		return t.Format("2006-01-02 15:04")
	}
	return p.Date(t) + " " + t.Format("15:04")
}

type langKey struct{}

// choose reads the language of the request: the cookie, else
// Accept-Language, else English.
func choose(r *http.Request) string {
	if c, err := r.Cookie(cookieName); err == nil {
		if code, ok := lang.Match(c.Value); ok {
			return code
		}
	}
	tags, _, err := language.ParseAcceptLanguage(r.Header.Get("Accept-Language"))
	if err != nil || len(tags) == 0 {
		return lang.Default
	}
	_, i, conf := matcher.Match(tags...)
	if conf == language.No {
		return lang.Default
	}
	return lang.Codes[i]
}

// withLanguage puts the language of the request in its context.
func withLanguage(r *http.Request) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), langKey{}, choose(r)))
}

// printer writes in the request's language.
func printer(r *http.Request) lang.Printer {
	code, _ := r.Context().Value(langKey{}).(string)
	return catalogue.For(code)
}

// switchLanguage answers a request with ?lang=: it keeps the choice in
// a cookie (when the server speaks the language) and sends the reader
// to the page's canonical URL (t) without the parameter.
func switchLanguage(w http.ResponseWriter, r *http.Request, t target) bool {
	v, ok := r.URL.Query()["lang"]
	if !ok {
		return false
	}
	if code, ok := lang.Match(v[0]); ok {
		http.SetCookie(w, &http.Cookie{Name: cookieName, Value: code, Path: "/", MaxAge: 365 * 24 * 3600,
			SameSite: http.SameSiteLaxMode, HttpOnly: true})
	}
	q, _ := url.ParseQuery(t.query)
	q.Del("lang")
	t.query = q.Encode()
	redirectTo(w, t, http.StatusSeeOther, "no-store")
	return true
}

// languageLink is one language of the switch on a page.
type languageLink struct {
	Code, Name, Href string
	Current          bool
}

// switchLinks are the links of the switch: the page itself in each
// language.
func switchLinks(r *http.Request) []languageLink {
	current := printer(r).Code()
	out := make([]languageLink, 0, len(lang.Codes))
	for _, code := range lang.Codes {
		q := url.Values{}
		if r.URL != nil {
			q = r.URL.Query()
		}
		q.Set("lang", code)
		path := "/"
		if r.URL != nil {
			path = r.URL.EscapedPath()
		}
		out = append(out, languageLink{Code: code, Name: lang.Name(code), Href: path + "?" + q.Encode(), Current: code == current})
	}
	return out
}
