package lang

import (
	"strconv"
	"strings"
	"time"
)

// calendar is how a language writes a date: its names of the weekdays
// (Sunday first) and of the months (in the case a date uses), and a
// layout where %W is the weekday, %D the day, %M the month, %Y the
// year. Times follow the date as 15:04 and the zone.
type calendar struct {
	weekdays [7]string
	months   [12]string
	date     string // the day
	stamp    string // the day and its time, %T
}

var calendars = map[string]calendar{
	// English as pbm has always written it: "Mon 2 Jan 2006 15:04 UTC".
	"en": {
		weekdays: [7]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"},
		months:   [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
		date:     "%W %D %M %Y", stamp: "%W %D %M %Y %T",
	},
	// "2026. január 5., hétfő 14:03 UTC"
	"hu": {
		weekdays: [7]string{"vasárnap", "hétfő", "kedd", "szerda", "csütörtök", "péntek", "szombat"},
		months:   [12]string{"január", "február", "március", "április", "május", "június", "július", "augusztus", "szeptember", "október", "november", "december"},
		date:     "%Y. %M %D., %W", stamp: "%Y. %M %D., %W %T",
	},
	// "pondělí 5. ledna 2026 14:03 UTC" (the month in the genitive)
	"cs": {
		weekdays: [7]string{"neděle", "pondělí", "úterý", "středa", "čtvrtek", "pátek", "sobota"},
		months:   [12]string{"ledna", "února", "března", "dubna", "května", "června", "července", "srpna", "září", "října", "listopadu", "prosince"},
		date:     "%W %D. %M %Y", stamp: "%W %D. %M %Y %T",
	},
	// "maandag 5 januari 2026 14:03 UTC"
	"nl": {
		weekdays: [7]string{"zondag", "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag"},
		months:   [12]string{"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"},
		date:     "%W %D %M %Y", stamp: "%W %D %M %Y %T",
	},
	// "Montag, 5. Januar 2026, 14:03 UTC"
	"de": {
		weekdays: [7]string{"Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"},
		months:   [12]string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
		date:     "%W, %D. %M %Y", stamp: "%W, %D. %M %Y, %T",
	},
}

// Date writes the day of t (in t's zone) as the language writes it.
func (p Printer) Date(t time.Time) string { return p.write(t, false) }

// Stamp writes the day and time of t (in t's zone), with the zone.
func (p Printer) Stamp(t time.Time) string { return p.write(t, true) }

func (p Printer) write(t time.Time, clock bool) string {
	c, ok := calendars[p.Code()]
	if !ok || p.Code() == Default {
		// English is written by the time package's own layout, as
		// pbm has always written it.
		if clock {
			return t.Format("Mon 2 Jan 2006 15:04 MST")
		}
		return t.Format("Mon 2 Jan 2006")
	}
	layout := c.date
	if clock {
		layout = c.stamp
	}
	r := strings.NewReplacer(
		"%W", c.weekdays[t.Weekday()],
		"%D", strconv.Itoa(t.Day()),
		"%M", c.months[t.Month()-1],
		"%Y", strconv.Itoa(t.Year()),
		"%T", t.Format("15:04 MST"),
	)
	return r.Replace(layout)
}
