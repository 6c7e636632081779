package tournament

// pools splits who goes on into tables of at most Seats entrants, as
// few tables as hold them all and as even as can be, the seeds dealt
// round the tables in a snake (1 2 3 3 2 1 …) so that the strongest
// meet late; seat order at each table rotates with the stage so that no
// seed always moves first. Of every table the best goes on; when the
// survivors fit one table, that table is the final.
func (t *Tournament) pools() Round {
	alive := t.survivors()
	k := (len(alive) + t.Seats - 1) / t.Seats
	tables := make([][]string, k)
	for i, id := range alive {
		row, col := i/k, i%k
		if row%2 == 1 {
			col = k - 1 - col
		}
		tables[col] = append(tables[col], id)
	}
	var r Round
	stage := len(t.Played)
	for _, tb := range tables {
		if len(tb) == 0 {
			continue
		}
		rot := stage % len(tb)
		seats := append(append([]string{}, tb[rot:]...), tb[:rot]...)
		r.Pairings = append(r.Pairings, Pairing{Seats: seats})
	}
	return r
}
