// Command manifest writes and checks the Task Surface bundle face: manifest.json (against
// manifest.schema.json), package.json and cordis.patch.yml, and in a packed bundle every
// plugin binary (digest, executable format and architecture). tools/bundle/build.sh runs it;
// its tests check the committed face.
//
//	manifest stamp -root <repo> -stage <folder> -go <go version> [-flag <go build flag>]...
//	    write <folder>/manifest.json: the repository's manifest with the SHA-256 of every
//	    binary built into <folder>, without the platforms that were not built, and the build
//	    record; drop the npm workspace's own fields (workspaces, devDependencies) from
//	    <folder>/package.json; then check <folder> as a packed bundle
//	manifest split -stage <folder> -out <folder>
//	    the release layout: move every binary of the stamped bundle in -stage into a platform
//	    package of its own, <out>/<package>/, and list those packages at the exact version in
//	    the bundle's optionalDependencies; prints each platform package's folder
//	manifest check [-packed] [-platforms <folder>] <folder>
//	    check the bundle face in <folder> (a repository root, or an unpacked tarball with
//	    -packed; with -platforms, the main package of the release layout, its platform packages
//	    unpacked in <folder>/<package>); prints every problem and exits 1 when there is one
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage:
  manifest stamp -root <repo> -stage <folder> -go <go version> [-flag <go build flag>]...
  manifest split -stage <folder> -out <folder>
  manifest check [-packed] [-platforms <folder>] <folder>
`

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "stamp":
		fs := flag.NewFlagSet("stamp", flag.ContinueOnError)
		fs.SetOutput(stderr)
		root := fs.String("root", ".", "the repository root (manifest.json, manifest.schema.json)")
		stage := fs.String("stage", "", "the staged bundle with its bin/ folder")
		goVersion := fs.String("go", "", "the go version the binaries were built with")
		var flags []string
		fs.Func("flag", "one go build setting or flag (repeat it)", func(v string) error { flags = append(flags, v); return nil })
		if err := fs.Parse(args[1:]); err != nil || *stage == "" || *goVersion == "" {
			fmt.Fprint(stderr, usage)
			return 2
		}
		m, err := Stamp(*root, *stage, Build{Go: *goVersion, CGO: false, Flags: flags})
		if err != nil {
			fmt.Fprintf(stderr, "manifest stamp: %v\n", err)
			return 1
		}
		if problems := Check(*stage, true); len(problems) > 0 {
			report(stderr, *stage, problems)
			return 1
		}
		for _, key := range m.Platforms() {
			b := m.Plugin.Binaries[key]
			fmt.Fprintf(stdout, "%s  %s  %s\n", b.SHA256, key, b.Path)
		}
		return 0
	case "split":
		fs := flag.NewFlagSet("split", flag.ContinueOnError)
		fs.SetOutput(stderr)
		stage := fs.String("stage", "", "the stamped bundle")
		out := fs.String("out", "", "where the platform packages go")
		if err := fs.Parse(args[1:]); err != nil || *stage == "" || *out == "" {
			fmt.Fprint(stderr, usage)
			return 2
		}
		dirs, err := Split(*stage, *out)
		if err != nil {
			fmt.Fprintf(stderr, "manifest split: %v\n", err)
			return 1
		}
		if problems := CheckRelease(*stage, *out); len(problems) > 0 {
			report(stderr, *stage, problems)
			return 1
		}
		for _, dir := range dirs {
			fmt.Fprintln(stdout, dir)
		}
		return 0
	case "check":
		fs := flag.NewFlagSet("check", flag.ContinueOnError)
		fs.SetOutput(stderr)
		packed := fs.Bool("packed", false, "require every binary with a matching digest, format and architecture")
		platforms := fs.String("platforms", "", "the folder holding the unpacked platform packages (release layout; implies -packed)")
		if err := fs.Parse(args[1:]); err != nil || fs.NArg() != 1 {
			fmt.Fprint(stderr, usage)
			return 2
		}
		problems := Check(fs.Arg(0), *packed)
		if *platforms != "" {
			problems = CheckRelease(fs.Arg(0), *platforms)
		}
		if len(problems) > 0 {
			report(stderr, fs.Arg(0), problems)
			return 1
		}
		fmt.Fprintf(stdout, "%s: the bundle face is valid\n", fs.Arg(0))
		return 0
	default:
		fmt.Fprint(stderr, usage)
		return 2
	}
}

func report(w io.Writer, folder string, problems []string) {
	fmt.Fprintf(w, "%s: %d problem(s) in the bundle face:\n", folder, len(problems))
	for _, p := range problems {
		fmt.Fprintf(w, "  - %s\n", p)
	}
}
