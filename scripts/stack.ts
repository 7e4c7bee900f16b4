/**
 * Runs a Pulumi program folder through the real `pulumi` engine: preview, up, refresh, destroy, outputs, export.
 *
 * It does what `pulumi <op>` does in that folder, through the Automation API's inline mode, so it needs only
 * the `pulumi` binary (scripts/build-pulumi.sh) and not the Node.js language host, which cannot be built here.
 * The program is loaded from its own folder with that folder's `@pulumi/pulumi`, exactly as the language host
 * would: its exports (or the value its default function returns) become the stack outputs.
 *
 * Usage: ts-node scripts/stack.ts <preview|up|refresh|destroy|outputs|export|export-secrets|rm> --dir DIR --stack NAME
 *          [--config key=value]... [--secret key=value]... [--diff] [--json-out FILE] [--quiet]
 * Engine settings come from the environment: PULUMI_BACKEND_URL (default file://DIR/.work/pulumi-state),
 * PULUMI_CONFIG_PASSPHRASE (default "local"), PULUMI_HOME, PULUMI_BIN_DIR (default .tools/pulumi/<version>/bin or PATH).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { createRequire } from "node:module";
import type * as automation from "@pulumi/pulumi/automation";

type Operation = "preview" | "up" | "refresh" | "destroy" | "outputs" | "export" | "import" | "export-secrets" | "rm" | "cancel";
const OPERATIONS: readonly Operation[] = ["preview", "up", "refresh", "destroy", "outputs", "export", "import", "export-secrets", "rm", "cancel"];

interface RunnerArgs {
  op: Operation;
  dir: string;
  stack: string;
  config: Record<string, string>;
  secrets: Record<string, string>;
  diff: boolean;
  jsonOut?: string;
  /** State file for `import`. */
  file?: string;
  quiet: boolean;
}

function parseArgs(argv: string[]): RunnerArgs {
  const [op, ...rest] = argv;
  if (!op || !OPERATIONS.includes(op as Operation)) {
    throw new Error(`first argument: expected one of ${OPERATIONS.join(", ")}, got ${JSON.stringify(op)}`);
  }
  const args: RunnerArgs = { op: op as Operation, dir: process.cwd(), stack: "dev", config: {}, secrets: {}, diff: false, quiet: false };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const value = () => {
      const v = rest[++i];
      if (v === undefined) throw new Error(`${flag}: expected a value`);
      return v;
    };
    const pair = (target: Record<string, string>) => {
      const v = value();
      const eq = v.indexOf("=");
      if (eq <= 0) throw new Error(`${flag}: expected key=value, got ${JSON.stringify(v.split("=")[0])}=...`);
      target[v.slice(0, eq)] = v.slice(eq + 1);
    };
    switch (flag) {
      case "--dir": args.dir = path.resolve(value()); break;
      case "--stack": args.stack = value(); break;
      case "--config": pair(args.config); break;
      case "--secret": pair(args.secrets); break;
      case "--diff": args.diff = true; break;
      case "--json-out": args.jsonOut = path.resolve(value()); break;
      case "--file": args.file = path.resolve(value()); break;
      case "--quiet": args.quiet = true; break;
      default: throw new Error(`unknown option ${JSON.stringify(flag)}`);
    }
  }
  return args;
}

/** Finds the folder holding `pulumi` and the dynamic-provider host plugin, and returns it. */
function pulumiBinDir(programRequire: NodeRequire, repoRoot: string): string {
  if (process.env.PULUMI_BIN_DIR) return process.env.PULUMI_BIN_DIR;
  const version: string = programRequire("@pulumi/pulumi/package.json").version;
  const built = path.join(repoRoot, ".tools", "pulumi", version, "bin");
  if (fs.existsSync(path.join(built, "pulumi"))) return built;
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, "pulumi"))) return dir;
  }
  throw new Error(`no pulumi CLI found: run \`npm run pulumi:build\` (builds v${version} from Go modules) or install the Pulumi CLI`);
}

function projectName(dir: string): string {
  const yaml = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
  const match = /^name:\s*["']?([^"'\s#]+)/m.exec(yaml);
  if (!match?.[1]) throw new Error(`${dir}/Pulumi.yaml: expected a "name:" line`);
  return match[1];
}

function programEntry(dir: string): string {
  const yaml = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
  const main = /^main:\s*["']?([^"'\s#]+)/m.exec(yaml)?.[1];
  const base = path.resolve(dir, main ?? ".");
  for (const candidate of [base, `${base}.ts`, path.join(base, "index.ts"), path.join(base, "index.js")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${dir}: no program entry (index.ts or Pulumi.yaml's main)`);
}

/** Loads the program the way the Node.js language host does and returns its stack outputs. */
async function runProgram(entry: string): Promise<Record<string, unknown>> {
  const loaded = require(entry);
  const exported = loaded?.__esModule && typeof loaded.default === "function" ? loaded.default : loaded;
  if (typeof exported === "function") return (await exported()) ?? {};
  const outputs: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(loaded ?? {})) {
    if (key !== "__esModule" && key !== "default") outputs[key] = value;
  }
  return outputs;
}

function progressPrinter(quiet: boolean, events: automation.EngineEvent[]): (e: automation.EngineEvent) => void {
  return (event) => {
    events.push(event);
    if (quiet) return;
    const outputs = event.resOutputsEvent?.metadata;
    if (outputs && outputs.op !== "same" && outputs.type !== "pulumi:pulumi:Stack" && !outputs.type.startsWith("pulumi:providers:")) {
      process.stderr.write(`  ${outputs.op.padEnd(8)} ${outputs.type.replace(/^pulumi-nodejs:dynamic\//, "")} ${outputs.urn.split("::").pop()}\n`);
    }
    const diag = event.diagnosticEvent;
    if (diag && (diag.severity === "error" || diag.severity === "warning") && !diag.ephemeral) {
      process.stderr.write(`  ${diag.severity}: ${diag.message.trim()}\n`);
    }
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const repoRoot = path.resolve(__dirname, "..");
  const programRequire = createRequire(path.join(args.dir, "package.json"));
  const auto: typeof automation = programRequire("@pulumi/pulumi/automation");
  const binDir = pulumiBinDir(programRequire, repoRoot);

  const stateDir = path.join(args.dir, ".work", "pulumi-state");
  const env: Record<string, string> = {
    PULUMI_BACKEND_URL: process.env.PULUMI_BACKEND_URL ?? `file://${stateDir}`,
    PULUMI_CONFIG_PASSPHRASE: process.env.PULUMI_CONFIG_PASSPHRASE ?? "local",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
  };
  if (env.PULUMI_BACKEND_URL!.startsWith("file://")) fs.mkdirSync(env.PULUMI_BACKEND_URL!.slice("file://".length), { recursive: true });
  for (const passed of ["PULUMI_HOME", "PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION"]) {
    const value = process.env[passed];
    if (value) env[passed] = value;
  }
  Object.assign(process.env, env);
  process.chdir(args.dir);

  const entry = programEntry(args.dir);
  const pulumiCommand = await auto.PulumiCommand.get({ root: path.dirname(binDir), skipVersionCheck: true });
  const stack = await auto.LocalWorkspace.createOrSelectStack(
    { stackName: args.stack, projectName: projectName(args.dir), program: () => runProgram(entry) },
    { workDir: args.dir, envVars: env, pulumiCommand },
  );
  for (const [key, value] of Object.entries(args.config)) await stack.setConfig(key, { value });
  for (const [key, value] of Object.entries(args.secrets)) await stack.setConfig(key, { value, secret: true });

  const events: automation.EngineEvent[] = [];
  const printEvent = progressPrinter(args.quiet, events);
  const onEvent = (event: automation.EngineEvent) => {
    printEvent(event);
    if (isProgramFailure(event)) endAfterProgramFailure(event.diagnosticEvent!.message);
  };
  const onOutput = args.diff && !args.quiet ? (out: string) => process.stdout.write(out) : undefined;
  const started = Date.now();
  let result: Record<string, unknown>;
  switch (args.op) {
    case "preview": {
      const r = await stack.preview({ onEvent, diff: args.diff, ...(onOutput ? { onOutput } : {}) });
      result = { changeSummary: r.changeSummary };
      break;
    }
    case "up": {
      const r = await stack.up({ onEvent, ...(onOutput ? { onOutput } : {}) });
      result = { changeSummary: r.summary.resourceChanges ?? {}, outputs: plainOutputs(r.outputs) };
      break;
    }
    case "refresh": {
      const r = await stack.refresh({ onEvent });
      result = { changeSummary: r.summary.resourceChanges ?? {} };
      break;
    }
    case "destroy": {
      const r = await stack.destroy({ onEvent });
      result = { changeSummary: r.summary.resourceChanges ?? {} };
      break;
    }
    case "outputs":
      result = { outputs: plainOutputs(await stack.outputs()) };
      break;
    case "export": {
      // What `pulumi stack export` shows: secrets stay encrypted (the Automation API's exportStack decrypts them).
      const exported = execFileSync(pulumiCommand.command, ["stack", "export", "--stack", args.stack],
        { cwd: args.dir, env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
      result = { deployment: JSON.parse(exported) };
      break;
    }
    case "import": {
      // `pulumi stack import` of a file as `stack export` wrote it (secrets encrypted with this stack's key).
      if (!args.file) throw new Error("import needs --file <state.json>");
      execFileSync(pulumiCommand.command, ["stack", "import", "--stack", args.stack, "--file", args.file],
        { cwd: args.dir, env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
      result = {};
      break;
    }
    case "export-secrets":
      result = { deployment: await stack.exportStack() };
      break;
    case "rm":
      await stack.workspace.removeStack(args.stack, { force: true });
      result = {};
      break;
    case "cancel":
      // `pulumi cancel`: removes the lock an interrupted operation left behind.
      await stack.cancel();
      result = {};
      break;
  }
  const payload = { op: args.op, stack: args.stack, seconds: (Date.now() - started) / 1000, ...result, events };
  if (args.jsonOut) fs.writeFileSync(args.jsonOut, JSON.stringify(payload));
  if (!args.quiet && "changeSummary" in result) process.stderr.write(`${args.op}: ${JSON.stringify(result.changeSummary)}\n`);
  if (!args.quiet && args.op === "up") process.stdout.write(`${JSON.stringify(result.outputs, null, 2)}\n`);
}

/** An exception of the program itself (a lookup that threw, a missing config value), as the engine reports it. */
function isProgramFailure(event: automation.EngineEvent): boolean {
  const diag = event.diagnosticEvent;
  return diag?.severity === "error" && /Unhandled exception|Running program .* failed/.test(diag.message);
}

let ending = false;
/**
 * Ends the operation after the program threw. In the Automation API's inline mode the engine reports the exception
 * but keeps waiting for the resources the failed program will never register; ending this process closes the
 * engine's connection to the program, so the engine fails the operation and releases the stack's lock.
 */
function endAfterProgramFailure(message: string): void {
  if (ending) return;
  ending = true;
  const firstLine = message.trim().split("\n")[0] ?? "";
  process.stderr.write(`stack ${process.argv[2] ?? ""} failed: the program threw: ${firstLine}\n`);
  setTimeout(() => process.exit(1), 2000).unref();
}

/** Stack outputs as plain values; secrets stay masked. */
function plainOutputs(outputs: automation.OutputMap): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const [key, { value, secret }] of Object.entries(outputs)) plain[key] = secret ? "[secret]" : value;
  return plain;
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`stack ${process.argv[2] ?? ""} failed: ${message}\n`);
  process.exit(1);
});
