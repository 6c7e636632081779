package lang

// InEnglish writes messages in English, the language of logs and of
// the Error of a refusal; a reader is written to in their own
// language (Printer.Join).
func InEnglish(ms ...Msg) string { return English().Join(ms) }
