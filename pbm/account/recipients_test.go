package account

import (
	"errors"
	"fmt"
	"testing"
)

// TestCheckRecipients: MaxRecipients names pass, one more is refused.
func TestCheckRecipients(t *testing.T) {
	var names []string
	for i := range MaxRecipients + 1 {
		if err := CheckRecipients(names); err != nil {
			t.Errorf("%d names refused: %v", len(names), err)
		}
		names = append(names, fmt.Sprintf("p%d", i))
	}
	if err := CheckRecipients(names); !errors.Is(err, ErrTooManyRecipients) {
		t.Errorf("%d names: %v, want ErrTooManyRecipients", len(names), err)
	}
}
