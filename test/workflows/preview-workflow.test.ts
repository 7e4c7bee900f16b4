/**
 * .github/workflows/preview.yml: pull-request previews with pulumi/actions against the service when the repository
 * has the credentials, and against the bundled emulator otherwise; the choice is made by a script run here.
 */
import { runStep } from "./run-step";
import { loadWorkflow, stepsUsing, type Job, type Step } from "./workflow-model";

const workflow = loadWorkflow("preview.yml");
const job = (id: string): Job => {
  const found = workflow.jobs[id];
  if (found === undefined) throw new Error(`preview.yml has no job ${id}`);
  return found;
};
const stepIndex = (j: Job, test: (s: Step) => boolean): number => j.steps.findIndex(test);
const chooseStep = (): Step => {
  const step = job("target").steps.find((s) => s.id === "choose");
  if (step === undefined) throw new Error("the target job has no step with id choose");
  return step;
};

describe("preview.yml", () => {
  it("runs on pull requests only, never pull_request_target", () => {
    expect(Object.keys(workflow.on)).toEqual(["pull_request"]);
  });

  it("may read the code and write pull-request comments, nothing else", () => {
    expect(workflow.permissions).toEqual({ contents: "read", "pull-requests": "write" });
    for (const [id, j] of Object.entries(workflow.jobs)) expect([id, j.permissions]).toEqual([id, undefined]);
  });

  it("keeps one preview per pull request running, cancelling an older push's", () => {
    expect(workflow.concurrency).toEqual({ group: "preview-${{ github.event.pull_request.number }}", "cancel-in-progress": true });
  });

  describe("the target job", () => {
    it("hands only whether the secrets are set to its script, and its choice to the other jobs", () => {
      expect(chooseStep().env).toEqual({
        HAS_PULUMI_TOKEN: "${{ secrets.PULUMI_ACCESS_TOKEN != '' }}",
        HAS_SERVICE_TOKEN: "${{ secrets.DEPLOY_SERVICE_API_TOKEN != '' }}",
        PULUMI_STACK: "${{ vars.PULUMI_STACK }}",
        ESC_ENVIRONMENT: "${{ vars.PULUMI_ESC_ENVIRONMENT }}",
      });
      expect(job("target").outputs).toEqual({ target: "${{ steps.choose.outputs.target }}" });
    });

    const cases: Array<[string, Record<string, string>, string, RegExp | undefined]> = [
      ["a Pulumi token, a stack and a service token", { HAS_PULUMI_TOKEN: "true", HAS_SERVICE_TOKEN: "true", PULUMI_STACK: "acme/shop/prod", ESC_ENVIRONMENT: "" }, "service", undefined],
      ["a Pulumi token, a stack and an ESC environment", { HAS_PULUMI_TOKEN: "true", HAS_SERVICE_TOKEN: "false", PULUMI_STACK: "acme/shop/prod", ESC_ENVIRONMENT: "acme/shop/ci" }, "service", undefined],
      ["a Pulumi token and a stack only (the stack's config holds the token)", { HAS_PULUMI_TOKEN: "true", HAS_SERVICE_TOKEN: "false", PULUMI_STACK: "acme/shop/prod", ESC_ENVIRONMENT: "" }, "service", /::notice::.*deploy-service:apiToken/],
      ["no credentials at all (a fresh copy, Dependabot)", { HAS_PULUMI_TOKEN: "false", HAS_SERVICE_TOKEN: "false", PULUMI_STACK: "", ESC_ENVIRONMENT: "" }, "emulator", undefined],
      ["a stack but no Pulumi token (a fork's pull request)", { HAS_PULUMI_TOKEN: "false", HAS_SERVICE_TOKEN: "false", PULUMI_STACK: "acme/shop/prod", ESC_ENVIRONMENT: "" }, "emulator", /::warning::.*PULUMI_ACCESS_TOKEN.*fork/],
      ["a Pulumi token but no stack", { HAS_PULUMI_TOKEN: "true", HAS_SERVICE_TOKEN: "true", PULUMI_STACK: "", ESC_ENVIRONMENT: "" }, "emulator", /::warning::.*PULUMI_STACK is not/],
    ];
    it.each(cases)("with %s, previews against the %s", (_what, env, target, message) => {
      const run = runStep(chooseStep(), env);
      expect(run.status).toBe(0);
      expect(run.outputs).toEqual({ target });
      if (message) expect(run.stdout).toMatch(message);
      else expect(run.stdout).not.toMatch(/::(warning|notice|error)::/);
    });
  });

  describe("the service job", () => {
    const service = job("preview-service");
    const pulumi = stepsUsing(workflow, "pulumi/actions@");

    it("runs only when the target job chose the service", () => {
      expect(service.needs).toBe("target");
      expect(service.if).toBe("needs.target.outputs.target == 'service'");
    });

    it("previews with pulumi/actions, commenting on the pull request", () => {
      expect(pulumi.map((p) => p.job)).toEqual(["preview-service"]);
      const step = pulumi[0]!.step;
      expect(step.uses).toMatch(/^pulumi\/actions@v\d+$/);
      expect(step.with).toMatchObject({
        command: "preview",
        "stack-name": "${{ vars.PULUMI_STACK }}",
        "work-dir": "./",
        "comment-on-pr": true,
        "edit-pr-comment": true,
        diff: true,
        "github-token": "${{ secrets.GITHUB_TOKEN }}",
        "pulumi-version": "${{ steps.versions.outputs.pulumi }}",
      });
      expect(step.env).toEqual({
        PULUMI_ACCESS_TOKEN: "${{ secrets.PULUMI_ACCESS_TOKEN }}",
        DEPLOY_SERVICE_API_TOKEN: "${{ secrets.DEPLOY_SERVICE_API_TOKEN || env.DEPLOY_SERVICE_API_TOKEN }}",
        DEPLOY_SERVICE_API_URL: "${{ vars.DEPLOY_SERVICE_API_URL || env.DEPLOY_SERVICE_API_URL }}",
      });
    });

    it("installs the dependencies, pins the CLI to @pulumi/pulumi's version and loads ESC before previewing", () => {
      const preview = stepIndex(service, (s) => s.uses?.startsWith("pulumi/actions@") ?? false);
      const npmCi = stepIndex(service, (s) => /\bnpm ci\b/.test(s.run ?? ""));
      const versions = stepIndex(service, (s) => s.id === "versions");
      const esc = stepIndex(service, (s) => s.uses?.startsWith("pulumi/esc-action@") ?? false);
      expect(service.steps[versions]?.run).toMatch(/require\('@pulumi\/pulumi\/package\.json'\)\.version/);
      expect(service.steps[esc]?.if).toBe("vars.PULUMI_ESC_ENVIRONMENT != ''");
      expect(service.steps[esc]?.with).toEqual({ environment: "${{ vars.PULUMI_ESC_ENVIRONMENT }}" });
      for (const before of [npmCi, versions, esc]) {
        expect(before).toBeGreaterThanOrEqual(0);
        expect(before).toBeLessThan(preview);
      }
    });

    it("builds no Pulumi CLI of its own: the action installs it", () => {
      expect(service.steps.some((s) => s.uses?.startsWith("actions/setup-go@"))).toBe(false);
      expect(service.steps.some((s) => /pulumi:build|build-pulumi/.test(s.run ?? ""))).toBe(false);
    });
  });

  describe("the emulator job (the fallback without credentials)", () => {
    const emulator = job("preview-emulator");
    const runs = emulator.steps.map((s) => s.run ?? "").join("\n");

    it("runs only when the target job chose the emulator", () => {
      expect(emulator.needs).toBe("target");
      expect(emulator.if).toBe("needs.target.outputs.target == 'emulator'");
    });

    it("builds the CLI when needed, applies the base branch, previews the head and refuses the stand-in", () => {
      expect(runs).toMatch(/npm run --silent pulumi:build/);
      expect(runs.indexOf("npm run example:up")).toBeGreaterThan(-1);
      expect(runs.indexOf("npm run example:preview")).toBeGreaterThan(runs.indexOf("npm run example:up"));
      expect(runs).toMatch(/grep -q "test stand-in"/);
    });

    it("uses no secret and comments only from the repository's own branches", () => {
      expect(JSON.stringify(emulator)).not.toMatch(/secrets\./);
      const comment = emulator.steps.find((s) => s.uses?.startsWith("actions/github-script@"));
      expect(comment?.if).toBe("always() && github.event.pull_request.head.repo.full_name == github.repository");
    });

    it("fails the job when the preview failed", () => {
      const last = emulator.steps[emulator.steps.length - 1]!;
      expect(last.if).toBe("steps.preview.outcome != 'success'");
      expect(last.run).toMatch(/exit 1/);
    });
  });
});
