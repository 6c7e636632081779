package guard

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportsNoGamesNorCore: the guard knows mail and the store, never
// the games, the domain, the templates or the core (package doc).
func TestImportsNoGamesNorCore(t *testing.T) {
	const mod = "github.com/pbmgo/pbm/"
	bad := []string{mod + "engine", mod + "pbm/board", mod + "pbm/account", mod + "pbm/tournament", mod + "pbm/computer",
		mod + "pbm/seek", mod + "templates", "net", "net/http", "net/smtp"}
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no files: %v", err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			p := strings.Trim(imp.Path.Value, `"`)
			if p == mod+"pbm" {
				t.Errorf("%s imports the core", name)
			}
			for _, b := range bad {
				if p == b || strings.HasPrefix(p, b+"/") {
					t.Errorf("%s imports %s", name, p)
				}
			}
		}
	}
}
