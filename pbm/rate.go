package pbm

import (
	"fmt"
	"time"

	"github.com/pbmgo/pbm/store"
)

// rateLimit counts the mail against its sender's hourly allowance,
// kept in the store so that a restart does not reset it. It reports
// whether the mail is over the limit; the first such mail in a window
// gets one notice (in the spirit of RFC 3834 section 2: no flood of
// answers to one sender).
func (r *run) rateLimit() (bool, error) {
	now := r.s.now()
	rate, err := r.tx.Rate(r.msg.From)
	if err != nil {
		return false, err
	}
	rate = rateAt(rate, now)
	rate.Count++
	over := rate.Count > r.s.cfg.RateLimit
	if over && !rate.Warned {
		rate.Warned = true
		text := fmt.Sprintf("You sent more than %d mails in an hour. Mail from %s is ignored until %s; send your commands again after that.",
			r.s.cfg.RateLimit, r.msg.From, stamp(rate.Start.Add(time.Hour)))
		body, err := r.s.tpl.render("notice.txt", map[string]any{"Text": text, "Server": r.s.cfg.Name})
		if err != nil {
			return false, err
		}
		if err := r.send(outMail{To: r.msg.From, Subject: "pbm error: too many mails", Text: body, Kind: "auto-replied"}); err != nil {
			return false, err
		}
	}
	if over {
		r.s.log.Warn("rate limited", "from", r.msg.From, "count", rate.Count)
	}
	return over, r.tx.PutRate(r.msg.From, rate)
}

// rateAt is a sender's counter as it stands at now: a fresh window once
// the hour it counts is over.
func rateAt(rate store.Rate, now time.Time) store.Rate {
	if now.Sub(rate.Start) >= time.Hour || now.Before(rate.Start) {
		return store.Rate{Start: now}
	}
	return rate
}
