/**
 * scripts/build-actionlint.sh without the network: a copy of it in a scratch repository reuses a finished build,
 * and says what to install when neither Go nor actionlint is there. (Building from the module proxy is what
 * .ci/run does before the tests.)
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "./actionlint";

const SCRIPT = path.join(REPO_ROOT, "scripts", "build-actionlint.sh");
const BASH = execFileSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
let root: string;
let toolsOnly: string;

/** A PATH holding only the commands the script needs, so no Go and no actionlint of this machine is found. */
function pathWithOnly(commands: string[]): string {
  const dir = path.join(root, "path");
  fs.mkdirSync(dir, { recursive: true });
  for (const command of commands) {
    const where = execFileSync("bash", ["-c", `command -v ${command}`], { encoding: "utf8" }).trim();
    fs.symlinkSync(where, path.join(dir, command));
  }
  return dir;
}

function runScript(env: Record<string, string>) {
  return spawnSync(BASH, [path.join(root, "scripts", "build-actionlint.sh")], {
    env: { PATH: toolsOnly, HOME: root, ...env },
    encoding: "utf8",
    timeout: 20_000,
  });
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "build-actionlint-"));
  fs.mkdirSync(path.join(root, "scripts"));
  fs.copyFileSync(SCRIPT, path.join(root, "scripts", "build-actionlint.sh"));
  toolsOnly = pathWithOnly(["dirname", "cat", "head", "mkdir", "mktemp", "mv", "rm"]);
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

it("pins a version that the Go module proxy serves", () => {
  expect(fs.readFileSync(SCRIPT, "utf8")).toMatch(/version="\$\{ACTIONLINT_VERSION:-v\d+\.\d+\.\d+\}"/);
});

it("reuses a finished build and prints its path on the last line", () => {
  const bin = path.join(root, ".tools", "actionlint", "v9.9.9", "actionlint");
  fs.mkdirSync(path.dirname(bin), { recursive: true });
  fs.writeFileSync(bin, "#!/bin/sh\necho v9.9.9\n", { mode: 0o755 });
  const run = runScript({ ACTIONLINT_VERSION: "v9.9.9" });
  expect(run.status).toBe(0);
  expect(run.stdout.trim().split("\n").pop()).toBe(bin);
  expect(run.stderr).toMatch(/reusing actionlint v9\.9\.9/);
});

it("fails saying what to install when there is neither Go nor actionlint", () => {
  const run = runScript({ ACTIONLINT_VERSION: "v9.9.9" });
  expect(run.status).toBe(1);
  expect(run.stdout).toBe("");
  expect(run.stderr).toMatch(/Neither an 'actionlint' command nor Go was found/);
  expect(fs.existsSync(path.join(root, ".tools", "actionlint", "v9.9.9"))).toBe(false);
});

it("uses an actionlint on PATH when Go is missing", () => {
  const fake = path.join(toolsOnly, "actionlint");
  fs.writeFileSync(fake, "#!/bin/sh\necho v1.0.0\n", { mode: 0o755 });
  const run = runScript({ ACTIONLINT_VERSION: "v9.9.9" });
  expect(run.status).toBe(0);
  expect(run.stdout.trim()).toBe(fake);
});
