// Command modproxy writes a Go module proxy, in the layout GOPROXY=file://DIR reads, that
// serves one tagged version of the module in a folder: what a team's `go get module@version`
// fetches once the module is published, made from the folder so that a consumer can install
// it the same way before it is.
//
//	go -C clients/go/tools run ./modproxy -module .. -version v0.2.0 -out /tmp/proxy
//
// The zip is made by golang.org/x/mod/zip, the go command's own rules (nested modules,
// vendor folders and files that cannot be in a module are left out; sizes checked).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

func main() {
	dir := flag.String("module", "", "the module's folder (the one holding its go.mod)")
	version := flag.String("version", "", "the version to serve, a semantic version tag such as v0.2.0")
	out := flag.String("out", "", "the proxy folder to write (GOPROXY=file://<out>)")
	flag.Parse()
	if err := run(*dir, *version, *out); err != nil {
		fmt.Fprintln(os.Stderr, "modproxy:", err)
		os.Exit(1)
	}
}

func run(dir, version, out string) error {
	if dir == "" || version == "" || out == "" {
		return fmt.Errorf("-module, -version and -out are required")
	}
	goMod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	path := modfile.ModulePath(goMod)
	if path == "" {
		return fmt.Errorf("%s/go.mod names no module", dir)
	}
	mv := module.Version{Path: path, Version: version}
	if err := module.Check(path, version); err != nil {
		return err
	}
	escaped, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	escapedVersion, err := module.EscapeVersion(version)
	if err != nil {
		return err
	}
	versions := filepath.Join(out, escaped, "@v")
	if err := os.MkdirAll(versions, 0o755); err != nil {
		return err
	}
	zipFile, err := os.Create(filepath.Join(versions, escapedVersion+".zip"))
	if err != nil {
		return err
	}
	if err := modzip.CreateFromDir(zipFile, mv, dir); err != nil {
		zipFile.Close()
		return err
	}
	if err := zipFile.Close(); err != nil {
		return err
	}
	info, _ := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, time.Now().UTC().Truncate(time.Second)})
	for name, content := range map[string][]byte{
		escapedVersion + ".mod":  goMod,
		escapedVersion + ".info": info,
		"list":                   []byte(version + "\n"),
	} {
		if err := os.WriteFile(filepath.Join(versions, name), content, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("%s@%s served from %s\n", path, version, out)
	return nil
}
