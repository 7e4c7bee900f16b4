/**
 * Every workflow of .github/workflows/: actionlint (syntax, expressions, the inputs of known actions such as
 * pulumi/actions, shellcheck of `run:` scripts when shellcheck is installed) and the credential rules of
 * secret-rules.ts. Each check is also shown to fail on a workflow that breaks it.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { actionlint, actionlintVersion, describeWithActionlint } from "./actionlint";
import { secretViolations } from "./secret-rules";
import { loadWorkflow, parseWorkflow, WORKFLOWS_DIR, workflowFiles } from "./workflow-model";

const files = workflowFiles();

it("the workflows a user copies are there", () => {
  expect(files).toEqual(expect.arrayContaining(["deploy.yml", "preview.yml", "preview-per-pull-request.yml"]));
});

describe("credential rules", () => {
  it.each(files)("%s follows them", (file) => {
    expect(secretViolations(loadWorkflow(file))).toEqual([]);
  });

  const bad = (body: string) => secretViolations(parseWorkflow("bad.yml", `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n${body}`));

  it("reports a secret expanded in a run: script", () => {
    expect(bad("      - run: ./deploy --token ${{ secrets.DEPLOY_SERVICE_API_TOKEN }}\n"))
      .toEqual(["bad.yml: jobs.a.steps.0.run reads a secret outside a step's with: or env:"]);
  });

  it("reports a token written in plain text", () => {
    const token = `pul-${"0123456789abcdef".repeat(2)}01234567`;
    const found = bad(`      - uses: pulumi/actions@v6\n        env:\n          PULUMI_ACCESS_TOKEN: ${token}\n`);
    expect(found).toEqual(expect.arrayContaining([
      "bad.yml: jobs.a.steps.0.env.PULUMI_ACCESS_TOKEN holds a literal value; a credential must come from ${{ secrets.* }}",
      "bad.yml: the text holds a Pulumi access token in plain text",
    ]));
    expect(found.join("\n")).not.toContain(token);
  });

  it("reports a github-token that is not the workflow's own", () => {
    expect(bad(`      - uses: pulumi/actions@v6\n        with:\n          github-token: \${{ secrets.MY_PAT }}\n`))
      .toEqual(["bad.yml: jobs.a.steps.0.with.github-token is not the workflow's own token (secrets.GITHUB_TOKEN or github.token)"]);
  });

  it("reports an action that follows a branch", () => {
    expect(bad("      - uses: pulumi/actions@main\n")).toEqual(["bad.yml: jobs.a: pulumi/actions@main is not pinned to a release tag or a commit"]);
  });

  it("reports pull_request_target", () => {
    const found = secretViolations(parseWorkflow("bad.yml", "on: pull_request_target\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n"));
    expect(found).toEqual(["bad.yml: pull_request_target runs a fork's code with the repository's secrets"]);
  });
});

describeWithActionlint("actionlint", (bin) => {
  it("reports nothing for any workflow", () => {
    const errors = actionlint(bin, files.map((f) => path.join(".github", "workflows", f)));
    expect(errors.map((e) => `${e.filepath}:${e.line}:${e.column}: ${e.message} [${e.kind}]`)).toEqual([]);
    expect(actionlintVersion(bin)).toMatch(/^v?\d+\.\d+\.\d+/);
  });

  it("knows pulumi/actions' inputs: a misspelled one is reported", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "actionlint-"));
    try {
      const preview = fs.readFileSync(path.join(WORKFLOWS_DIR, "preview.yml"), "utf8");
      expect(preview).toContain("          comment-on-pr: true\n");
      fs.writeFileSync(path.join(dir, "preview.yml"), preview.replace("          comment-on-pr: true\n", "          comment-on-pull-request: true\n"));
      const errors = actionlint(bin, ["preview.yml"], dir);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ kind: "action", filepath: "preview.yml" });
      expect(errors[0]!.message).toMatch(/input "comment-on-pull-request" is not defined in action "pulumi\/actions@v6"/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
