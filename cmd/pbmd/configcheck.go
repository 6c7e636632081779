package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/viper"

	"github.com/pbmgo/pbm/pbm/daemon"
)

// bareDurations refuses a duration written as a bare number, in the
// file (mailtimeout: 30) or the environment (PBM_DEDUPE=720): read as
// a time.Duration it would be nanoseconds. 0 is the one number that
// needs no unit.
func bareDurations(v *viper.Viper) error {
	var errs []error
	check := func(key string, val any) {
		var s string
		switch x := val.(type) {
		case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, float32, float64:
			s = fmt.Sprint(x)
		case string:
			s = strings.TrimSpace(x)
			if _, err := strconv.ParseFloat(s, 64); err != nil {
				return
			}
		default:
			return
		}
		if f, _ := strconv.ParseFloat(s, 64); f == 0 {
			return
		}
		errs = append(errs, fmt.Errorf("%s: %s is a bare number: want a duration with a unit, such as %ss, %sm or %sh", key, s, s, s, s))
	}
	for _, d := range daemon.DurationKeys {
		check(d.Key(), v.Get(d.Key()))
	}
	switch r := v.Get("retry").(type) {
	case string:
		for _, e := range strings.Split(r, ",") {
			check("retry", e)
		}
	case []any:
		for _, e := range r {
			check("retry", e)
		}
	}
	return errors.Join(errs...)
}
