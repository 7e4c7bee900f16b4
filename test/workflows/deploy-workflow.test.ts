/**
 * .github/workflows/deploy.yml: `pulumi up` with pulumi/actions on pushes to main, one deploy at a time, the
 * token from the repository's secrets; a copy without the stack variable does nothing.
 */
import { runStep } from "./run-step";
import { loadWorkflow, stepsUsing, type Job } from "./workflow-model";

const workflow = loadWorkflow("deploy.yml");
const up = (): Job => {
  const j = workflow.jobs["up"];
  if (j === undefined) throw new Error("deploy.yml has no job up");
  return j;
};

describe("deploy.yml", () => {
  it("runs on pushes to main (and by hand), never on pull requests", () => {
    expect(workflow.on).toEqual({ push: { branches: ["main"] }, workflow_dispatch: null });
  });

  it("may only read the code", () => {
    expect(workflow.permissions).toEqual({ contents: "read" });
    expect(up().permissions).toBeUndefined();
  });

  it("never runs two deploys of a stack at once and never cancels a running one", () => {
    expect(workflow.concurrency).toEqual({ group: "deploy-${{ vars.PULUMI_STACK }}", "cancel-in-progress": false });
    expect(Object.keys(workflow.jobs)).toEqual(["up"]);
  });

  it("does nothing in a repository that has no stack set", () => {
    expect(up().if).toBe("vars.PULUMI_STACK != ''");
  });

  it("runs pulumi up with pulumi/actions, the token from the secrets", () => {
    const pulumi = stepsUsing(workflow, "pulumi/actions@");
    expect(pulumi).toHaveLength(1);
    const step = pulumi[0]!.step;
    expect(step.uses).toMatch(/^pulumi\/actions@v\d+$/);
    expect(step.with).toMatchObject({
      command: "up",
      "stack-name": "${{ vars.PULUMI_STACK }}",
      "work-dir": "./",
      "pulumi-version": "${{ steps.versions.outputs.pulumi }}",
    });
    expect(step.with?.["comment-on-pr"]).toBeUndefined();
    expect(step.env).toEqual({
      PULUMI_ACCESS_TOKEN: "${{ secrets.PULUMI_ACCESS_TOKEN }}",
      DEPLOY_SERVICE_API_TOKEN: "${{ secrets.DEPLOY_SERVICE_API_TOKEN || env.DEPLOY_SERVICE_API_TOKEN }}",
      DEPLOY_SERVICE_API_URL: "${{ vars.DEPLOY_SERVICE_API_URL || env.DEPLOY_SERVICE_API_URL }}",
    });
  });

  it("installs the dependencies and loads the ESC environment before pulumi up", () => {
    const steps = up().steps;
    const at = steps.findIndex((s) => s.uses?.startsWith("pulumi/actions@"));
    const before = steps.slice(0, at);
    expect(before.some((s) => /\bnpm ci\b/.test(s.run ?? ""))).toBe(true);
    expect(before.some((s) => s.id === "versions")).toBe(true);
    expect(before.find((s) => s.uses?.startsWith("pulumi/esc-action@"))?.if).toBe("vars.PULUMI_ESC_ENVIRONMENT != ''");
  });

  describe("the first step", () => {
    const check = () => up().steps[0]!;

    it("sees only whether the Pulumi token is set", () => {
      expect(check().env).toEqual({ HAS_PULUMI_TOKEN: "${{ secrets.PULUMI_ACCESS_TOKEN != '' }}" });
    });

    it("fails the job, saying what to add, when the stack is set but the token is not", () => {
      const run = runStep(check(), { HAS_PULUMI_TOKEN: "false" });
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/::error::.*secret PULUMI_ACCESS_TOKEN.*Settings > Secrets and variables > Actions/);
    });

    it("lets the job go on when the token is set", () => {
      const run = runStep(check(), { HAS_PULUMI_TOKEN: "true" });
      expect(run.status).toBe(0);
      expect(run.stdout).toBe("");
    });
  });
});
