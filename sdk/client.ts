/**
 * `DeployServiceClient`: one client for the whole service API, with endpoint groups per resource
 * family (`client.projects.create(...)`) and waits that follow deployments to their end.
 */
import type { Dispatcher } from "undici";
import type { z } from "zod";
import { coreConfig } from "./client-settings";
import { RequestCore, type CallSpec, type HttpMethod, type Query, type RetryInfo } from "./core";
import type { CredentialSourceNames } from "./credentials";
import type { EnvironmentStatusesWithStages } from "./environments";
import { ENDPOINT_GROUPS, type EndpointGroups } from "./families";
import { followEnvironmentDeployment, type EnvironmentWaitOptions } from "./environment-wait";
import { followCluster, type ClusterWaitOptions, type ClusterWaitStatus } from "./cluster-wait";
import { redact } from "./errors";
import type { ResponseLimitError } from "./limits";
import type { RateLimitWait } from "./pacing";
export { describeRateLimitWait, type RateLimitWait, type RateLimitWaitKind } from "./pacing";
export { RATE_LIMIT_WAIT_CHANNEL } from "./core";
import { path as buildPath, under, type ApiPath } from "./path";
import type { LogLine } from "./service-common";
import type { LogOptions } from "./service-logs";
import { SERVICE_KINDS, kindHas, type DeployableServiceKind, type ServiceKindInfo, type ServiceKindName } from "./service-kinds";
import type { EnvironmentStatus, Status } from "./status";
import { attachOwnerValues } from "./owner-values";
import { followStatus, waitUntilGone, type WaitOptions } from "./wait";

/** Settings of a {@link DeployServiceClient}. */
export interface ClientOptions {
  /**
   * Base URL of the service, e.g. `https://api.example.com`: the service's paths have no version prefix, so
   * `/api`, `/v1` or an API path in it is refused; another path prefix (a reverse proxy) is accepted and checked
   * on the first 404. Default: `DEPLOY_SERVICE_API_URL`.
   */
  baseUrl?: string;
  /** API token. Default: `DEPLOY_SERVICE_API_TOKEN`. Never appears in errors or logs. */
  token?: string;
  /**
   * How errors about the base URL and token name where they came from, when the caller read them from somewhere
   * else than its own code (the Pulumi provider names its stack config keys). Default: options `baseUrl` and `token`.
   */
  credentialSources?: CredentialSourceNames;
  /** `Authorization` scheme: `Token` for API tokens (default), `Bearer` for JWTs of human accounts. */
  tokenScheme?: "Token" | "Bearer";
  /** Per-attempt timeout in milliseconds (whole request, body included). Default 30 000. */
  timeoutMs?: number;
  /**
   * Longest time one call may take in milliseconds, retries, backoff, attempts and a lost create's lookup
   * included; each attempt's timeout is cut to what is left. Rate-limit waits (the wait a 429 asks for, pacing)
   * do not count: `maxRateLimitWaitMs` caps them. Default 120 000.
   */
  callDeadlineMs?: number;
  /** Retries after the first attempt. Default 4. */
  maxRetries?: number;
  /** First backoff step in milliseconds (doubles each retry, full jitter). Default 500. */
  retryBaseDelayMs?: number;
  /** Longest backoff step in milliseconds. Default 8000. */
  retryMaxDelayMs?: number;
  /**
   * Longest time one call waits for the rate-limit window, in milliseconds: pacing delays and the waits 429 answers
   * ask for (`Retry-After` / `X-RateLimit-Reset`) together. Default 3 900 000 (65 minutes: the service's one-hour
   * window and a margin), so a call that runs out of the hour's budget waits for the next window and goes on.
   *
   * A 429 that names when the window resets (a wait above 0) is waited for and is not counted in `maxRetries`; a 429
   * without one (or `Retry-After: 0`) is retried with backoff like a 5xx and counts. Past this maximum the call fails
   * with the {@link RateLimitError} of the last 429 (retryable: running the operation again later completes it); a
   * wait longer than what is left is cut to it, and the request is tried once more first.
   */
  maxRateLimitWaitMs?: number;
  /**
   * Called once per wait for the rate-limit window that lasts at least `rateLimitNoticeMs` (a pacing delay, or the
   * wait a 429 asks for), not once per request: concurrent requests waiting for the same window are told once.
   * {@link describeRateLimitWait} turns it into `waiting 14m for the rate-limit window: 3 of 1000 requests left`.
   * The same waits are published on the `node:diagnostics_channel` named {@link RATE_LIMIT_WAIT_CHANNEL}.
   */
  onRateLimitWait?: (wait: RateLimitWait) => void;
  /** Shortest wait for the rate-limit window that `onRateLimitWait` is told about, in milliseconds. Default 5000. */
  rateLimitNoticeMs?: number;
  /** undici dispatcher for every request (proxy, custom TLS, `MockAgent` in tests). Default: undici's global one. */
  dispatcher?: Dispatcher;
  /** Spread requests using `X-RateLimit-Remaining` / `-Reset` so as not to run into 429. Default true. */
  pacing?: boolean;
  /** Pace once remaining requests fall to this fraction of the limit. Default 0.1. */
  pacingThreshold?: number;
  /** Called before every retry (for logging); never receives the token. */
  onRetry?: (info: RetryInfo) => void;
  /** Random source in [0, 1) for backoff jitter (tests pass a fixed one). Default `Math.random`. */
  random?: () => number;
  /** `User-Agent` header. */
  userAgent?: string;
  /**
   * Most pages one list reads, the first included. A list whose pages claim more fails with a
   * {@link ResponseLimitError} (`limit: "maxPages"`) instead of being returned cut short; the bound keeps one list
   * from spending the hour's request budget. Default 50.
   */
  maxPages?: number;
  /**
   * Most bytes one answer may hold, error answers included. A larger `Content-Length` is refused before reading;
   * a body that grows past it is dropped as it does (the connection is closed), with a {@link ResponseLimitError}
   * (`limit: "maxResponseBytes"`). Default 8 388 608 (8 MiB).
   */
  maxResponseBytes?: number;
}

/** Options of {@link DeployServiceClient.request}. */
export interface RawRequestOptions<R extends z.ZodType | undefined> {
  /** JSON body. */
  body?: unknown;
  /** Query parameters. */
  query?: Query;
  /** Schema validating the 2xx answer; without it the answer is returned unchecked. */
  response?: R;
}

/**
 * Client of the deployment service's REST API.
 *
 * ```ts
 * const client = new DeployServiceClient(); // DEPLOY_SERVICE_API_URL, DEPLOY_SERVICE_API_TOKEN
 * const project = await client.projects.create(orgId, { name: "shop" });
 * ```
 *
 * Every call validates its request before sending (BadRequestError naming the field, no HTTP call) and its
 * answer after receiving (InvalidResponseError naming the field); retries 429 after the asked wait, retries
 * 5xx and network errors of GET/PUT/DELETE with capped exponential backoff, within a deadline per call; never
 * sends a create twice blindly (a lost answer is recovered by looking the object up by name or key, and when
 * that cannot be done the call fails with UnconfirmedCreateError); trusts a 404 only once the base URL has
 * answered as the service, with at least one organization of the service's shape (else ServiceMismatchError);
 * reads at most `maxPages` pages of a list and `maxResponseBytes` of an answer (else ResponseLimitError).
 */
export class DeployServiceClient {
  private readonly core: RequestCore;

  /**
   * @param options settings; `baseUrl` and `token` fall back to `DEPLOY_SERVICE_API_URL` and `DEPLOY_SERVICE_API_TOKEN`.
   * @throws Error naming the missing setting(s) and their environment variables, or what is wrong with the base URL
   *   (not an http(s) URL; credentials, query or fragment in it; a version prefix such as `/v1` or a path of the API
   *   in it) without quoting the value; RangeError for a bad number option.
   */
  constructor(options: ClientOptions = {}) {
    this.core = new RequestCore(coreConfig(options));
    for (const [name, Group] of Object.entries(ENDPOINT_GROUPS)) Object.assign(this, { [name]: new Group(this.core) });
    attachOwnerValues(this.core, this);
  }

  /** Base URL in use (no trailing slash). */
  get baseUrl(): string {
    return this.core.baseUrl;
  }

  /**
   * Calls an endpoint no group covers, with the same retries, pacing and error mapping.
   * Build `path` with the {@link buildPath | path} tag so ids are encoded. POSTs are treated as
   * actions: retried only when they certainly did not reach the server.
   */
  request<R extends z.ZodType | undefined = undefined>(method: HttpMethod, path: ApiPath, options: RawRequestOptions<R> = {}): Promise<R extends z.ZodType ? z.output<R> : unknown> {
    const spec: CallSpec<z.ZodType | undefined> = { method, path, ...(options.query ? { query: options.query } : {}) };
    if (options.body !== undefined) spec.body = options.body;
    if (options.response) spec.response = options.response;
    return this.core.call(spec) as Promise<R extends z.ZodType ? z.output<R> : unknown>;
  }

  /**
   * Follows a service of any kind that deploys ({@link SERVICE_KINDS}) to a terminal state: `DEPLOYED`/`RUNNING`
   * (default target) or `STOPPED`; a job is `DEPLOYED` once its run succeeded (a cron job: once its schedule is
   * installed). Pass the deploy's answer as `after` (or the status read before it as `previous`) to follow that
   * deployment request: a status still showing the previous deployment is never taken as the outcome.
   * @throws DeploymentFailedError with the final state, `service` and, for kinds with a log endpoint (applications,
   *   containers), the last 20 log lines (the token, the secrets this client sent and `options.secrets` replaced by
   *   `***`); WaitTimeoutError with the last state.
   */
  waitForService(kind: DeployableServiceKind, id: string, options?: WaitOptions<Status>): Promise<Status> {
    const info: ServiceKindInfo = SERVICE_KINDS[kind];
    const group: { status(id: string): Promise<Status> } = this[SERVICE_KINDS[kind].group];
    return followStatus({
      what: `${kind} ${id}`,
      path: under(() => info.item(id), "status"),
      read: () => group.status(id),
      ...(info.has.includes("logs") ? { logs: () => this.lastLogLines(kind, id, options?.secrets) } : {}),
      service: { kind, id },
    }, options);
  }

  /** Follows an application to a terminal state: {@link DeployServiceClient.waitForService} of an `application`. */
  waitForApplication(applicationId: string, options?: WaitOptions<Status>): Promise<Status> {
    return this.waitForService("application", applicationId, options);
  }

  /** Follows a database to a terminal state: {@link DeployServiceClient.waitForService} of a `database` (no log lines). */
  waitForDatabase(databaseId: string, options?: WaitOptions<Status>): Promise<Status> {
    return this.waitForService("database", databaseId, options);
  }

  /** Follows a container to a terminal state: {@link DeployServiceClient.waitForService} of a `container`. */
  waitForContainer(containerId: string, options?: WaitOptions<Status>): Promise<Status> {
    return this.waitForService("container", containerId, options);
  }

  /**
   * Follows a job to a terminal state: {@link DeployServiceClient.waitForService} of a `job` (a failed run ends in
   * `DEPLOYMENT_ERROR`; no log lines: the service has no log endpoint for jobs).
   */
  waitForJob(jobId: string, options?: WaitOptions<Status>): Promise<Status> {
    return this.waitForService("job", jobId, options);
  }

  /**
   * Follows an environment's overall status to a terminal state (`after` and `previous` as for
   * {@link DeployServiceClient.waitForApplication}). To follow the deployment stage by stage and learn which service
   * failed, use {@link DeployServiceClient.waitForEnvironmentDeployment}.
   * @throws DeploymentFailedError; WaitTimeoutError.
   */
  waitForEnvironment(environmentId: string, options?: WaitOptions<EnvironmentStatus>): Promise<EnvironmentStatus> {
    return followStatus({
      what: `environment ${environmentId}`,
      path: buildPath`/environment/${environmentId}/status`,
      read: () => this.environments.status(environmentId),
    }, options);
  }

  /**
   * Follows an environment's deployment (or stop) stage by stage until every followed service reaches the target:
   * one `statusesWithStages` read per poll, the services' names read once as the wait starts (unless
   * `options.serviceNames` gives them: one environment read, unless `options.organizationId` is given, and one
   * service list), and `options.onProgress` called after every read with the current stage and its services.
   *
   * ```ts
   * const started = await client.environments.deploy(environmentId);
   * await client.waitForEnvironmentDeployment(environmentId, {
   *   after: started,
   *   onProgress: (p) => console.log(`stage ${p.stageIndex}/${p.stageCount} "${p.stageName}": ` +
   *     p.services.map((s) => `${s.name ?? s.id} ${s.state}`).join(", ")),
   * });
   * ```
   *
   * Pass the action's answer as `after` (and, after `deployServices`, `stopServices` or `restartServices`, the listed
   * ids as `services`) so that statuses of the previous deployment are not taken as the outcome.
   * @returns the last `statusesWithStages` read.
   * @throws DeploymentFailedError naming the stage (`error.stage`: index, count, name), the service (`error.service`:
   *   kind, id, name when known), its final state and its last 20 log lines (applications and containers; the token,
   *   the secrets this client sent and `options.secrets` replaced by `***`); WaitTimeoutError with the last progress
   *   (`error.lastProgress`). A timeout is never a success.
   */
  waitForEnvironmentDeployment(environmentId: string, options?: EnvironmentWaitOptions): Promise<EnvironmentStatusesWithStages> {
    return followEnvironmentDeployment({
      environmentId,
      path: buildPath`/environment/${environmentId}/statusesWithStages`,
      read: () => this.environments.statusesWithStages(environmentId),
      names: () => this.serviceNames(environmentId, options?.organizationId),
      logs: (kind, id) => this.lastLogLines(kind, id, options?.secrets),
    }, options);
  }

  /**
   * Follows a cluster to a terminal state: `DEPLOYED` (the default: after a create, an edit, a deploy or an
   * upgrade), `STOPPED` (after a stop) or `DELETED` (after a delete: until the cluster is gone), one status read a
   * poll, each reported to `options.onProgress`. Pass the status read before the action as `previous`, so that the
   * previous run's `DEPLOYED` is not taken as the outcome.
   * @throws DeploymentFailedError naming the final state (an error, `CANCELED` or `INVALID_CREDENTIALS`) and the last
   *   20 lines of the cluster's log (the token, the secrets this client sent and `options.secrets` replaced by `***`);
   *   WaitTimeoutError with the last state. A timeout is never a success.
   */
  waitForCluster(organizationId: string, clusterId: string, options?: ClusterWaitOptions): Promise<ClusterWaitStatus> {
    const redactLine = (line: string) => redact(this.core.redactKnown(line), options?.secrets ?? []);
    return followCluster(this.clusters, organizationId, clusterId, redactLine, options);
  }

  /** The names of an environment's services by id: one service list (and one environment read without `organizationId`). */
  private async serviceNames(environmentId: string, organizationId?: string): Promise<ReadonlyMap<string, string>> {
    const orgId = organizationId ?? (await this.environments.get(environmentId)).organization?.id;
    if (orgId === undefined) return new Map();
    const services = await this.services.list(orgId, { environment_id: environmentId });
    return new Map(services.map((s) => [s.id, s.name]));
  }

  /**
   * The last 20 log lines of a service, for a failed deployment (none for kinds without a log endpoint). Services may
   * log the values this client set as their secrets: those, the token and `secrets` are replaced by `***`, so they
   * never reach an error.
   */
  private async lastLogLines(kind: ServiceKindName, id: string, secrets: ReadonlyArray<string> = []): Promise<string[]> {
    if (!kindHas(kind, "logs")) return [];
    const group: { logs(id: string, options: LogOptions): Promise<LogLine[]> } = this[SERVICE_KINDS[kind].group];
    return (await group.logs(id, { tail: 20 })).map((line) => redact(this.core.redactKnown(line.message), secrets));
  }

  /**
   * Polls `fetch` (e.g. `() => client.applications.get(id)`) until it throws a not-found error;
   * for deletes the service completes asynchronously.
   * @throws WaitTimeoutError when the object is still there at the timeout; any other error of `fetch`.
   */
  waitUntilGone(fetch: () => Promise<unknown>, options?: WaitOptions): Promise<void> {
    const { target: _ignored, onProgress, after: _after, previous: _previous, ...rest } = options ?? {};
    return waitUntilGone(fetch, { ...rest, ...(onProgress ? { onProgress } : {}) });
  }
}

/** The client's endpoint groups (`client.projects`, `client.webhooks`, ...), one a family of {@link ENDPOINT_GROUPS}. */
export interface DeployServiceClient extends EndpointGroups {}
