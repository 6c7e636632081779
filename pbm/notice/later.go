package notice

import (
	"context"
	"fmt"
	"runtime"
	"sync"

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

// Later holds the mails of a group commit that wait for their
// pictures.
type Later struct {
	w     *Writer
	mails []laterMail
}

type laterMail struct {
	seq uint64
	m   Mail
}

type laterKey struct{}

// Later is an empty set of mails waiting for their pictures.
func (w *Writer) Later() *Later { return &Later{w: w} }

// WithLater makes the mails sent under ctx wait for Later.Queue.
func WithLater(ctx context.Context, l *Later) context.Context {
	return context.WithValue(ctx, laterKey{}, l)
}

// LaterOf is the waiting set under ctx, or nil.
func LaterOf(ctx context.Context) *Later {
	if ctx == nil {
		return nil
	}
	l, _ := ctx.Value(laterKey{}).(*Later)
	return l
}

// Add reserves the mail's outbox number and keeps it.
func (l *Later) Add(tx *store.Tx, m Mail) error {
	seq, err := tx.ReserveOutbox()
	if err != nil {
		return err
	}
	l.mails = append(l.mails, laterMail{seq, m})
	return nil
}

// Queue draws every waiting mail's picture, as many at once as there
// are cores, and queues the mails. A picture that fails or panics
// fails the batch (a panic is Config.Broken), whose mails are then
// handled one by one, so that the mail it belongs to is set aside or
// retried alone.
func (l *Later) Queue(tx *store.Tx) error {
	var jobs []*Picture
	seen := map[*Picture]bool{}
	for _, w := range l.mails {
		if j := w.m.Picture; !seen[j] {
			seen[j] = true
			jobs = append(jobs, j)
		}
	}
	work := make(chan *Picture)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Go(func() {
			for j := range work {
				l.draw(j)
			}
		})
	}
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
	for _, w := range l.mails {
		if err := w.m.Picture.Draw(); err != nil {
			return err
		}
		if err := l.w.Enqueue(tx, w.seq, w.m); err != nil {
			return err
		}
	}
	l.mails = nil
	return nil
}

// draw draws one picture; a panic fails it.
func (l *Later) draw(j *Picture) {
	defer func() {
		if p := recover(); p != nil {
			j.fail(l.w.broken(fmt.Errorf("picture of board %d: panic: %v", j.b.Number, p)))
		}
	}()
	j.Draw()
}
