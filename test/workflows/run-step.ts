/**
 * Runs one `run:` step of a workflow here, with bash as GitHub's runners run it (`bash --noprofile --norc -eo
 * pipefail`), the given environment in place of the step's `${{ }}` values, and a `GITHUB_OUTPUT` file to read.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Step } from "./workflow-model";

/** What the step did: exit code, what it printed, and the outputs it wrote to `GITHUB_OUTPUT`. */
export interface StepRun {
  status: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

/**
 * Runs the step's script with only `env` (plus PATH and HOME) in its environment.
 * @throws Error when the step has no `run:` script.
 */
export function runStep(step: Step, env: Record<string, string>): StepRun {
  if (step.run === undefined) throw new Error(`step ${step.id ?? step.name ?? "?"} has no run: script`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workflow-step-"));
  try {
    const script = path.join(dir, "step.sh");
    const output = path.join(dir, "output");
    fs.writeFileSync(script, step.run);
    fs.writeFileSync(output, "");
    const result = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
      env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: dir, GITHUB_OUTPUT: output, ...env },
      encoding: "utf8",
      timeout: 10_000,
    });
    const outputs = Object.fromEntries(
      fs.readFileSync(output, "utf8").split("\n").filter((l) => l.includes("=")).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
    return { status: result.status, stdout: result.stdout, stderr: result.stderr, outputs };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
