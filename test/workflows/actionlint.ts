/**
 * actionlint for the workflow tests: where the binary is (built by scripts/build-actionlint.sh), how to run it with
 * JSON output, and the jest `describe` that requires it in CI and skips with the reason elsewhere.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describeNeeding } from "../needs-tool";

/** The repository's root folder. */
export const REPO_ROOT = path.resolve(__dirname, "..", "..");

/** One problem actionlint reports, as its `-format '{{json .}}'` prints it. */
export interface ActionlintError {
  message: string;
  filepath: string;
  line: number;
  column: number;
  /** The rule: `syntax-check`, `expression`, `action`, `shellcheck`, ... */
  kind: string;
}

/** Where actionlint was found, or why it was not. */
export interface ActionlintAvailability {
  bin?: string;
  reason: string;
}

function runs(bin: string): boolean {
  return spawnSync(bin, ["-version"], { stdio: "ignore", timeout: 10_000 }).status === 0;
}

/**
 * Finds actionlint: `ACTIONLINT` (a path), else the newest build in `.tools/actionlint/<version>/`, else `PATH`.
 * Never builds it: that is scripts/build-actionlint.sh's job (run by .ci/run).
 */
export function findActionlint(): ActionlintAvailability {
  const given = process.env["ACTIONLINT"];
  if (given) {
    return runs(given) ? { bin: given, reason: `ACTIONLINT=${given}` } : { reason: `ACTIONLINT=${given} does not run` };
  }
  const tools = path.join(REPO_ROOT, ".tools", "actionlint");
  const versions = fs.existsSync(tools)
    ? fs.readdirSync(tools).filter((v) => /^v\d/.test(v)).sort((a, b) => b.localeCompare(a, "en", { numeric: true }))
    : [];
  for (const version of versions) {
    const bin = path.join(tools, version, "actionlint");
    if (fs.existsSync(bin) && runs(bin)) return { bin, reason: `built ${version}` };
  }
  for (const dir of (process.env["PATH"] ?? "").split(path.delimiter)) {
    const bin = dir && path.join(dir, "actionlint");
    if (bin && fs.existsSync(bin) && runs(bin)) return { bin, reason: `on PATH: ${bin}` };
  }
  return { reason: "actionlint is not installed: run `bash scripts/build-actionlint.sh` (needs Go) or put it on PATH" };
}

/**
 * Runs actionlint on the given workflow files (paths relative to `cwd`) and returns what it reported; an empty
 * list means the files passed. shellcheck and pyflakes checks apply when those are installed.
 * @throws Error when actionlint itself fails (exit code 2 or 3), with its stderr.
 */
export function actionlint(bin: string, files: string[], cwd: string = REPO_ROOT): ActionlintError[] {
  const result = spawnSync(bin, ["-no-color", "-format", "{{json .}}", ...files], { cwd, encoding: "utf8", timeout: 60_000 });
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`actionlint exited with ${String(result.status)}: ${result.stderr || result.error?.message || ""}`);
  }
  const out = result.stdout.trim();
  return out === "" ? [] : (JSON.parse(out) as ActionlintError[]);
}

/** `actionlint -version`'s first line. */
export function actionlintVersion(bin: string): string {
  return execFileSync(bin, ["-version"], { encoding: "utf8" }).split("\n")[0]!.trim();
}

/**
 * `describe` for tests that need actionlint: in CI (CI=true) a missing actionlint fails the run; locally the block
 * does not run and a test says why (see test/needs-tool.ts).
 */
export function describeWithActionlint(name: string, body: (bin: string) => void): void {
  const found = findActionlint();
  describeNeeding("actionlint", name, { found: found.bin, reason: found.reason }, body);
}
