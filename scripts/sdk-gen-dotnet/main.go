// Command sdk-gen-dotnet turns the plugin's schema into the .NET SDK with the generator of
// github.com/pulumi/pulumi/pkg/v3/codegen/dotnet. That generator left pulumi/pulumi for the
// pulumi-dotnet repository (whose language host the module proxy does not serve) after v3.225.1,
// so this module pins pkg v3.225.1, the last release that has it.
//
//	sdk-gen-dotnet -schema provider/plugin/schema.json -out sdk-gen/dotnet
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"

	dotnetgen "github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// offline answers the generator's one HTTP request, the package logo it would download when the
// schema names none, with a plain 64x64 image made here: sdk-gen sends nothing off the machine.
type offline struct{}

func (offline) RoundTrip(req *http.Request) (*http.Response, error) {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = 0x4d, 0x5b, 0xd9, 0xff
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return &http.Response{
		StatusCode: http.StatusOK, Body: io.NopCloser(&buf), Request: req,
		Header: http.Header{"Content-Type": []string{"image/png"}},
	}, nil
}

func run(schemaPath, out string) error {
	http.DefaultTransport = offline{}
	http.DefaultClient.Transport = offline{}
	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	if spec.Meta == nil {
		spec.Meta = &schema.MetadataSpec{}
	}
	spec.Meta.SupportPack = true
	// The schema refers to no other package, so no loader is needed.
	pkg, diags, err := schema.BindSpec(spec, nil, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return err
	}
	if diags.HasErrors() {
		return diags
	}
	files, err := dotnetgen.GeneratePackage("deploy-service sdk-gen", pkg, nil, nil)
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
	out := flag.String("out", "", "the folder to write the SDK into")
	flag.Parse()
	if *schemaPath == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: sdk-gen-dotnet -schema FILE -out DIR")
		os.Exit(2)
	}
	if err := run(*schemaPath, *out); err != nil {
		fmt.Fprintf(os.Stderr, "sdk-gen-dotnet: %v\n", err)
		os.Exit(1)
	}
}
