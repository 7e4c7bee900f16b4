/**
 * Engine runner for tests and benchmarks: runs a Pulumi program folder through the real `pulumi` CLI with a local file backend
 * in a temp folder (no Pulumi Cloud, no network) and returns the engine's structured output.
 *
 * Each operation runs scripts/stack.ts in its own process, the way a user's `pulumi <op>` runs, and reads the
 * JSON it writes: the change summary, the engine events, the outputs, or the exported state.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export const REPO_ROOT = path.resolve(__dirname, "..");
const RUNNER = path.join(REPO_ROOT, "scripts", "stack.ts");
const TS_NODE = path.join(REPO_ROOT, "node_modules", "ts-node", "dist", "bin.js");

/** Where the engine comes from, or why there is none. */
export interface EngineAvailability {
  binDir?: string;
  reason?: string;
}

/** Finds the Pulumi CLI this project builds (or one on PATH). */
export function findEngine(): EngineAvailability {
  const version: string = require(path.join(REPO_ROOT, "node_modules", "@pulumi", "pulumi", "package.json")).version;
  const candidates = [
    process.env.PULUMI_BIN_DIR,
    path.join(REPO_ROOT, ".tools", "pulumi", version, "bin"),
    ...(process.env.PATH ?? "").split(path.delimiter),
  ];
  for (const dir of candidates) {
    if (dir && fs.existsSync(path.join(dir, "pulumi"))) return { binDir: dir };
  }
  return { reason: `no pulumi CLI: run \`npm run pulumi:build\` to build v${version} from Go modules, or put pulumi on PATH` };
}

/** A summary of what an operation did, by kind of step ("create", "update", "replace", "delete", "same"). */
export type ChangeSummary = Partial<Record<string, number>>;

/** One engine event as the Automation API reports it. */
export interface EngineEvent {
  resourcePreEvent?: { metadata: StepMetadata };
  resOutputsEvent?: { metadata: StepMetadata };
  diagnosticEvent?: { message: string; severity: string; urn?: string };
  [key: string]: unknown;
}

/** The metadata of one resource step. */
export interface StepMetadata {
  op: string;
  urn: string;
  type: string;
  diffs?: string[];
  keys?: string[];
  detailedDiff?: Record<string, { kind: string }>;
  new?: { inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
  old?: { inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
}

/** The result of one operation. */
export interface OperationResult {
  op: string;
  changeSummary: ChangeSummary;
  outputs?: Record<string, unknown>;
  events: EngineEvent[];
  /** What the runner printed (progress, and the diff for `preview --diff`). */
  stdout: string;
  stderr: string;
}

/** Steps of one operation: the resource pre-events, keyed by resource name. */
export function steps(result: OperationResult): StepMetadata[] {
  return result.events.flatMap((e) => (e.resourcePreEvent ? [e.resourcePreEvent.metadata] : []));
}

/**
 * The lines an operation printed about waiting for the rate-limit window: the provider's progress lines reach the
 * engine as info diagnostics of the resource that waits.
 */
export function rateLimitWaitLines(result: OperationResult): string[] {
  return result.events.flatMap((e) => {
    const d = e.diagnosticEvent;
    return d && d.severity === "info" && d.message.includes("for the rate-limit window") ? [d.message.trim()] : [];
  });
}

/** Options of a stack driven by the harness. */
export interface StackOptions {
  /** The program folder (holds Pulumi.yaml and the program's node_modules). */
  programDir: string;
  binDir: string;
  stackName?: string;
  config?: Record<string, string>;
  secretConfig?: Record<string, string>;
  /** Extra environment for the program and the providers. */
  env?: Record<string, string>;
  /** How long one operation may take before it is stopped (default 600: ten minutes). */
  timeoutSeconds?: number;
  /** Told the process id of each operation's runner when it starts (a benchmark reads its process tree's CPU). */
  onSpawn?: (pid: number) => void;
}

/** A stack in its own temp backend. */
export class EngineStack {
  readonly stackName: string;
  readonly backendDir: string;
  private readonly homeDir: string;
  private configured = false;

  constructor(private readonly options: StackOptions) {
    this.stackName = options.stackName ?? `t${process.pid}${Math.floor(Math.random() * 1e6)}`;
    this.backendDir = fs.mkdtempSync(path.join(os.tmpdir(), "pds-backend-"));
    this.homeDir = fs.mkdtempSync(path.join(os.tmpdir(), "pds-home-"));
  }

  preview(extra: string[] = []): Promise<OperationResult> { return this.run("preview", extra); }
  up(): Promise<OperationResult> { return this.run("up"); }
  refresh(): Promise<OperationResult> { return this.run("refresh"); }
  destroy(): Promise<OperationResult> { return this.run("destroy"); }

  /** `pulumi stack export`: the deployment as JSON, secrets encrypted as the engine stores them. */
  exportState(): Promise<{ deployment: { resources?: Array<Record<string, any>> }; text: string }> {
    return this.exportAs("export");
  }

  /** `pulumi stack export --show-secrets`: the same with secrets decrypted, to learn the values to look for. */
  exportStateWithSecrets(): Promise<{ deployment: { resources?: Array<Record<string, any>> }; text: string }> {
    return this.exportAs("export-secrets");
  }

  /** `pulumi stack import`: replaces the stack's state with `exported` (as {@link exportState} returned it). */
  async importState(exported: { deployment: unknown }): Promise<void> {
    const file = path.join(this.backendDir, `import-${Date.now()}.json`);
    fs.writeFileSync(file, JSON.stringify({ version: 3, ...(exported as object) }));
    try {
      await this.run("import", ["--file", file]);
    } finally {
      fs.rmSync(file, { force: true });
    }
  }

  /** Sets one stack config value (in the program folder's Pulumi.<stack>.yaml, as `pulumi config set` does). */
  async setConfig(key: string, value: string): Promise<void> {
    await this.run("outputs", ["--config", `${key}=${value}`]);
  }

  private async exportAs(op: "export" | "export-secrets"): Promise<{ deployment: { resources?: Array<Record<string, any>> }; text: string }> {
    const result = await this.run(op);
    const deployment = (result as unknown as { deployment: { deployment: { resources?: Array<Record<string, any>> } } }).deployment;
    return { deployment: deployment.deployment, text: JSON.stringify(deployment) };
  }

  /** Removes the stack and its temp folders. */
  async remove(): Promise<void> {
    try {
      await this.run("rm");
    } finally {
      fs.rmSync(this.backendDir, { recursive: true, force: true });
      fs.rmSync(this.homeDir, { recursive: true, force: true });
      fs.rmSync(path.join(this.options.programDir, `Pulumi.${this.stackName}.yaml`), { force: true });
    }
  }

  /**
   * Starts an operation without waiting for it, in a process group of its own (the runner, the CLI and the
   * provider hosts together), so a test can interrupt it as Ctrl-C or a CI timeout would: `process.kill(-child.pid, sig)`.
   * `done` settles with the exit code and what the processes printed.
   */
  start(op: string, extra: string[] = [], env: Record<string, string> = {}): { child: ChildProcess; done: Promise<{ code: number | null; signal: string | null; output: string }> } {
    const { args, env: fullEnv } = this.invocation(op, path.join(this.backendDir, `${op}-${Date.now()}.json`), extra, env);
    const child = spawn(process.execPath, args, { env: fullEnv, cwd: this.options.programDir, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (d: Buffer) => { output += d.toString(); });
    child.stderr?.on("data", (d: Buffer) => { output += d.toString(); });
    const done = new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) => {
      child.on("close", (code, signal) => resolve({ code, signal, output }));
    });
    return { child, done };
  }

  /** `pulumi cancel`: removes the lock an interrupted operation left (what the engine tells users to run). */
  async cancel(): Promise<void> { await this.run("cancel"); }

  /** `pulumi up` with extra environment for the program and the providers (e.g. `DEPLOY_SERVICE_ADOPT`). */
  upWith(env: Record<string, string>): Promise<OperationResult> { return this.run("up", [], env); }

  private invocation(op: string, jsonOut: string, extra: string[], env: Record<string, string>): { args: string[]; env: NodeJS.ProcessEnv } {
    const args = [TS_NODE, "--transpile-only", RUNNER, op, "--dir", this.options.programDir, "--stack", this.stackName, "--json-out", jsonOut, ...extra];
    if (!this.configured) {
      for (const [k, v] of Object.entries(this.options.config ?? {})) args.push("--config", `${k}=${v}`);
      for (const [k, v] of Object.entries(this.options.secretConfig ?? {})) args.push("--secret", `${k}=${v}`);
    }
    return {
      args,
      env: {
        ...process.env,
        ...this.options.env,
        ...env,
        PULUMI_BIN_DIR: this.options.binDir,
        PULUMI_BACKEND_URL: `file://${this.backendDir}`,
        PULUMI_HOME: this.homeDir,
        PULUMI_CONFIG_PASSPHRASE: "engine-tests",
        TS_NODE_TRANSPILE_ONLY: "true",
      },
    };
  }

  private async run(op: string, extra: string[] = [], extraEnv: Record<string, string> = {}): Promise<OperationResult> {
    const jsonOut = path.join(this.backendDir, `${op}-${Date.now()}.json`);
    const { args, env } = this.invocation(op, jsonOut, extra, extraEnv);
    const timeoutSeconds = this.options.timeoutSeconds ?? 600;
    const { stdout, stderr, code, killed } = await new Promise<{ stdout: string; stderr: string; code: number; killed: boolean }>((resolve) => {
      const child = execFile(process.execPath, args, { env, cwd: this.options.programDir, maxBuffer: 64 * 1024 * 1024, timeout: timeoutSeconds * 1000 },
        (error, out, err) => resolve({
          stdout: out, stderr: err, code: error ? ((error as { code?: number }).code ?? 1) : 0, killed: Boolean(error && (error as { killed?: boolean }).killed),
        }));
      if (child.pid !== undefined) this.options.onSpawn?.(child.pid);
    });
    if (code !== 0) {
      const why = killed ? `stopped after ${timeoutSeconds} s (the stack's timeoutSeconds)` : `exit ${code}`;
      throw new Error(`pulumi ${op} failed (${why}):\n${stderr.slice(-6000)}\n${stdout.slice(-2000)}`);
    }
    this.configured = true;
    const parsed = JSON.parse(fs.readFileSync(jsonOut, "utf8"));
    fs.rmSync(jsonOut, { force: true });
    return { changeSummary: {}, events: [], ...parsed, stdout, stderr };
  }
}
