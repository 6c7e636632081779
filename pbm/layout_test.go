package pbm

import (
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLayout holds the packages to their concepts (README, Layout): a
// domain package knows nothing of mail, templates or MIME (the seek
// list stands above accounts and boards, which know nothing of it);
// the mail package knows nothing of games or the store; the command
// language (package command) knows no store, no game and no server;
// the engines and the store know nothing of the server; the notice
// writer reads no incoming mail; the guard knows no games, accounts
// or commands and writes no mail; the clock's marks (package
// tickmark) know the store only; no package
// below the core imports it, but the daemon, which runs it; and the
// core opens no sockets. The core's files are not counted: each
// concept is held by its imports.
func TestLayout(t *testing.T) {
	const mod = "github.com/pbmgo/pbm/"
	mailish := []string{mod + "pbm/mail", mod + "templates", "github.com/emersion/go-message", "github.com/emersion/go-smtp", "github.com/emersion/go-imap"}
	gamesAndStore := []string{mod + "engine", mod + "store", mod + "pbm/board", mod + "pbm/account", mod + "pbm/tournament", mod + "pbm/computer", mod + "pbm/seek"}
	core := []string{"=" + mod + "pbm"} // "=": this package only; "x/": below x
	forbid := map[string][]string{
		"mail":       append(append([]string{}, gamesAndStore...), core...),
		"board":      append(append([]string{mod + "pbm/account", mod + "pbm/tournament", mod + "pbm/seek"}, mailish...), core...),
		"account":    append(append([]string{mod + "engine", mod + "pbm/board", mod + "pbm/tournament", mod + "pbm/seek"}, mailish...), core...),
		"tournament": append(append([]string{mod + "pbm/board", mod + "pbm/account", mod + "pbm/seek"}, mailish...), core...),
		"seek":       append(append([]string{mod + "engine", mod + "pbm/tournament", mod + "pbm/computer"}, mailish...), core...),
		"limit":      append(append(append([]string{mod + "pbm/lang"}, gamesAndStore...), mailish...), core...),
		"lang":       append(append(append([]string{}, gamesAndStore...), mailish...), core...),
		"quote":      append(append(append([]string{}, gamesAndStore...), mailish[1:]...), core...),
		"computer":   append(append([]string{mod + "store"}, mailish...), core...),
		"drawing":    append(append([]string{mod + "store"}, mailish...), core...),
		"web":        core,
		"../engine":  append(append([]string{mod + "store", mod + "pbm/"}, mailish...), core...),
		"../store":   append([]string{mod + "engine", mod + "pbm/"}, core...),
		"command":    append(append(append([]string{}, gamesAndStore...), mailish[1:]...), core...),
		"notice":     append([]string{mod + "pbm/command", mod + "pbm/inbox", mod + "pbm/lmtp", mod + "pbm/localmail", "github.com/emersion/go-imap"}, core...),
		"guard":      append(append(append([]string{}, withoutStore(gamesAndStore)...), mod+"pbm/command", mod+"pbm/notice", mod+"templates", "github.com/emersion/go-smtp"), core...),
		"tickmark":   append(append(append([]string{}, withoutStore(gamesAndStore)...), mailish...), core...),
		".":          {"net", "net/http", "net/smtp", mod + "pbm/web", mod + "pbm/daemon", mod + "pbm/inbox", mod + "pbm/outbox", mod + "pbm/lmtp", mod + "pbm/localmail"},
	}
	// Every package below the core, those named above or not, imports
	// nothing of it; the daemon, which runs the core, stands above it.
	dirs, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "testdata" || d.Name() == "daemon" {
			continue
		}
		if _, ok := forbid[d.Name()]; !ok {
			forbid[d.Name()] = core
		}
	}
	for dir, bad := range forbid {
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				// The core's own directory: its files only, not the
				// packages below it.
				if dir == "." && path != "." {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "testdata") {
				return nil
			}
			f, err := parser.ParseFile(gotoken.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, imp := range f.Imports {
				p := strings.Trim(imp.Path.Value, `"`)
				for _, b := range bad {
					exact, ok := strings.CutPrefix(b, "=")
					hit := p == exact
					switch {
					case ok:
					case strings.HasSuffix(b, "/"):
						hit = strings.HasPrefix(p, b)
					case b != "net":
						hit = hit || strings.HasPrefix(p, b+"/")
					}
					if hit {
						t.Errorf("%s imports %s", path, p)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Errorf("%s: %v", dir, err)
		}
	}
}

// withoutStore is pkgs but the store.
func withoutStore(pkgs []string) []string {
	var out []string
	for _, p := range pkgs {
		if !strings.HasSuffix(p, "/store") {
			out = append(out, p)
		}
	}
	return out
}

// TestServerMethodsUseTheServer: a method of *Server uses its receiver;
// one that does not is a free function of its concept, not a method
// bound only to be put in the command table.
func TestServerMethodsUseTheServer(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(gotoken.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 || fn.Body == nil {
				continue
			}
			star, ok := fn.Recv.List[0].Type.(*ast.StarExpr)
			if !ok {
				continue
			}
			if id, ok := star.X.(*ast.Ident); !ok || id.Name != "Server" {
				continue
			}
			if len(fn.Recv.List[0].Names) == 0 || fn.Recv.List[0].Names[0].Name == "_" {
				t.Errorf("%s: (*Server).%s has no receiver name: it uses no Server", f, fn.Name.Name)
				continue
			}
			recv := fn.Recv.List[0].Names[0].Name
			used := false
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && id.Name == recv {
					used = true
				}
				return !used
			})
			if !used {
				t.Errorf("%s: (*Server).%s does not use its receiver: make it a free function", f, fn.Name.Name)
			}
		}
	}
}
