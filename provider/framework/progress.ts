/**
 * Progress lines in `pulumi up`'s output while a deployment is waited for (`api: BUILDING (1m20s)`).
 *
 * A dynamic provider has no engine connection of its own: `@pulumi/pulumi`'s `log` is silent in the provider
 * process. The process is the engine's Node.js dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`), run
 * with the engine's address as its first argument; this module opens an engine client on that address with the
 * host's own generated gRPC code (resolved from the host's file, so it is the same `@pulumi/pulumi` and grpc-js
 * the host uses) and sends `Log` requests. The resource a line belongs to is the one whose Create, Update or Delete
 * request the host is serving: its URN is taken from the request as the host reads it and carried through the
 * call's asynchronous work, so the engine prints the line under that resource. A request served before this module
 * was loaded (the host loads the package at its first Check; a destroy sends none, so its first Delete) has no
 * resource: its lines are stack messages, which still name the service or the environment. Anywhere else (tests, a
 * program) there is no engine and nothing is sent.
 *
 * Waits for the service's rate-limit window (pacing, a 429's reset) are lines too, one per wait (./rate-wait.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import { describeProgress, type EnvironmentDeploymentProgress } from "../../sdk";
import { watchRateLimitWaits } from "./rate-wait";

/** What receives progress lines instead of the engine (tests). */
export type ProgressSink = (line: string, urn: string | undefined) => void;

/** The URN of the resource whose Create, Update or Delete the provider host is serving, in this async context. */
const currentResource = new AsyncLocalStorage<{ urn: string }>();

interface EngineLog {
  log(message: string, urn: string): Promise<void>;
}

let engine: EngineLog | null | undefined;
let sink: ProgressSink | undefined;
const pending = new Set<Promise<void>>();

/** The dynamic-provider host's main file when this process is that host, else undefined. */
function hostFile(): string | undefined {
  const file = require.main?.filename;
  return file !== undefined && /[\\/]cmd[\\/]dynamic-provider[\\/]index\.js$/.test(file) ? file : undefined;
}

/**
 * Connects to the engine when this process is the dynamic-provider host: wraps the host's request readers so the
 * URN of each Create/Update/Delete is known to the work it starts, and opens the engine client. Idempotent once
 * connected; never throws (progress is a courtesy: without it, deployments run the same).
 *
 * @param host a file of the `@pulumi/pulumi` whose generated gRPC code to use, at the host's place
 *   (`cmd/dynamic-provider/index.js`): the provider plugin, which the engine also starts with its address first,
 *   passes it. Default: this process's main file when it is the dynamic-provider host.
 */
export function attachEngineLog(host: string | undefined = hostFile()): void {
  if (engine) return;
  if (engine === undefined) watchRateLimitWaits(logProgress);
  engine = null;
  const address = process.argv[2];
  // A call with no host leaves a later one with a host free to connect (the plugin loads runtime.ts, which calls this).
  if (host === undefined || address === undefined || address === "") return;
  try {
    const hostRequire = createRequire(host);
    const providerPb = hostRequire("../../proto/provider_pb.js") as Record<string, { prototype: Record<string, unknown> }>;
    const enginePb = hostRequire("../../proto/engine_pb.js") as {
      LogRequest: new () => { setSeverity(s: number): void; setMessage(m: string): void; setUrn(u: string): void };
      LogSeverity: { INFO: number };
    };
    const engineGrpc = hostRequire("../../proto/engine_grpc_pb.js") as {
      EngineClient: new (address: string, credentials: unknown) => { log(req: unknown, cb: (err: unknown) => void): void };
    };
    const grpc = hostRequire("@grpc/grpc-js") as { credentials: { createInsecure(): unknown } };
    for (const [request, reader] of [["CreateRequest", "getProperties"], ["UpdateRequest", "getNews"], ["DeleteRequest", "getProperties"]] as const) {
      const proto = providerPb[request]?.prototype;
      const original = proto?.[reader];
      if (proto === undefined || typeof original !== "function" || typeof proto["getUrn"] !== "function") continue;
      proto[reader] = function (this: { getUrn(): string }, ...args: unknown[]) {
        // The host reads the request's properties first thing in its handler: what the handler awaits from here on
        // (the provider's create, update or delete) runs with this URN.
        currentResource.enterWith({ urn: this.getUrn() });
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
    const client = new engineGrpc.EngineClient(address, grpc.credentials.createInsecure());
    engine = {
      log: (message, urn) =>
        new Promise<void>((resolve) => {
          const req = new enginePb.LogRequest();
          req.setSeverity(enginePb.LogSeverity.INFO);
          req.setMessage(message);
          req.setUrn(urn);
          client.log(req, () => resolve());
        }),
    };
  } catch {
    engine = null;
  }
}

/**
 * Sends one line to `pulumi up`'s output, under the resource being created, updated or deleted; nothing when
 * there is no engine (and no test sink). Never throws, never waits.
 */
export function logProgress(line: string): void {
  const urn = currentResource.getStore()?.urn;
  if (sink !== undefined) {
    sink(line, urn);
    return;
  }
  if (!engine) return;
  const sent = engine.log(line, urn ?? "").catch(() => undefined);
  pending.add(sent);
  void sent.finally(() => pending.delete(sent));
}

/** Waits until the lines sent so far reached the engine (so a resource's last line shows before its result). */
export async function flushProgress(): Promise<void> {
  await Promise.all([...pending]);
}

/** Sends progress lines to `s` instead of the engine (tests); `undefined` restores the engine. */
export function captureProgress(s: ProgressSink | undefined): void {
  sink = s;
}

/** Runs `fn` as the work of the resource `urn` (tests: lines it logs carry that URN). */
export function asResource<T>(urn: string, fn: () => T): T {
  return currentResource.run({ urn }, fn);
}

/** `45s`, `1m20s`, `1h02m`. */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}

/** How often a line is repeated while nothing changes, in milliseconds. */
export const UNCHANGED_REPEAT_MS = 60_000;

/**
 * A throttled reporter for one wait: `report(what)` logs `<what> (<elapsed>)` when `what` differs from the last
 * line logged, or when a minute passed since it with no change; otherwise nothing.
 *
 * @param now the clock (tests).
 */
export function progressReporter(now: () => number = Date.now): (what: string) => void {
  const started = now();
  let last: string | undefined;
  let lastAt = 0;
  return (what) => {
    const t = now();
    if (what === last && t - lastAt < UNCHANGED_REPEAT_MS) return;
    last = what;
    lastAt = t;
    logProgress(`${what} (${formatElapsed(t - started)})`);
  };
}

/** The progress of one service's wait: `onProgress` of the sdk's wait, logging `<name>: <state> (<elapsed>)`. */
export function serviceProgress(name: string, now?: () => number): (status: { state: string }) => void {
  const report = progressReporter(now);
  return (status) => report(`${name}: ${status.state}`);
}

/**
 * The progress of an environment's wait: `onProgress` of the sdk's `waitForEnvironmentDeployment`, logging
 * `stage 2/3 "apps": api DEPLOYING, web QUEUED (<elapsed>)` (the sdk's {@link describeProgress}) each time the stage
 * or a state changes, and once a minute while nothing does.
 *
 * @param prefix words before the line (`staging: `), naming what is deployed.
 */
export function environmentProgress(prefix = "", now?: () => number): (p: EnvironmentDeploymentProgress) => void {
  const report = progressReporter(now);
  return (p) => report(`${prefix}${describeProgress(p)}`);
}
