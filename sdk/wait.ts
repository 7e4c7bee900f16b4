/**
 * Following a deployment, a stop or a deletion to its end: polls with a growing interval, reports
 * progress, and ends in success, {@link DeploymentFailedError} or {@link WaitTimeoutError} — never in
 * "success" because time ran out.
 *
 * A wait given the answer of the action it follows (`after`) or the status read just before it (`previous`)
 * follows that action's deployment request: the service's first status reads after an action may still show the
 * previous deployment (its `DEPLOYED` included), and those are never taken as the outcome.
 */
import { DeploymentFailedError, WaitTimeoutError, isNotFound, type FailedService } from "./errors";
import { sleep } from "./retry";
import type { ActionResult, EnvironmentStatus } from "./status";

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
  /**
   * The answer of the action this wait follows (what `deploy`, `stop`, `redeploy`, `restart`, `deployServices`...
   * returned). When it names a `deployment_request_id`, a status naming another request is "not yet ours" and counts
   * as in progress, whatever its state (so the previous deployment's `DEPLOYED` is not taken as success; a later
   * request that replaces the followed one keeps the wait waiting until its timeout). A status naming no request
   * falls back to `previous`. Without `after` and `previous` every status read counts, as it always did.
   */
  after?: FollowedAction;
  /**
   * The status read just before the action. A status that is still that one is the previous run's and counts as in
   * progress: one naming the same `deployment_request_id`, or, when neither names one, one with the same state,
   * details, request count, execution id and last deployment date. Used when `after` names no request id (an action
   * answered with a deployment record, or without a body).
   */
  previous?: S;
  /**
   * Values to replace with `***` in the log lines of a failure report, besides the token and the secrets this
   * client sent (e.g. the secret values a program set on the service some other way).
   */
  secrets?: ReadonlyArray<string>;
}

/** The part of an action's answer a wait follows: the deployment request it started, when it names one. */
export interface RequestReference {
  /** The deployment request the action started (a `Status` or an `EnvironmentStatus` carries it). */
  deployment_request_id?: string | null | undefined;
}

/**
 * The answer of an action a wait follows: a service action's {@link ActionResult}, an environment action's
 * {@link EnvironmentStatus}, or just the request id (`{ deployment_request_id }`).
 */
export type FollowedAction = ActionResult | EnvironmentStatus | RequestReference;

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
  /** The service's detail of the state, when it sends one. */
  status_details?: {
    /** What the service is doing, e.g. `QUEUED` or `ONGOING`: the state shown is then the previous run's. */
    status?: string | null | undefined;
  } | null | undefined;
  /** The deployment request the status is about, when the service says. */
  deployment_request_id?: string | null | undefined;
}

/** The deployment request id a status or an action's answer names, if it names one (a non-empty string). */
export function requestIdOf(record: unknown): string | undefined {
  if (record === null || typeof record !== "object") return undefined;
  const id = (record as Record<string, unknown>)["deployment_request_id"];
  return typeof id === "string" && id !== "" ? id : undefined;
}

const SAME_STATUS_FIELDS = ["state", "deployment_requests_count", "execution_id", "last_deployment_date", "last_deployment_id"] as const;

function sameStatus(a: object, b: object): boolean {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  if (SAME_STATUS_FIELDS.some((k) => (ra[k] ?? null) !== (rb[k] ?? null))) return false;
  const details = (r: Record<string, unknown>) => {
    const d = r["status_details"] as Record<string, unknown> | null | undefined;
    return `${String(d?.["action"] ?? null)}/${String(d?.["status"] ?? null)}`;
  };
  return details(ra) === details(rb);
}

/** What a wait knows of the action it follows: its request id and the status read before it. */
export interface FollowedRequest {
  /** The deployment request the action started (from `after`). */
  requestId?: string | undefined;
  /** The status read just before the action. */
  previous?: object | null | undefined;
}

/**
 * Whether a status is about the followed action (else it still shows an earlier request and counts as in progress):
 * with a request id, the status must name it (a status naming none is judged by `previous`); with `previous`, the
 * status must not be that one (another request id, or, without ids, another state, count or date); with neither,
 * every status is.
 */
export function isFollowedStatus(status: object, followed: FollowedRequest): boolean {
  const id = requestIdOf(status);
  if (followed.requestId !== undefined && id !== undefined) return id === followed.requestId;
  const previous = followed.previous;
  if (previous === undefined || previous === null) return true;
  const previousId = requestIdOf(previous);
  if (id !== undefined && previousId !== undefined) return id !== previousId;
  return !sameStatus(status, previous);
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
  /** The service followed, named on a failure (`DeploymentFailedError.service`). */
  service?: FailedService;
  /** States that fail whatever the target, besides the errors (a cluster's `INVALID_CREDENTIALS`). */
  failureStates?: ReadonlyArray<string>;
}

/**
 * How long a deployment is followed by default, in seconds: 30 minutes, the service's default build time limit
 * (`build.timeout_max_sec`), so a wait never gives up on a build the service still lets run.
 */
export const DEFAULT_DEPLOY_TIMEOUT_SECONDS = 1800;
/** The longest a program may ask a deployment to be followed, in seconds: one day. */
export const MAX_DEPLOY_TIMEOUT_SECONDS = 86_400;

const DEFAULTS = { timeoutMs: DEFAULT_DEPLOY_TIMEOUT_SECONDS * 1000, pollIntervalMs: 1000, maxPollIntervalMs: 10_000, backoffFactor: 1.5 };
const GONE_TIMEOUT_MS = 20 * 60_000;

/** The timing options of a wait. */
export type PollOptions = Pick<WaitOptions, "timeoutMs" | "pollIntervalMs" | "maxPollIntervalMs" | "backoffFactor" | "signal">;

/**
 * The schedule of a wait's polls: a deadline `timeoutMs` from its start, and an interval growing from
 * `pollIntervalMs` by `backoffFactor` up to `maxPollIntervalMs`.
 */
export class PollSchedule {
  /** The wait's time limit in milliseconds. */
  readonly timeoutMs: number;
  /** When the wait began (epoch milliseconds). */
  readonly startedAt = Date.now();
  private interval: number;
  private readonly maxInterval: number;
  private readonly factor: number;

  /** @param options the wait's timing options; @param defaultTimeoutMs the limit when `timeoutMs` is absent. */
  constructor(private readonly options: PollOptions, defaultTimeoutMs: number = DEFAULTS.timeoutMs) {
    this.timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    this.maxInterval = options.maxPollIntervalMs ?? DEFAULTS.maxPollIntervalMs;
    this.factor = options.backoffFactor ?? DEFAULTS.backoffFactor;
    this.interval = Math.min(options.pollIntervalMs ?? DEFAULTS.pollIntervalMs, this.maxInterval);
  }

  /** Milliseconds since the wait began. */
  elapsed(): number {
    return Date.now() - this.startedAt;
  }

  /** True once the time limit has passed. */
  expired(): boolean {
    return this.elapsed() >= this.timeoutMs;
  }

  /** Sleeps until the next poll (never past the deadline); rejects with the signal's reason when it aborts. */
  async pause(): Promise<void> {
    await sleep(Math.min(this.interval, Math.max(0, this.timeoutMs - this.elapsed())), this.options.signal);
    this.interval = Math.min(this.interval * this.factor, this.maxInterval);
  }
}

/**
 * Polls a status until it reaches the target (resolves with it), fails, or the time runs out. With `after` or
 * `previous`, statuses of an earlier request count as in progress (see {@link isFollowedStatus}).
 */
export async function followStatus<S extends StateRecord>(source: StatusSource<S>, options: WaitOptions<S> = {}): Promise<S> {
  const target = options.target ?? "DEPLOYED";
  const schedule = new PollSchedule(options);
  const context = { method: "GET", path: source.path };
  const followed: FollowedRequest = { requestId: requestIdOf(options.after), previous: options.previous };

  for (;;) {
    options.signal?.throwIfAborted();
    const last = await source.read();
    options.onProgress?.(last);
    const ours = isFollowedStatus(last, followed);
    const failed = source.failureStates?.includes(last.state) === true;
    const outcome = !ours ? "in_progress" : failed ? "failure" : classifyState(last.state, target, last.status_details?.status ?? undefined);
    if (outcome === "success") return last;
    if (outcome === "failure") {
      const logLines = source.logs ? await source.logs().catch(() => []) : [];
      const hint = logLines.length > 0 ? `; last ${logLines.length} log lines in error.logLines` : "";
      throw new DeploymentFailedError(
        `${source.what}: ended in ${last.state} while waiting for ${target}${hint}`, context, last.state, last, logLines,
        source.service ? { service: source.service } : {},
      );
    }
    if (schedule.expired()) {
      const shown = ours ? last.state : `showing the previous request's ${last.state}`;
      throw new WaitTimeoutError(
        `${source.what}: still ${shown} after ${schedule.timeoutMs} ms waiting for ${target}`, context, schedule.timeoutMs, last.state, last,
      );
    }
    await schedule.pause();
  }
}

/**
 * Polls `fetch` until it throws a not-found error (for deletes the service completes asynchronously).
 * Other errors are passed on; running out of time throws WaitTimeoutError.
 */
export async function waitUntilGone(fetch: () => Promise<unknown>, options: Omit<WaitOptions, "target" | "onProgress" | "after" | "previous"> & { onProgress?: (found: unknown) => void } = {}): Promise<void> {
  const schedule = new PollSchedule(options, GONE_TIMEOUT_MS);
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
    if (schedule.expired()) {
      const state = (found as { state?: unknown } | null)?.state;
      throw new WaitTimeoutError(
        `object still exists after ${schedule.timeoutMs} ms waiting for it to be gone`, { method: "GET", path: "" }, schedule.timeoutMs,
        typeof state === "string" ? state : undefined, found,
      );
    }
    await schedule.pause();
  }
}
