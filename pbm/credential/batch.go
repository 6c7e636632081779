package credential

// Pair is a userid, the password a mail gives for it, and the hash of
// the account it names: what Prefetch verifies.
type Pair struct {
	User, Password string
	Hash           []byte
}
