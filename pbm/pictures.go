package pbm

import (
	"context"
	"fmt"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// The pictures of a group commit. Drawing a board's picture costs more
// than all the rest of a move, and the mails of a batch are applied one
// after another on one core. So in a group commit a board mail with a
// picture takes its outbox number where it is sent and waits; when
// every mail of the batch has been applied, still in the transaction,
// the batch's pictures are drawn on every core at once and the waiting
// mails are queued under their numbers, so that each recipient's mails
// still go in the order they were sent.

// pictureJob is the picture of one position, drawn once for every mail
// that shows it.
type pictureJob struct {
	b    store.Board  // the caller's own copy
	st   engine.State // the caller's own copy
	png  []byte
	err  error
	done bool
}

// draw draws the picture into png, once.
func (j *pictureJob) draw() error {
	if !j.done {
		j.png, j.err = boardPNG(j.b, j.st)
		j.done = true
	}
	return j.err
}

// laterPictures holds the mails of a group commit that wait for their
// pictures.
type laterPictures struct {
	s     *Server
	mails []laterMail
}

type laterMail struct {
	seq uint64
	m   outMail
}

type laterKey struct{}

// withLaterPictures makes the mails sent under ctx wait for drawLater.
func withLaterPictures(ctx context.Context, l *laterPictures) context.Context {
	return context.WithValue(ctx, laterKey{}, l)
}

// laterPicturesOf is the waiting set under ctx, or nil.
func laterPicturesOf(ctx context.Context) *laterPictures {
	if ctx == nil {
		return nil
	}
	l, _ := ctx.Value(laterKey{}).(*laterPictures)
	return l
}

// add reserves the mail's outbox number and keeps it.
func (l *laterPictures) add(tx *store.Tx, m outMail) error {
	seq, err := tx.ReserveOutbox()
	if err != nil {
		return err
	}
	l.mails = append(l.mails, laterMail{seq, m})
	return nil
}

// drawLater draws every waiting mail's picture, as many at once as
// there are cores, and queues the mails. A picture that fails or
// panics fails the batch, whose mails are then handled one by one, so
// that the mail it belongs to is set aside or retried alone.
func (l *laterPictures) drawLater(tx *store.Tx) error {
	var jobs []*pictureJob
	seen := map[*pictureJob]bool{}
	for _, w := range l.mails {
		if j := w.m.picture; !seen[j] {
			seen[j] = true
			jobs = append(jobs, j)
		}
	}
	onEveryCore(jobs, func(j *pictureJob) {
		defer func() {
			if p := recover(); p != nil {
				j.err, j.done = broken(fmt.Errorf("picture of board %d: panic: %v", j.b.Number, p)), true
			}
		}()
		j.draw()
	})
	for _, w := range l.mails {
		if err := w.m.picture.draw(); err != nil {
			return err
		}
		if err := l.s.enqueueAt(tx, w.seq, w.m); err != nil {
			return err
		}
	}
	l.mails = nil
	return nil
}
