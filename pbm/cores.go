package pbm

import (
	"runtime"
	"sync"
)

// onEveryCore calls f for each item, as many at once as there are
// cores, and returns when every call has returned.
func onEveryCore[T any](items []T, f func(T)) {
	work := make(chan T)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(items)) {
		wg.Go(func() {
			for it := range work {
				f(it)
			}
		})
	}
	for _, it := range items {
		work <- it
	}
	close(work)
	wg.Wait()
}
