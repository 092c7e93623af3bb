// Command gomodzip writes a Go module as a module proxy serves it (GOPROXY protocol): under
// OUT/<escaped module path>/@v/, the version's .info, .mod and .zip and the list of versions.
// The zip is made by golang.org/x/mod/zip, the code the go command itself uses, from a folder
// holding the module as committed (npm run release:check exports it with git archive, as a
// proxy takes a tag), so it holds exactly what `go mod download` would fetch.
//
// Usage: go -C scripts/tools run ./gomodzip -dir MODULE_DIR -version v1.2.3 -out DIR
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
	"golang.org/x/mod/semver"
	modzip "golang.org/x/mod/zip"
)

func main() {
	dir := flag.String("dir", "", "the module's folder (holding its go.mod)")
	version := flag.String("version", "", "the version to serve, vX.Y.Z")
	out := flag.String("out", "", "the proxy's root folder")
	flag.Parse()
	if err := run(*dir, *version, *out); err != nil {
		fmt.Fprintf(os.Stderr, "gomodzip: %v\n", err)
		os.Exit(1)
	}
}

func run(dir, version, out string) error {
	switch {
	case dir == "":
		return fmt.Errorf("-dir is required")
	case out == "":
		return fmt.Errorf("-out is required")
	case !semver.IsValid(version) || semver.Canonical(version) != version:
		return fmt.Errorf("-version %q is not a canonical semantic version (vX.Y.Z)", version)
	}
	goMod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	path := modfile.ModulePath(goMod)
	if path == "" {
		return fmt.Errorf("%s/go.mod names no module", dir)
	}
	mod := module.Version{Path: path, Version: version}
	// A v2+ version needs a /vN path: the go command refuses the module otherwise.
	if err := module.Check(path, version); err != nil {
		return err
	}
	escaped, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	versions := filepath.Join(out, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(versions, 0o755); err != nil {
		return err
	}
	zipFile, err := os.Create(filepath.Join(versions, version+".zip"))
	if err != nil {
		return err
	}
	if err := modzip.CreateFromDir(zipFile, mod, dir); err != nil {
		zipFile.Close()
		return err
	}
	if err := zipFile.Close(); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(versions, version+".mod"), goMod, 0o644); err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, time.Now().UTC().Truncate(time.Second)})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(versions, version+".info"), info, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(versions, "list"), []byte(version+"\n"), 0o644); err != nil {
		return err
	}
	fmt.Println(filepath.Join(versions, version+".zip"))
	return nil
}
