/**
 * Following a deployment, a stop or a deletion to its end: polls with a growing interval, reports
 * progress, and ends in success, {@link DeploymentFailedError} or {@link WaitTimeoutError} — never in
 * "success" because time ran out.
 */
import { DeploymentFailedError, WaitTimeoutError, isNotFound } from "./errors";
import { sleep } from "./retry";

/** The state a wait is heading for. */
export type WaitTarget = "DEPLOYED" | "STOPPED" | "DELETED";

/** Options of every wait. */
export interface WaitOptions<S = unknown> {
  /** Success state: `DEPLOYED` (after deploy/redeploy/restart, the default), `STOPPED` (after stop), `DELETED`. */
  target?: WaitTarget;
  /**
   * Give up after this many milliseconds with WaitTimeoutError. Default: {@link DEFAULT_DEPLOY_TIMEOUT_SECONDS}
   * (30 min) when following a status, 20 min when waiting for an object to be gone.
   */
  timeoutMs?: number;
  /** First poll interval in milliseconds (default 1000); each next one is 1.5 times longer. */
  pollIntervalMs?: number;
  /** Longest poll interval in milliseconds (default 10 000). */
  maxPollIntervalMs?: number;
  /** Growth factor of the poll interval (default 1.5). */
  backoffFactor?: number;
  /** Stops waiting; the wait rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called with every status read. */
  onProgress?: (status: S) => void;
}

/** Where a state stands relative to a target. */
export type StateOutcome = "success" | "failure" | "in_progress";

const BUSY_DETAILS = new Set(["QUEUED", "ONGOING", "EXECUTING", "CANCELING"]);

/**
 * Classifies a state by the service's rules: any `*_ERROR`, `ERROR` or `CANCELED` fails; `DEPLOYED`,
 * `RUNNING` or `RESTARTED` succeed a deploy, `STOPPED` a stop, `DELETED` a delete (`DELETED` fails the
 * others); anything else (`*ING`, `*_QUEUED`, `WAITING_*`, a previous run's state) is still in progress.
 *
 * @param detailStatus `status_details.status`: while it says an action is queued or ongoing, the state
 *   shown (success or failure) is the previous run's and counts as in progress.
 */
export function classifyState(state: string, target: WaitTarget = "DEPLOYED", detailStatus?: string | null): StateOutcome {
  const busy = detailStatus !== undefined && detailStatus !== null && BUSY_DETAILS.has(detailStatus);
  if (state.endsWith("_ERROR") || state === "ERROR" || state === "CANCELED") return busy ? "in_progress" : "failure";
  if (state === "DELETED" && target !== "DELETED") return "failure";
  const reached = target === "DEPLOYED" ? state === "DEPLOYED" || state === "RUNNING" || state === "RESTARTED" : state === target;
  if (reached) return busy ? "in_progress" : "success";
  return "in_progress";
}

/** A status with a state, as waits read it. */
export interface StateRecord {
  /** The deployment state, e.g. `DEPLOYING`. */
  state: string;
  status_details?: { status?: string | null | undefined } | null | undefined;
}

/** What {@link followStatus} follows. */
export interface StatusSource<S extends StateRecord> {
  /** What is followed, for messages (e.g. `application 3f1c...`). */
  what: string;
  /** Path of the status endpoint, for error context. */
  path: string;
  /** Reads the current status. */
  read: () => Promise<S>;
  /** Reads the last log lines, for a failure report (optional; failures to read are ignored). */
  logs?: () => Promise<string[]>;
}

/**
 * How long a deployment is followed by default, in seconds: 30 minutes, the service's default build time limit
 * (`build.timeout_max_sec`), so a wait never gives up on a build the service still lets run.
 */
export const DEFAULT_DEPLOY_TIMEOUT_SECONDS = 1800;

const DEFAULTS = { timeoutMs: DEFAULT_DEPLOY_TIMEOUT_SECONDS * 1000, pollIntervalMs: 1000, maxPollIntervalMs: 10_000, backoffFactor: 1.5 };
const GONE_TIMEOUT_MS = 20 * 60_000;

/** Polls a status until it reaches the target (resolves with it), fails, or the time runs out. */
export async function followStatus<S extends StateRecord>(source: StatusSource<S>, options: WaitOptions<S> = {}): Promise<S> {
  const target = options.target ?? "DEPLOYED";
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxInterval = options.maxPollIntervalMs ?? DEFAULTS.maxPollIntervalMs;
  const factor = options.backoffFactor ?? DEFAULTS.backoffFactor;
  let interval = Math.min(options.pollIntervalMs ?? DEFAULTS.pollIntervalMs, maxInterval);
  const deadline = Date.now() + timeoutMs;
  const context = { method: "GET", path: source.path };
  let last: S | undefined;

  for (;;) {
    options.signal?.throwIfAborted();
    last = await source.read();
    options.onProgress?.(last);
    const outcome = classifyState(last.state, target, last.status_details?.status ?? undefined);
    if (outcome === "success") return last;
    if (outcome === "failure") {
      const logLines = source.logs ? await source.logs().catch(() => []) : [];
      const hint = logLines.length > 0 ? `; last ${logLines.length} log lines in error.logLines` : "";
      throw new DeploymentFailedError(
        `${source.what}: ended in ${last.state} while waiting for ${target}${hint}`, context, last.state, last, logLines,
      );
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new WaitTimeoutError(
        `${source.what}: still ${last.state} after ${timeoutMs} ms waiting for ${target}`, context, timeoutMs, last.state, last,
      );
    }
    await sleep(Math.min(interval, left), options.signal);
    interval = Math.min(interval * factor, maxInterval);
  }
}

/**
 * Polls `fetch` until it throws a not-found error (for deletes the service completes asynchronously).
 * Other errors are passed on; running out of time throws WaitTimeoutError.
 */
export async function waitUntilGone(fetch: () => Promise<unknown>, options: Omit<WaitOptions, "target" | "onProgress"> & { onProgress?: (found: unknown) => void } = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? GONE_TIMEOUT_MS;
  const maxInterval = options.maxPollIntervalMs ?? DEFAULTS.maxPollIntervalMs;
  const factor = options.backoffFactor ?? DEFAULTS.backoffFactor;
  let interval = Math.min(options.pollIntervalMs ?? DEFAULTS.pollIntervalMs, maxInterval);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    options.signal?.throwIfAborted();
    let found: unknown;
    try {
      found = await fetch();
    } catch (e) {
      if (isNotFound(e)) return;
      throw e;
    }
    options.onProgress?.(found);
    const left = deadline - Date.now();
    if (left <= 0) {
      const state = (found as { state?: unknown } | null)?.state;
      throw new WaitTimeoutError(
        `object still exists after ${timeoutMs} ms waiting for it to be gone`, { method: "GET", path: "" }, timeoutMs,
        typeof state === "string" ? state : undefined, found,
      );
    }
    await sleep(Math.min(interval, left), options.signal);
    interval = Math.min(interval * factor, maxInterval);
  }
}
