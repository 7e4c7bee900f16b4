/**
 * The request core every endpoint group goes through: URL and headers, timeouts and the call's deadline,
 * pacing, retries (429, 5xx, network), lost-create recovery, the check that a 404 comes from the service,
 * JSON parsing and validation of requests and responses, and keeping secrets out of every error.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { channel } from "node:diagnostics_channel";
import type { Dispatcher } from "undici";
import { z } from "zod";
import {
  BadRequestError, ConnectionError, DeployServiceError, InvalidResponseError, ServiceMismatchError, TimeoutError,
  UnconfirmedCreateError, errorFromStatus, redact, serviceMessageOf,
} from "./errors";
import { readCapped } from "./limits";
import { readAllPages } from "./paging";
import { Pacer, RateLimitNotices, type RateLimitWait, type RateLimitWaitKind } from "./pacing";
import { path as apiPath, type ApiPath } from "./path";
import {
  backoffDelay, describeNetworkError, failedBeforeSending, rateLimitWaitMs, sleep,
  type HeaderBag, type RetryPolicy,
} from "./retry";
import { check, listOf } from "./schema";
import { organizationAnswerProblem } from "./service-probe";

/**
 * undici, loaded at the first request: a provider host's checks and diffs (all of a preview) never send one, and
 * loading undici is a quarter of what loading this package costs.
 */
let loadedRequest: typeof import("undici").request | undefined;
async function undiciRequest(): Promise<typeof import("undici").request> {
  loadedRequest ??= (await import("undici")).request;
  return loadedRequest;
}

/** HTTP methods the service uses. */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** What the `onRetry` hook is told before each retry. */
export interface RetryInfo {
  /** HTTP method of the request being retried. */
  method: string;
  /** Path of the request being retried (no query). */
  path: string;
  /** Number of the coming attempt (1 for the first retry). */
  attempt: number;
  /** Milliseconds the client waits before that attempt. */
  delayMs: number;
  /** Why: e.g. `429 rate limited`, `503 server error`, `connection: ...`, `timeout: ...` (never a secret). */
  reason: string;
}

/** Settings of the request core, resolved from the client options. */
export interface CoreConfig {
  /** Base URL without trailing slash. */
  baseUrl: string;
  /** The base URL named with every place it can come from, for messages asking to check it. */
  baseUrlPlace: string;
  /** API token (kept out of every message). */
  token: string;
  /** `Authorization` scheme. */
  tokenScheme: "Token" | "Bearer";
  /** Per-attempt timeout in milliseconds. */
  timeoutMs: number;
  /**
   * Longest time one call may take in milliseconds: attempts, backoff and lookups included; rate-limit waits
   * (the wait a 429 asks for, pacing) excluded, since `maxRateLimitWaitMs` caps each of them.
   */
  callDeadlineMs: number;
  /** Retry timing and limits. */
  retry: RetryPolicy;
  /** undici dispatcher; undici's global one when absent. */
  dispatcher?: Dispatcher;
  /** Rate-limit pacing state. */
  pacer: Pacer;
  /** Hook called before each retry. */
  onRetry?: (info: RetryInfo) => void;
  /** Hook called once per wait for the rate-limit window (see {@link RATE_LIMIT_WAIT_CHANNEL}). */
  onRateLimitWait?: (wait: RateLimitWait) => void;
  /** Shortest wait for the window that is announced, in milliseconds (shorter pacing delays are not). Default 5000. */
  rateLimitNoticeMs?: number;
  /** `User-Agent` header value. */
  userAgent: string;
  /** Most pages one {@link RequestCore.list} reads, the first included. */
  maxPages: number;
  /** Most bytes one answer's body may hold. */
  maxResponseBytes: number;
}

/** Query parameters; `undefined` and `null` values are left out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

/** Description of one API call. */
export interface CallSpec<R extends z.ZodType | undefined> {
  /** HTTP method; GET, PUT and DELETE are retried as idempotent, POST only under the rules of {@link RequestCore.call}. */
  method: HttpMethod;
  /** Path built with the `path` tag. */
  path: ApiPath;
  /** Query parameters. */
  query?: Query;
  /** JSON body; validated with `requestSchema` first when one is given (its output is what is sent). */
  body?: unknown;
  /** Schema the body must satisfy before anything is sent. */
  requestSchema?: z.ZodType;
  /** Schema of a 2xx body; absent when the answer has no body (204). */
  response?: R;
  /**
   * True when the service may answer without a body although `response` describes one (an action documented
   * without a body that some versions answer with a status): an empty 2xx body then resolves to `undefined`.
   */
  bodyOptional?: boolean;
  /**
   * For creates: looks the object up by its natural key after an answer was lost. Returns it when it
   * exists, `undefined` when it certainly does not; throws when it cannot tell.
   */
  recover?: () => Promise<unknown>;
  /**
   * False for families without a unique natural key (webhooks): after a lost answer the object is looked up,
   * but when the lookup does not find it the POST is not sent again (UnconfirmedCreateError). Default true.
   */
  resendAfterLoss?: boolean;
  /** What a create makes, for messages, e.g. `project "shop"`; never a secret value. */
  what?: string;
  /** Cancels waiting and the request in flight. */
  signal?: AbortSignal;
  /**
   * True when the body's `value` is a secret's although nothing in the path or body says so (an edit or override
   * through `/variable/{id}`): the client then keeps it out of every later message too.
   */
  secretValue?: boolean;
  /**
   * True when the answer is text (a YAML kubeconfig), not JSON: the 2xx body is checked with `response` as the raw
   * string, and `Accept` asks for YAML or text.
   */
  textResponse?: boolean;
  /**
   * The secrets a 2xx answer holds (a created API token's value, a kubeconfig and the credentials in it): the client
   * keeps them out of every later message, as it does for the secrets it sends.
   */
  secretsInResponse?: (data: R extends z.ZodType ? z.output<R> : undefined) => ReadonlyArray<string | null | undefined>;
}

type CallResult<R> = R extends z.ZodType ? z.output<R> : undefined;

interface RawResponse {
  status: number;
  headers: HeaderBag;
  text: string;
}

/** Fields whose values are kept out of the messages of the call that sends (or receives) them. */
const SENSITIVE_KEYS = new Set([
  "token", "password", "value", "target_secret", "login", "target_url",
  // a container registry's credentials and key ids
  "secret_access_key", "scaleway_secret_key", "json_credentials", "access_key_id", "scaleway_access_key",
]);
/** Fields whose values the client keeps out of every later message too (e.g. the log lines of a failed deploy). */
const SECRET_KEYS = new Set(["token", "password", "target_secret", "secret_access_key", "scaleway_secret_key", "json_credentials"]);
const MAX_REMEMBERED_SECRETS = 1000;

function sensitiveValues(body: unknown, keys: ReadonlySet<string> = SENSITIVE_KEYS, out: string[] = [], depth = 0): string[] {
  if (depth > 4 || body === null || typeof body !== "object") return out;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === "string" && keys.has(key)) out.push(value);
    else if (typeof value === "object") sensitiveValues(value, keys, out, depth + 1);
  }
  return out;
}

/** The `value` of every object marked `is_secret: true` in a body (a `/variable` create, the items of an import). */
function valuesMarkedSecret(body: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 4 || body === null || typeof body !== "object") return out;
  const record = body as Record<string, unknown>;
  if (record["is_secret"] === true && typeof record["value"] === "string") out.push(record["value"]);
  for (const value of Object.values(record)) if (typeof value === "object") valuesMarkedSecret(value, out, depth + 1);
  return out;
}

/**
 * Name of the `node:diagnostics_channel` channel on which every client of the process publishes each wait for the
 * rate-limit window it announces (a {@link RateLimitWait}), as `onRateLimitWait` receives it. Subscribers run in the
 * waiting call's async context (the Pulumi provider prints the line under the resource being created).
 */
export const RATE_LIMIT_WAIT_CHANNEL = "deploy-service:rate-limit-wait";
const rateLimitWaits = channel(RATE_LIMIT_WAIT_CHANNEL);

/** The text of an error message after its `METHOD /path: ` prefix. */
function detailOf(error: DeployServiceError): string {
  const prefix = `${error.method} ${error.path}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => { signal.removeEventListener("abort", onAbort); resolve(value); },
      (e: unknown) => { signal.removeEventListener("abort", onAbort); reject(e); },
    );
  });
}

/** Sends requests for the endpoint groups; see {@link CallSpec}. */
export class RequestCore {
  /** The deadline (epoch ms) of the call a lookup or service check runs for; nested calls never outlive it. */
  private readonly outerDeadline = new AsyncLocalStorage<number>();
  private readonly rememberedSecrets = new Set<string>();
  private readonly notices = new RateLimitNotices();
  private serviceVerified = false;
  private serviceCheck: Promise<void> | undefined;

  /** @param config resolved client settings. */
  constructor(private readonly config: CoreConfig) {}

  /** Base URL the client talks to (no trailing slash). */
  get baseUrl(): string {
    return this.config.baseUrl;
  }

  /** `text` without the token or any secret this client has sent (secret values, passwords, git tokens). */
  redactKnown(text: string): string {
    return redact(text, [this.config.token, ...this.rememberedSecrets]);
  }

  /**
   * Performs one API call; resolves to the validated body (`undefined` without a response schema).
   *
   * Retry rules: a 429 waits as asked (capped) and retries any method; a connection that certainly never
   * reached the server retries any method; 5xx, timeouts and cut connections retry GET/PUT/DELETE. For a
   * POST with `recover` (a create) they first look the object up: found, it is returned; certainly absent, the
   * POST is sent again (unless `resendAfterLoss` is false); lookup failed, UnconfirmedCreateError and nothing is
   * sent again. Other POSTs (deploy-type actions) are never resent. A 409 on a resent create is looked up too.
   *
   * The whole call, lookups included, ends within `callDeadlineMs` (429 and pacing waits excluded); a create's
   * attempt uses at most half of the time left, so the lookup that may follow has the other half.
   *
   * A 404 is passed on as NotFoundError only once the base URL has been seen to answer as the service
   * (one `GET /organization` per client, shared by concurrent calls; a failed check is repeated on a later 404).
   *
   * @throws BadRequestError (local, before sending) when the body fails `requestSchema`; the mapped
   *   DeployServiceError subclass when retries run out or do not apply; InvalidResponseError for a bad 2xx body;
   *   TimeoutError when the deadline passes; UnconfirmedCreateError; ServiceMismatchError instead of a 404 that
   *   cannot be trusted.
   */
  call<R extends z.ZodType | undefined>(spec: CallSpec<R>): Promise<CallResult<R>> {
    return this.run(spec, false);
  }

  private async run<R extends z.ZodType | undefined>(spec: CallSpec<R>, checkingService: boolean): Promise<CallResult<R>> {
    const { method, path } = spec;
    const context = { method, path };
    let body: unknown = spec.body;
    if (spec.requestSchema) {
      const checked = check(spec.requestSchema, spec.body ?? {});
      if (!checked.ok) {
        const more = checked.issueCount > 1 ? ` (and ${checked.issueCount - 1} more)` : "";
        const text = this.redactKnown(redact(`request field "${checked.field}": ${checked.text}${more}`, sensitiveValues(spec.body)));
        throw new BadRequestError(`${method} ${path}: ${text}`, context, true);
      }
      body = checked.data;
    }
    this.remember(path, body, spec.secretValue === true);
    const secrets = [this.config.token, ...this.rememberedSecrets, ...sensitiveValues(body), ...sensitiveValues(spec.body)];
    const isIdempotent = method !== "POST";
    const isCreate = method === "POST" && spec.recover !== undefined;
    const policy = this.config.retry;
    let deadline = Math.min(Date.now() + this.config.callDeadlineMs, this.outerDeadline.getStore() ?? Infinity);
    let attempts = 0;
    let last: DeployServiceError | undefined;
    let mayHaveApplied = false; // a create attempt whose outcome is unknown
    let counted = 0; // retries counted against maxRetries (a 429 that names the window's reset is not)
    let windowWaitLeft = policy.maxRateLimitWaitMs; // what this call may still wait for the window, pacing and 429s

    for (let attempt = 0; ; attempt++) {
      const window = this.config.pacer.window(Date.now());
      const pacing = Math.min(this.config.pacer.delayBeforeNext(Date.now()), windowWaitLeft);
      if (pacing > 0) {
        if (window !== undefined && pacing >= (this.config.rateLimitNoticeMs ?? 5_000)) {
          this.announceWait("paced", { ...window, method, path }, Date.now() + window.untilResetMs);
        }
        windowWaitLeft -= pacing;
        await sleep(pacing, spec.signal);
        deadline += pacing;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw this.deadlinePassed(spec, attempts, last);
      // A create keeps half of what is left for the lookup that must follow if its answer is lost.
      const share = isCreate ? Math.ceil(remaining / 2) : remaining;
      const timeoutMs = Math.min(this.config.timeoutMs, share);
      attempts++;
      let error: DeployServiceError | undefined;
      let raw: RawResponse | undefined;
      try {
        raw = await this.send(spec, body, timeoutMs, secrets);
      } catch (e) {
        if (!(e instanceof DeployServiceError)) throw e;
        error = e;
      }
      if (raw) {
        this.config.pacer.observe(raw.headers);
        if (raw.status >= 200 && raw.status < 300) return this.parse(spec, raw, secrets) as CallResult<R>;
        const retryAfterMs = raw.status === 429 ? rateLimitWaitMs(raw.headers, Date.now()) : undefined;
        const serviceMessage = serviceMessageOf(raw.text, secrets);
        error = errorFromStatus({
          status: raw.status, method, path,
          ...(serviceMessage !== undefined ? { serviceMessage } : {}),
          ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        });
      }
      if (!error) throw new Error("unreachable: neither a response nor an error");
      last = error;
      const code = error.code;
      if (code === "not_found" && !checkingService) await this.confirmService(spec, deadline);

      let canRetry = counted < policy.maxRetries;
      let countsAsRetry = true;
      let delayMs: number | undefined;
      let askedByService = false;
      let reason = "";

      if (code === "rate_limited") {
        const asked = (error as { retryAfterMs?: number }).retryAfterMs;
        askedByService = asked !== undefined;
        reason = "429 rate limited";
        if (asked !== undefined && asked > 0) {
          // The service names when the window resets: wait for it, within what the call may still wait; this is
          // not a retry counted against maxRetries. Past that maximum the call fails with the RateLimitError.
          countsAsRetry = false;
          canRetry = windowWaitLeft > 0;
          delayMs = Math.min(asked, windowWaitLeft);
          windowWaitLeft -= delayMs;
          if (canRetry && delayMs >= (this.config.rateLimitNoticeMs ?? 5_000)) {
            this.announceWait("rate-limited", { untilResetMs: asked, remaining: 0, ...this.limitOf(raw), method, path }, Date.now() + asked);
          }
        } else {
          delayMs = Math.min(asked ?? backoffDelay(attempt, policy), policy.maxRateLimitWaitMs);
        }
      } else if (code === "connection" && (error as ConnectionError).beforeSend) {
        delayMs = backoffDelay(attempt, policy);
        reason = `connection (not sent): ${detailOf(error)}`;
      } else if (code === "connection" || code === "timeout" || code === "server_error") {
        reason = code === "server_error" ? `${error.status} server error` : `${code}: ${detailOf(error)}`;
        if (isIdempotent) {
          delayMs = backoffDelay(attempt, policy);
        } else if (isCreate) {
          mayHaveApplied = true;
          const found = await this.lookUp(spec, error, deadline);
          if (found !== undefined) return found as CallResult<R>;
          if (spec.resendAfterLoss === false) throw this.unconfirmed(spec, error, undefined);
          delayMs = backoffDelay(attempt, policy);
          reason = `${reason}; the object was not created, sending again`;
        }
      } else if (code === "conflict" && isCreate && mayHaveApplied) {
        // An earlier attempt whose answer was lost may have created it after all.
        const found = await this.lookUp(spec, error, deadline);
        if (found !== undefined) return found as CallResult<R>;
      }

      if (delayMs === undefined || !canRetry) throw error;
      if (!askedByService && Date.now() + delayMs >= deadline) throw this.deadlinePassed(spec, attempts, error);
      if (countsAsRetry) counted++;
      this.config.onRetry?.({ method, path, attempt: attempt + 1, delayMs, reason });
      await sleep(delayMs, spec.signal);
      if (askedByService) deadline += delayMs;
    }
  }

  /** `X-RateLimit-Limit` of an answer, when it carries a usable one. */
  private limitOf(raw: RawResponse | undefined): { limit?: number } {
    const limit = Number(raw?.headers["x-ratelimit-limit"]);
    return Number.isFinite(limit) && limit > 0 ? { limit } : {};
  }

  /** Tells `onRateLimitWait` and the channel about a wait for the window, unless it is one already told. */
  private announceWait(kind: RateLimitWaitKind, wait: Omit<RateLimitWait, "kind">, endMs: number): void {
    if (!this.notices.announce(kind, endMs, Date.now())) return;
    const told: RateLimitWait = { kind, ...wait };
    try {
      this.config.onRateLimitWait?.(told);
      if (rateLimitWaits.hasSubscribers) rateLimitWaits.publish(told);
    } catch {
      // A listener's failure never fails the call.
    }
  }

  /**
   * GETs a list endpoint and returns its `results`. When the answer carries a `pagination` object with
   * more pages, the following pages are fetched too (`page`, same `page_size`), so lookups by name see everything.
   * At most `maxPages` pages are read: a list claiming more fails (at once when its first page claims more) rather
   * than being returned cut short.
   * @throws ResponseLimitError (`limit: "maxPages"`) naming the path, the page reached and the pages claimed.
   */
  async list<T extends z.ZodType>(path: ApiPath, item: T, query: Query = {}): Promise<Array<z.output<T>>> {
    const schema = listOf(item);
    return readAllPages(path, this.config.maxPages, (next) =>
      this.call({ method: "GET", path, query: next ? { ...query, ...next } : query, response: schema }));
  }

  /** Keeps `values` (secrets an answer held) out of every later message of this client. */
  private rememberSecrets(values: ReadonlyArray<string | null | undefined>): void {
    for (const value of values) {
      if (this.rememberedSecrets.size >= MAX_REMEMBERED_SECRETS) break;
      if (value) this.rememberedSecrets.add(value);
    }
  }

  private remember(path: string, body: unknown, secretValue: boolean): void {
    const values = sensitiveValues(body, SECRET_KEYS);
    if (secretValue || /\/secret(\/|$)/.test(path)) values.push(...sensitiveValues(body, new Set(["value"])));
    values.push(...valuesMarkedSecret(body));
    for (const value of values) {
      if (this.rememberedSecrets.size >= MAX_REMEMBERED_SECRETS) break;
      if (value) this.rememberedSecrets.add(value);
    }
  }

  /** Runs the create's lookup within the call's deadline; a lookup that fails means "cannot tell". */
  private async lookUp(spec: CallSpec<z.ZodType | undefined>, lost: DeployServiceError, deadline: number): Promise<unknown> {
    try {
      return await this.outerDeadline.run(deadline, () => spec.recover?.());
    } catch (e) {
      if (spec.signal?.aborted) throw e;
      throw this.unconfirmed(spec, lost, e);
    }
  }

  private unconfirmed(spec: CallSpec<z.ZodType | undefined>, lost: DeployServiceError, lookupError: unknown): UnconfirmedCreateError {
    const { method, path } = spec;
    const what = spec.what ?? "the object";
    let why: string;
    if (lookupError === undefined) {
      why = "the lookup did not single out one new match; this kind has no unique key to prove it was not made, so it is not sent again";
    } else {
      const text = lookupError instanceof DeployServiceError ? lookupError.message
        : lookupError instanceof Error ? lookupError.message : String(lookupError);
      why = `looking it up failed (${this.redactKnown(text)})`;
    }
    return new UnconfirmedCreateError(
      `${method} ${path}: could not confirm whether ${what} was created: the answer was lost (${detailOf(lost)}) and ${why}. ` +
        `Nothing was sent again; check whether ${what} exists (GET ${path}) before trying again`,
      { method, path, status: lost.status, cause: lost }, what,
    );
  }

  private deadlinePassed(spec: CallSpec<z.ZodType | undefined>, attempts: number, last: DeployServiceError | undefined): TimeoutError {
    const { method, path } = spec;
    const n = this.config.callDeadlineMs;
    const after = `${attempts} attempt${attempts === 1 ? "" : "s"}`;
    const lastText = last ? `; last: ${detailOf(last)}` : "";
    return new TimeoutError(
      `${method} ${path}: the call's deadline of ${n} ms passed after ${after}${lastText}`,
      { method, path, ...(last ? { cause: last } : {}) }, n,
    );
  }

  /**
   * Resolves when a 404 can be trusted: the base URL has answered `GET /organization` as the service.
   * @throws ServiceMismatchError when it does not; the check's own error for 401/403 and for failures that
   *   leave it open (5xx, network, timeout, 429).
   */
  private async confirmService(spec: CallSpec<z.ZodType | undefined>, deadline: number): Promise<void> {
    if (this.serviceVerified) return;
    if (!this.serviceCheck) {
      const running = this.outerDeadline.run(deadline, () => this.checkService());
      this.serviceCheck = running.then(
        () => { this.serviceVerified = true; },
        (e: unknown) => { this.serviceCheck = undefined; throw e; },
      );
      this.serviceCheck.catch(() => undefined); // callers that gave up (aborted) leave no unhandled rejection
    }
    try {
      await abortable(this.serviceCheck, spec.signal);
    } catch (e) {
      if (e instanceof ServiceMismatchError) {
        throw new ServiceMismatchError(
          `${spec.method} ${spec.path}: got 404, but ${e.reason}, so it is not trusted as "not found". ${this.whatToCheck()}`,
          { method: spec.method, path: spec.path, cause: e }, e.baseUrl, e.reason,
        );
      }
      throw e;
    }
  }

  private async checkService(): Promise<void> {
    const where = this.describeBaseUrl();
    const context = { method: "GET", path: "/organization" };
    const mismatch = (saw: string) => {
      const reason = `${where} does not answer as the deployment service (GET /organization ${saw})`;
      return new ServiceMismatchError(`${reason}. ${this.whatToCheck()}`, context, where, reason);
    };
    let data: unknown;
    try {
      data = await this.run({ method: "GET", path: apiPath`/organization`, response: z.unknown() }, true);
    } catch (e) {
      if (!(e instanceof DeployServiceError)) throw e;
      if (e.code === "not_found") throw mismatch("answered 404");
      if (e.code === "invalid_response") throw mismatch("answered something that is not JSON");
      if (e.code === "bad_request" || e.code === "conflict") throw mismatch(`answered ${e.status}`);
      throw e;
    }
    const problem = organizationAnswerProblem(data);
    if (problem !== undefined) throw mismatch(problem);
  }

  private whatToCheck(): string {
    return `Check ${this.config.baseUrlPlace}: it must be the service's root, with no version prefix, e.g. https://api.example.com`;
  }

  /** The base URL for messages: scheme, host, port and path (the client refuses credentials, query and fragment). */
  private describeBaseUrl(): string {
    try {
      const url = new URL(this.config.baseUrl);
      return this.redactKnown(`${url.origin}${url.pathname.replace(/\/+$/, "")}`);
    } catch {
      return "the base URL";
    }
  }

  private buildUrl(path: ApiPath, query?: Query): string {
    let url = this.config.baseUrl + path;
    if (query) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined && value !== null) params.append(key, String(value));
      }
      const qs = params.toString();
      if (qs) url += `?${qs}`;
    }
    return url;
  }

  private async send(spec: CallSpec<z.ZodType | undefined>, body: unknown, timeoutMs: number, secrets: string[]): Promise<RawResponse> {
    const { method, path } = spec;
    const headers: Record<string, string> = {
      authorization: `${this.config.tokenScheme} ${this.config.token}`,
      accept: spec.textResponse === true ? "application/x-yaml, text/plain;q=0.9" : "application/json",
      "user-agent": this.config.userAgent,
    };
    const hasBody = body !== undefined && method !== "GET";
    if (hasBody) headers["content-type"] = "application/json";

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error("request timeout"));
    }, timeoutMs);
    const onOuterAbort = () => controller.abort(spec.signal?.reason);
    spec.signal?.addEventListener("abort", onOuterAbort, { once: true });
    try {
      spec.signal?.throwIfAborted();
      const res = await (await undiciRequest())(this.buildUrl(path, spec.query), {
        method,
        headers,
        ...(hasBody ? { body: JSON.stringify(body) } : {}),
        ...(this.config.dispatcher ? { dispatcher: this.config.dispatcher } : {}),
        signal: controller.signal,
      });
      const text = await readCapped(res, this.config.maxResponseBytes, { method, path });
      return { status: res.statusCode, headers: res.headers as HeaderBag, text };
    } catch (e) {
      if (e instanceof DeployServiceError) throw e; // the answer's size cap
      if (timedOut) {
        const cut = timeoutMs < this.config.timeoutMs ? " (what was left of the call's deadline)" : "";
        throw new TimeoutError(`${method} ${path}: no answer within ${timeoutMs} ms${cut}`, { method, path }, timeoutMs);
      }
      if (spec.signal?.aborted) throw spec.signal.reason;
      const beforeSend = failedBeforeSending(e);
      // Only the code and message: undici's errors may hold the request, Authorization header included.
      const what = redact(describeNetworkError(e), secrets);
      throw new ConnectionError(`${method} ${path}: connection failed (${what})`, { method, path }, beforeSend);
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener("abort", onOuterAbort);
    }
  }

  private parse(spec: CallSpec<z.ZodType | undefined>, raw: RawResponse, secrets: string[]): unknown {
    const { method, path } = spec;
    const context = { method, path, status: raw.status };
    if (!spec.response) return undefined;
    if (raw.text.trim() === "" && spec.bodyOptional === true) return undefined;
    if (raw.text.trim() === "") {
      throw new InvalidResponseError(`${method} ${path}: response body is empty, expected JSON`, context, "");
    }
    let data: unknown = raw.text;
    if (spec.textResponse !== true) {
      try {
        data = JSON.parse(raw.text);
      } catch {
        throw new InvalidResponseError(`${method} ${path}: response body is not JSON`, context, "");
      }
    }
    const checked = check(spec.response, data);
    if (!checked.ok) {
      const text = redact(`response field "${checked.field}": ${checked.text}`, [...secrets, ...sensitiveValues(data)]);
      throw new InvalidResponseError(`${method} ${path}: ${text}`, context, redact(checked.field, secrets));
    }
    if (spec.secretsInResponse) this.rememberSecrets(spec.secretsInResponse(checked.data as never));
    return checked.data;
  }
}
