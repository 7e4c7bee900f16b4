/**
 * The main example, in one command: builds the Pulumi CLI if needed, starts the bundled emulator with its data
 * in .work/emulator/, and runs the root program (Pulumi.yaml) through the real engine on a local backend.
 *
 *   npm run example:up        pulumi up --yes, then print the stack outputs (run again: no changes)
 *   npm run example:preview   pulumi preview --diff into .work/preview.txt: against the running example stack when
 *                             there is one (CI applies the base branch first, so this is the pull request's change),
 *                             else against a fresh emulator
 *   npm run example:destroy   pulumi destroy --yes, remove the stack, stop the emulator
 */
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { emulatorInfoFrom } from "./emulator-process";

const ROOT = path.resolve(__dirname, "..");
const WORK = path.join(ROOT, ".work");
const EMULATOR_DIR = path.join(WORK, "emulator");
const STATE_FILE = path.join(EMULATOR_DIR, "state.json");
const PID_FILE = path.join(EMULATOR_DIR, "pid");
const INFO_FILE = path.join(EMULATOR_DIR, "info.json");
const STACK = process.env.EXAMPLE_STACK ?? "dev";
const RANDOM_STANDIN = path.join(ROOT, "test", "random-standin", "bin");

interface EmulatorInfo {
  pid?: number | undefined;
  url: string;
  tokens: { admin: string };
  organizationId: string;
  clusterIds: string[];
}

const say = (line: string) => process.stderr.write(`[example] ${line}\n`);

function ensureBuilt(): void {
  if (!fs.existsSync(path.join(ROOT, "dist", "provider", "runtime.js"))) {
    say("building the package (npm run build)");
    execFileSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: "inherit" });
  }
}

function pulumiBinDir(): string {
  say("making sure the Pulumi CLI is there (scripts/build-pulumi.sh)");
  const out = execFileSync("bash", [path.join(ROOT, "scripts", "build-pulumi.sh")], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  return out.trim().split("\n").pop()!;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts the emulator in the background (or reuses the running one) and returns what it printed. */
async function startEmulator(dataFile: string | undefined): Promise<EmulatorInfo> {
  fs.mkdirSync(EMULATOR_DIR, { recursive: true });
  if (dataFile && fs.existsSync(PID_FILE) && fs.existsSync(INFO_FILE) && alive(Number(fs.readFileSync(PID_FILE, "utf8")))) {
    say("reusing the running emulator");
    return JSON.parse(fs.readFileSync(INFO_FILE, "utf8"));
  }
  const args = [path.join(ROOT, "dist", "emulator", "cli.js"), "--json", "--port", "0"];
  if (dataFile) args.push("--data", dataFile);
  const child = spawn(process.execPath, args, { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "ignore"] });
  const info = await emulatorInfoFrom<EmulatorInfo>(child);
  child.stdout!.destroy();
  child.unref();
  if (dataFile) {
    fs.writeFileSync(PID_FILE, String(child.pid));
    fs.writeFileSync(INFO_FILE, JSON.stringify(info));
  }
  say(`emulator at ${info.url} (organization ${info.organizationId})`);
  return { ...info, pid: child.pid };
}

function stopEmulator(pid?: number): void {
  const target = pid ?? (fs.existsSync(PID_FILE) ? Number(fs.readFileSync(PID_FILE, "utf8")) : undefined);
  if (target && alive(target)) {
    process.kill(target, "SIGTERM");
    say("emulator stopped");
  }
  if (pid === undefined) {
    fs.rmSync(PID_FILE, { force: true });
    fs.rmSync(INFO_FILE, { force: true });
  }
}

/**
 * The root program uses @pulumi/random. A normal Pulumi install downloads its plugin; this offline machine
 * cannot, so when no plugin is found the test stand-in is put on PATH, and the script says so.
 */
function randomPluginPath(binDir: string): string {
  const onPath = (process.env.PATH ?? "").split(path.delimiter).some((d) => d && fs.existsSync(path.join(d, "pulumi-resource-random")));
  if (onPath) return "";
  try {
    const listed = execFileSync(path.join(binDir, "pulumi"), ["plugin", "ls", "--json"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    if ((JSON.parse(listed || "[]") as Array<{ name: string }>).some((p) => p.name === "random")) return "";
  } catch {
    // fall through
  }
  try {
    const version: string = require(path.join(ROOT, "node_modules", "@pulumi", "random", "package.json")).version;
    say(`installing the random plugin v${version}`);
    execFileSync(path.join(binDir, "pulumi"), ["plugin", "install", "resource", "random", version], { stdio: "ignore", timeout: 120_000 });
    return "";
  } catch {
    say("the random plugin cannot be downloaded here: using the test stand-in (test/random-standin)");
    return RANDOM_STANDIN;
  }
}

/** The folder of the random stand-in when it is needed, "" when a real plugin is there; found once per run. */
let randomStandin: string | undefined;

interface StackRun {
  op: string;
  stack: string;
  binDir: string;
  backendUrl: string;
  emulator?: EmulatorInfo;
  extra?: string[];
  /** "pipe" returns what the engine printed instead of showing it. */
  stdout?: "inherit" | "pipe";
}

function runStack(run: StackRun): string {
  const args = [require.resolve("ts-node/dist/bin.js"), "--transpile-only", path.join(ROOT, "scripts", "stack.ts"), run.op,
    "--dir", ROOT, "--stack", run.stack, ...(run.extra ?? [])];
  if (run.emulator) {
    args.push("--config", `deploy-service:apiUrl=${run.emulator.url}`, "--secret", `deploy-service:apiToken=${run.emulator.tokens.admin}`);
  }
  const standin = (randomStandin ??= randomPluginPath(run.binDir));
  const env = {
    ...process.env,
    PULUMI_BIN_DIR: run.binDir,
    PULUMI_BACKEND_URL: run.backendUrl,
    PATH: [standin, run.binDir, process.env.PATH ?? ""].filter(Boolean).join(path.delimiter),
  };
  return execFileSync(process.execPath, args, { cwd: ROOT, env, encoding: "utf8", stdio: ["ignore", run.stdout ?? "inherit", "inherit"] }) ?? "";
}

async function main(): Promise<void> {
  const command = process.argv[2];
  if (!["up", "preview", "destroy"].includes(command ?? "")) throw new Error(`expected up, preview or destroy, got ${JSON.stringify(command)}`);
  ensureBuilt();
  const binDir = pulumiBinDir();
  const backendUrl = process.env.PULUMI_BACKEND_URL ?? `file://${path.join(WORK, "pulumi-state")}`;
  fs.mkdirSync(path.join(WORK, "pulumi-state"), { recursive: true });

  if (command === "up") {
    const emulator = await startEmulator(STATE_FILE);
    say(`pulumi up --yes (stack ${STACK}, local backend in .work/pulumi-state)`);
    runStack({ op: "up", stack: STACK, binDir, backendUrl, emulator });
    say("done: run it again to see that nothing changes; `npm run example:destroy` removes everything");
  } else if (command === "destroy") {
    const emulator = await startEmulator(STATE_FILE);
    say(`pulumi destroy --yes (stack ${STACK})`);
    runStack({ op: "destroy", stack: STACK, binDir, backendUrl, emulator });
    runStack({ op: "rm", stack: STACK, binDir, backendUrl, extra: ["--quiet"] });
    stopEmulator();
    fs.rmSync(STATE_FILE, { force: true });
    fs.rmSync(path.join(ROOT, `Pulumi.${STACK}.yaml`), { force: true });
    say("stack destroyed and removed, emulator stopped");
  } else if (runningExample()) {
    // The example stack is up (a pull request's CI applies the base branch first): preview the change against it.
    const emulator = await startEmulator(STATE_FILE);
    say(`pulumi preview --diff of stack ${STACK} against the running emulator`);
    writePreview(runStack({ op: "preview", stack: STACK, binDir, backendUrl, emulator, extra: ["--diff"], stdout: "pipe" }));
  } else {
    // Nothing applied yet: preview everything against a throwaway emulator and backend.
    const emulator = await startEmulator(undefined);
    const stack = `preview-${process.pid}`;
    const backend = fs.mkdtempSync(path.join(WORK, "preview-state-"));
    try {
      say("pulumi preview --diff against a fresh emulator");
      writePreview(runStack({ op: "preview", stack, binDir, backendUrl: `file://${backend}`, emulator, extra: ["--diff"], stdout: "pipe" }));
    } finally {
      stopEmulator(emulator.pid);
      fs.rmSync(backend, { recursive: true, force: true });
      fs.rmSync(path.join(ROOT, `Pulumi.${stack}.yaml`), { force: true });
    }
  }
}

/** True when `example:up` left the emulator running and the stack in the local backend. */
function runningExample(): boolean {
  const stackFile = path.join(WORK, "pulumi-state", ".pulumi", "stacks", "deploy-service-example", `${STACK}.json`);
  return fs.existsSync(PID_FILE) && alive(Number(fs.readFileSync(PID_FILE, "utf8"))) && fs.existsSync(stackFile);
}

function writePreview(text: string): void {
  fs.writeFileSync(path.join(WORK, "preview.txt"), text);
  process.stdout.write(text);
  say("wrote .work/preview.txt");
}

main().catch((error: unknown) => {
  say(`failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
