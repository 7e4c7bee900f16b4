/**
 * The request core every endpoint group goes through: URL and headers, timeouts, pacing, retries
 * (429, 5xx, network), lost-create recovery, JSON parsing and validation of requests and responses.
 */
import { request, type Dispatcher } from "undici";
import type { z } from "zod";
import {
  BadRequestError, ConnectionError, DeployServiceError, InvalidResponseError, TimeoutError,
  errorFromStatus, redact, serviceMessageOf,
} from "./errors";
import { Pacer } from "./pacing";
import type { ApiPath } from "./path";
import {
  backoffDelay, describeNetworkError, failedBeforeSending, rateLimitWaitMs, sleep,
  type HeaderBag, type RetryPolicy,
} from "./retry";
import { check, listOf } from "./schema";

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
  /** Why: e.g. `429 rate limited`, `503 Service Unavailable`, `connection: ECONNRESET`, `timeout`. */
  reason: string;
}

/** Settings of the request core, resolved from the client options. */
export interface CoreConfig {
  /** Base URL without trailing slash. */
  baseUrl: string;
  /** API token (kept out of every message). */
  token: string;
  /** `Authorization` scheme. */
  tokenScheme: "Token" | "Bearer";
  /** Per-request timeout in milliseconds. */
  timeoutMs: number;
  /** Retry timing and limits. */
  retry: RetryPolicy;
  /** undici dispatcher; undici's global one when absent. */
  dispatcher?: Dispatcher;
  /** Rate-limit pacing state. */
  pacer: Pacer;
  /** Hook called before each retry. */
  onRetry?: (info: RetryInfo) => void;
  /** `User-Agent` header value. */
  userAgent: string;
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
   * For creates (POST with a natural key): looks the object up after an answer was lost.
   * Returns it when it exists, `undefined` otherwise. Makes the POST safe to send again.
   */
  recover?: () => Promise<unknown>;
  /** Cancels waiting and the request in flight. */
  signal?: AbortSignal;
}

type CallResult<R> = R extends z.ZodType ? z.output<R> : undefined;

interface RawResponse {
  status: number;
  headers: HeaderBag;
  text: string;
}

const SENSITIVE_KEYS = new Set(["token", "password", "value", "target_secret", "login"]);

function sensitiveValues(body: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 4 || body === null || typeof body !== "object") return out;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === "string" && SENSITIVE_KEYS.has(key)) out.push(value);
    else if (typeof value === "object") sensitiveValues(value, out, depth + 1);
  }
  return out;
}

const MAX_PAGES = 1000;

function pageInfo(body: Record<string, unknown>): { page: number; page_size?: number; total_pages: number } | undefined {
  const p = body["pagination"];
  if (!p || typeof p !== "object") return undefined;
  const { page, page_size, total_pages } = p as Record<string, unknown>;
  if (typeof total_pages !== "number" || typeof page !== "number") return undefined;
  return { page, total_pages, ...(typeof page_size === "number" ? { page_size } : {}) };
}

/** Sends requests for the endpoint groups; see {@link CallSpec}. */
export class RequestCore {
  /** @param config resolved client settings. */
  constructor(private readonly config: CoreConfig) {}

  /** Base URL the client talks to (no trailing slash). */
  get baseUrl(): string {
    return this.config.baseUrl;
  }

  /**
   * Performs one API call; resolves to the validated body (`undefined` without a response schema).
   *
   * Retry rules: a 429 waits as asked (capped) and retries any method; a connection that certainly never
   * reached the server retries any method; 5xx, timeouts and cut connections retry GET/PUT/DELETE; for a
   * POST with `recover` (a create) they first look the object up and return it when found, else resend;
   * other POSTs (deploy-type actions) are not resent. A 409 on a resent create is also looked up.
   *
   * @throws BadRequestError (local, before sending) when the body fails `requestSchema`; the mapped
   *   DeployServiceError subclass when retries run out or do not apply; InvalidResponseError for a bad 2xx body.
   */
  async call<R extends z.ZodType | undefined>(spec: CallSpec<R>): Promise<CallResult<R>> {
    const { method, path } = spec;
    const context = { method, path };
    let body: unknown = spec.body;
    if (spec.requestSchema) {
      const checked = check(spec.requestSchema, spec.body ?? {});
      if (!checked.ok) {
        const more = checked.issueCount > 1 ? ` (and ${checked.issueCount - 1} more)` : "";
        throw new BadRequestError(`${method} ${path}: request field "${checked.field}": ${checked.text}${more}`, context, true);
      }
      body = checked.data;
    }
    const secrets = [this.config.token, ...sensitiveValues(body)];
    const isIdempotent = method !== "POST";
    const policy = this.config.retry;
    let mayHaveApplied = false; // a POST attempt whose outcome is unknown

    for (let attempt = 0; ; attempt++) {
      await sleep(this.config.pacer.delayBeforeNext(Date.now()), spec.signal);
      let error: DeployServiceError | undefined;
      let raw: RawResponse | undefined;
      try {
        raw = await this.send(spec, body);
      } catch (e) {
        if (!(e instanceof DeployServiceError)) throw e;
        error = e;
      }
      if (raw) {
        this.config.pacer.observe(raw.headers);
        if (raw.status >= 200 && raw.status < 300) return this.parse(spec, raw) as CallResult<R>;
        const retryAfterMs = raw.status === 429 ? rateLimitWaitMs(raw.headers, Date.now()) : undefined;
        const serviceMessage = serviceMessageOf(raw.text, secrets);
        error = errorFromStatus({
          status: raw.status, method, path,
          ...(serviceMessage !== undefined ? { serviceMessage } : {}),
          ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        });
      }
      if (!error) throw new Error("unreachable: neither a response nor an error");
      const canRetry = attempt < policy.maxRetries;
      const code = error.code;
      let delayMs: number | undefined;
      let reason = "";

      if (code === "rate_limited") {
        const asked = (error as { retryAfterMs?: number }).retryAfterMs;
        delayMs = Math.min(asked ?? backoffDelay(attempt, policy), policy.maxRateLimitWaitMs);
        reason = "429 rate limited";
      } else if (code === "connection" && (error as ConnectionError).beforeSend) {
        delayMs = backoffDelay(attempt, policy);
        reason = `connection (not sent): ${error.message}`;
      } else if (code === "connection" || code === "timeout" || code === "server_error") {
        reason = code === "server_error" ? `${error.status} server error` : `${code}: ${error.message}`;
        if (isIdempotent) {
          delayMs = backoffDelay(attempt, policy);
        } else if (spec.recover) {
          mayHaveApplied = true;
          const found = await this.tryRecover(spec);
          if (found !== undefined) return found as CallResult<R>;
          delayMs = backoffDelay(attempt, policy);
          reason = `${reason}; the object was not created, sending again`;
        }
      } else if (code === "conflict" && spec.recover && mayHaveApplied) {
        // An earlier attempt whose answer was lost may have created it after all.
        const found = await this.tryRecover(spec);
        if (found !== undefined) return found as CallResult<R>;
      }

      if (delayMs === undefined || !canRetry) throw error;
      this.config.onRetry?.({ method, path, attempt: attempt + 1, delayMs, reason });
      await sleep(delayMs, spec.signal);
    }
  }

  /**
   * GETs a list endpoint and returns its `results`. When the answer carries a `pagination` object with
   * more pages, the following pages are fetched too (`page`, same `page_size`), so lookups by name see everything.
   */
  async list<T extends z.ZodType>(path: ApiPath, item: T, query: Query = {}): Promise<Array<z.output<T>>> {
    const schema = listOf(item);
    const first = await this.call({ method: "GET", path, query, response: schema });
    const results: Array<z.output<T>> = [...first.results];
    let pagination = pageInfo(first);
    let page = pagination?.page ?? 1;
    for (let fetched = 1; pagination && page < pagination.total_pages && fetched < MAX_PAGES; fetched++) {
      page++;
      const next = await this.call({ method: "GET", path, query: { ...query, page, page_size: pagination.page_size }, response: schema });
      results.push(...next.results);
      pagination = pageInfo(next) ?? pagination;
    }
    return results;
  }

  private async tryRecover(spec: CallSpec<z.ZodType | undefined>): Promise<unknown> {
    try {
      return await spec.recover?.();
    } catch {
      return undefined;
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

  private async send(spec: CallSpec<z.ZodType | undefined>, body: unknown): Promise<RawResponse> {
    const { method, path } = spec;
    const headers: Record<string, string> = {
      authorization: `${this.config.tokenScheme} ${this.config.token}`,
      accept: "application/json",
      "user-agent": this.config.userAgent,
    };
    const hasBody = body !== undefined && method !== "GET";
    if (hasBody) headers["content-type"] = "application/json";

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error("request timeout"));
    }, this.config.timeoutMs);
    const onOuterAbort = () => controller.abort(spec.signal?.reason);
    spec.signal?.addEventListener("abort", onOuterAbort, { once: true });
    try {
      spec.signal?.throwIfAborted();
      const res = await request(this.buildUrl(path, spec.query), {
        method,
        headers,
        ...(hasBody ? { body: JSON.stringify(body) } : {}),
        ...(this.config.dispatcher ? { dispatcher: this.config.dispatcher } : {}),
        signal: controller.signal,
      });
      const text = await res.body.text();
      return { status: res.statusCode, headers: res.headers as HeaderBag, text };
    } catch (e) {
      if (timedOut) {
        throw new TimeoutError(`${method} ${path}: no answer within ${this.config.timeoutMs} ms`, { method, path }, this.config.timeoutMs);
      }
      if (spec.signal?.aborted) throw spec.signal.reason;
      const beforeSend = failedBeforeSending(e);
      const what = redact(describeNetworkError(e), [this.config.token]);
      throw new ConnectionError(`${method} ${path}: connection failed (${what})`, { method, path }, beforeSend);
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener("abort", onOuterAbort);
    }
  }

  private parse(spec: CallSpec<z.ZodType | undefined>, raw: RawResponse): unknown {
    const { method, path } = spec;
    const context = { method, path, status: raw.status };
    if (!spec.response) return undefined;
    if (raw.text.trim() === "") {
      throw new InvalidResponseError(`${method} ${path}: response body is empty, expected JSON`, context, "");
    }
    let data: unknown;
    try {
      data = JSON.parse(raw.text);
    } catch {
      throw new InvalidResponseError(`${method} ${path}: response body is not JSON`, context, "");
    }
    const checked = check(spec.response, data);
    if (!checked.ok) {
      throw new InvalidResponseError(`${method} ${path}: response field "${checked.field}": ${checked.text}`, context, checked.field);
    }
    return checked.data;
  }
}
