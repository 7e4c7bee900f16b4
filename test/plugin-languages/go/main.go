// Command go-program runs one operation of the Go program (program.go, an inline program using the generated
// Go SDK in sdk-gen/go) through the Go Automation API, on a local file backend with a PULUMI_HOME of its own,
// and prints what the operation did as one JSON object. The engine test test/plugin-languages/go.test.ts drives it.
//
//	go-program -op preview|up|refresh|destroy|export|export-secrets -work DIR [-config k=v]... [-secret k=v]...
//
// The pulumi CLI and the plugin pulumi-resource-deploy-service are found on PATH.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/events"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
)

const projectName = "deploy-service-go"

// pairs is a repeatable -flag k=v.
type pairs map[string]string

func (p pairs) String() string { return fmt.Sprint(map[string]string(p)) }

func (p pairs) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok {
		return fmt.Errorf("%q: expected key=value", s)
	}
	p[k] = v
	return nil
}

// result is what the test reads: the change summary, each resource's step, and the outputs.
type result struct {
	ChangeSummary map[string]int    `json:"changeSummary"`
	Steps         map[string]string `json:"steps,omitempty"`
	Outputs       map[string]any    `json:"outputs,omitempty"`
	Deployment    json.RawMessage   `json:"deployment,omitempty"`
}

func openStack(ctx context.Context, work string) (auto.Stack, error) {
	backend := filepath.Join(work, "backend")
	home := filepath.Join(work, "home")
	// The project folder keeps the stack's config (Pulumi.dev.yaml) from one operation to the next.
	project := filepath.Join(work, "project")
	for _, dir := range []string{backend, home, project} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return auto.Stack{}, err
		}
	}
	return auto.UpsertStackInlineSource(ctx, "dev", projectName, program,
		auto.Project(workspace.Project{
			Name: tokens.PackageName(projectName), Runtime: workspace.NewProjectRuntimeInfo("go", nil),
			Backend: &workspace.ProjectBackend{URL: "file://" + backend},
		}),
		auto.WorkDir(project),
		auto.PulumiHome(home),
		auto.SecretsProvider("passphrase"),
		auto.EnvVars(map[string]string{
			"PULUMI_CONFIG_PASSPHRASE": "plugin-languages", "PULUMI_SKIP_UPDATE_CHECK": "true",
			"PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION": "true",
		}),
	)
}

// stepsOf collects each resource's step (by resource name) from the engine events.
func stepsOf(ch <-chan events.EngineEvent, into map[string]string, done chan<- struct{}) {
	for e := range ch {
		if e.ResourcePreEvent != nil {
			m := e.ResourcePreEvent.Metadata
			into[m.URN[strings.LastIndex(m.URN, "::")+2:]] = string(m.Op)
		}
	}
	close(done)
}

func run(ctx context.Context, op, work string, config, secrets pairs) (*result, error) {
	stack, err := openStack(ctx, work)
	if err != nil {
		return nil, err
	}
	values := auto.ConfigMap{}
	for k, v := range config {
		values[k] = auto.ConfigValue{Value: v}
	}
	for k, v := range secrets {
		values[k] = auto.ConfigValue{Value: v, Secret: true}
	}
	if len(values) > 0 {
		if err := stack.SetAllConfig(ctx, values); err != nil {
			return nil, err
		}
	}
	out := &result{ChangeSummary: map[string]int{}, Steps: map[string]string{}}
	ch := make(chan events.EngineEvent)
	done := make(chan struct{})
	switch op {
	case "preview":
		go stepsOf(ch, out.Steps, done)
		res, err := stack.Preview(ctx, optpreview.EventStreams(ch))
		if err != nil {
			return nil, err
		}
		<-done
		for k, v := range res.ChangeSummary {
			out.ChangeSummary[string(k)] = v
		}
	case "up":
		go stepsOf(ch, out.Steps, done)
		res, err := stack.Up(ctx, optup.EventStreams(ch))
		if err != nil {
			return nil, err
		}
		<-done
		out.ChangeSummary = *res.Summary.ResourceChanges
		out.Outputs = map[string]any{}
		for k, v := range res.Outputs {
			out.Outputs[k] = v.Value
		}
	case "refresh":
		res, err := stack.Refresh(ctx)
		if err != nil {
			return nil, err
		}
		out.ChangeSummary = *res.Summary.ResourceChanges
	case "destroy":
		res, err := stack.Destroy(ctx)
		if err != nil {
			return nil, err
		}
		out.ChangeSummary = *res.Summary.ResourceChanges
	case "export", "export-secrets":
		args := []string{"stack", "export", "--stack", stack.Name()}
		if op == "export-secrets" {
			args = append(args, "--show-secrets")
		}
		ws := stack.Workspace()
		var env []string
		for k, v := range ws.GetEnvVars() {
			env = append(env, k+"="+v)
		}
		stdout, stderr, code, err := ws.PulumiCommand().Run(ctx, ws.WorkDir(), nil, nil, nil, env, args...)
		if err != nil {
			return nil, fmt.Errorf("pulumi stack export (exit %d): %w\n%s", code, err, stderr)
		}
		out.Deployment = json.RawMessage(stdout)
	default:
		return nil, fmt.Errorf("-op must be preview, up, refresh, destroy, export or export-secrets, not %q", op)
	}
	return out, nil
}

func main() {
	op := flag.String("op", "", "preview, up, refresh, destroy, export or export-secrets")
	work := flag.String("work", "", "the folder of the stack's backend and PULUMI_HOME")
	config, secrets := pairs{}, pairs{}
	flag.Var(config, "config", "a stack config value, key=value (repeatable)")
	flag.Var(secrets, "secret", "a secret stack config value, key=value (repeatable)")
	flag.Parse()
	if *op == "" || *work == "" {
		fmt.Fprintln(os.Stderr, "usage: go-program -op OP -work DIR [-config k=v]... [-secret k=v]...")
		os.Exit(2)
	}
	out, err := run(context.Background(), *op, *work, config, secrets)
	if err != nil {
		fmt.Fprintf(os.Stderr, "go-program: %v\n", err)
		os.Exit(1)
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fmt.Fprintf(os.Stderr, "go-program: %v\n", err)
		os.Exit(1)
	}
}
