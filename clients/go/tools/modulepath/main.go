// Command modulepath gives the Go module a new path in one step, for whoever publishes it:
// the module line of its go.mod is where the path is set, and Go spells it again in every
// import of the module's own packages, in the modules that require it (the quick start's
// go.mod) and in the docs that show how to install it. All of them are rewritten from the
// current module line to the new path; the compiler then refuses any import left behind.
//
//	go -C clients/go/tools run ./modulepath -module .. -docs ../../../docs/go.md NEW_PATH
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

func main() {
	dir := flag.String("module", "", "the module's folder (the one holding its go.mod)")
	docs := flag.String("docs", "", "a Markdown file that shows the module's path (optional)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: modulepath -module DIR [-docs FILE] NEW_PATH")
		os.Exit(2)
	}
	changed, err := run(*dir, *docs, flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "modulepath:", err)
		os.Exit(1)
	}
	for _, f := range changed {
		fmt.Println("rewrote", f)
	}
}

func run(dir, docs, newPath string) ([]string, error) {
	if dir == "" {
		return nil, fmt.Errorf("-module is required")
	}
	if err := module.CheckPath(newPath); err != nil {
		return nil, err
	}
	goMod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return nil, err
	}
	oldPath := modfile.ModulePath(goMod)
	if oldPath == "" {
		return nil, fmt.Errorf("%s/go.mod names no module", dir)
	}
	// The old path as a whole: not a prefix of a longer path element.
	pattern := regexp.MustCompile(regexp.QuoteMeta(oldPath) + `(?:$|[/"@\s` + "`" + `])`)
	var changed []string
	rewrite := func(path string) error {
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fresh := pattern.ReplaceAllFunc(text, func(m []byte) []byte {
			return append([]byte(newPath), m[len(oldPath):]...)
		})
		if string(fresh) == string(text) {
			return nil
		}
		changed = append(changed, path)
		return os.WriteFile(path, fresh, 0o644)
	}
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		// Go files (imports, and the consumer template under testdata), go.mod files (the
		// module line, the modules that require it) and the module's own Markdown.
		if strings.HasSuffix(path, ".go") || d.Name() == "go.mod" || strings.HasSuffix(path, ".md") {
			return rewrite(path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if docs != "" {
		if err := rewrite(docs); err != nil {
			return nil, err
		}
	}
	return changed, nil
}
