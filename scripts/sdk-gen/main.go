// Command sdk-gen turns the plugin's schema into an SDK for one language with the generators of
// github.com/pulumi/pulumi/pkg/v3/codegen, the ones `pulumi package gen-sdk` reaches through each
// language host (GeneratePackage). The Go, Python and Node.js hosts cannot be built from the module
// proxy, so this calls their generators directly, at the CLI's version.
//
//	sdk-gen -schema provider/plugin/schema.json -language go|python|nodejs -out sdk-gen/go
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// tool names the generator in the header of every generated file.
const tool = "deploy-service sdk-gen"

// noLoader refuses every package reference: the schema refers to no other package.
type noLoader struct{}

func (noLoader) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q; sdk-gen loads no other package", pkg)
}

func (noLoader) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return noLoader{}.LoadPackage(d.Name, nil)
}

func (noLoader) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, fmt.Errorf("the schema refers to package %q; sdk-gen loads no other package", pkg)
}

func (noLoader) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return noLoader{}.LoadPackageReference(d.Name, nil)
}

func generate(language string, pkg *schema.Package) (map[string][]byte, error) {
	switch language {
	case "go":
		return gogen.GeneratePackage(tool, pkg, nil)
	case "python":
		return pythongen.GeneratePackage(tool, pkg, nil, noLoader{})
	case "nodejs":
		return nodejsgen.GeneratePackage(tool, pkg, nil, nil, false, noLoader{})
	}
	return nil, fmt.Errorf("-language must be go, python or nodejs (dotnet: sdk-gen-dotnet), not %q", language)
}

func run(schemaPath, language, out string) error {
	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	// A support-pack SDK carries its own go.mod (Go) and package manifest, as gen-sdk writes them.
	if spec.Meta == nil {
		spec.Meta = &schema.MetadataSpec{}
	}
	spec.Meta.SupportPack = true
	pkg, diags, err := schema.BindSpec(spec, noLoader{}, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return err
	}
	if diags.HasErrors() {
		return diags
	}
	files, err := generate(language, pkg)
	if err != nil {
		return err
	}
	for name, content := range files {
		target := filepath.Join(out, name)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(target, content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	schemaPath := flag.String("schema", "", "the package schema (JSON)")
	language := flag.String("language", "", "go, python or nodejs")
	out := flag.String("out", "", "the folder to write the SDK into")
	flag.Parse()
	if *schemaPath == "" || *language == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: sdk-gen -schema FILE -language go|python|nodejs -out DIR")
		os.Exit(2)
	}
	if err := run(*schemaPath, *language, *out); err != nil {
		fmt.Fprintf(os.Stderr, "sdk-gen: %v\n", err)
		os.Exit(1)
	}
}
