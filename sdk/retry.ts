/**
 * Retry timing: server-given waits first (`Retry-After`, `X-RateLimit-Reset`), then capped exponential
 * backoff with full jitter; and the classification of network errors by whether the request may have
 * reached the server.
 */

/** Response headers as undici gives them (lower-case names). */
export type HeaderBag = Record<string, string | string[] | undefined>;

/** How the client retries; every field has a default in the client options. */
export interface RetryPolicy {
  /** Retries after the first attempt (so `maxRetries + 1` attempts at most). */
  maxRetries: number;
  /** First backoff step in milliseconds; doubles each attempt. */
  baseDelayMs: number;
  /** Upper bound of one backoff step in milliseconds. */
  maxDelayMs: number;
  /** Upper bound of one wait asked for by a 429 (`Retry-After` / `X-RateLimit-Reset`) or by pacing. */
  maxRateLimitWaitMs: number;
  /** Source of randomness in [0, 1) for the jitter. */
  random: () => number;
}

/** Reads one header as a single string. */
export function header(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Full-jitter exponential backoff: a random delay in `[0, min(maxDelayMs, baseDelayMs * 2^attempt))`. */
export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs" | "random">): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(policy.random() * ceiling);
}

/**
 * How long a 429 asks to wait, in milliseconds: `Retry-After` (seconds or an HTTP date) when given,
 * else until `X-RateLimit-Reset` (Unix seconds); `undefined` when neither header is usable.
 */
export function rateLimitWaitMs(headers: HeaderBag, nowMs: number): number | undefined {
  const retryAfter = header(headers, "retry-after");
  if (retryAfter !== undefined && retryAfter.trim() !== "") {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds * 1000));
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - nowMs);
  }
  const resetAt = resetTimeMs(headers);
  if (resetAt !== undefined) return Math.max(0, resetAt - nowMs);
  return undefined;
}

/** `X-RateLimit-Reset` as epoch milliseconds, when present and numeric. */
export function resetTimeMs(headers: HeaderBag): number | undefined {
  const reset = Number(header(headers, "x-ratelimit-reset"));
  if (!Number.isFinite(reset) || reset <= 0) return undefined;
  return reset * 1000;
}

/** Node and undici error codes meaning the connection was never established, so nothing was sent. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT",
]);

/** True when a network error proves the request never reached the server. */
export function failedBeforeSending(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && NOT_SENT_CODES.has(code)) return true;
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0 && errors.every((inner) => failedBeforeSending(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A short description of a network error for messages (its code and message, never headers). */
export function describeNetworkError(error: unknown): string {
  if (error && typeof error === "object") {
    const code = (error as { code?: unknown }).code;
    const message = (error as { message?: unknown }).message;
    const parts = [typeof code === "string" ? code : undefined, typeof message === "string" ? message : undefined];
    const text = parts.filter(Boolean).join(" ");
    if (text) return text;
  }
  return String(error);
}

/** Resolves after `ms` milliseconds, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 && !signal?.aborted) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** What {@link shouldRetry} weighs besides the error: the request and what the call has used so far. */
export interface RetryContext {
  /** The request's method: GET, PUT and DELETE are idempotent. */
  method: string;
  /** A POST with a lookup by natural key (a create). */
  isCreate: boolean;
  /** An earlier attempt of this create may have made the object (its answer was lost). */
  mayHaveApplied: boolean;
  /** The attempt that failed, from 0. */
  attempt: number;
  /** Retries counted against `maxRetries` so far. */
  counted: number;
  /** What the call may still wait for the rate-limit window, in milliseconds. */
  windowWaitLeftMs: number;
  /** Retry timing and limits. */
  policy: RetryPolicy;
}

/** What to do after a failed attempt; see {@link shouldRetry}. */
export interface RetryDecision {
  /**
   * Look the create up by its natural key first (its answer was lost, or a resend met a 409): found, it is the call's
   * result. `then-resend`: not found, send again after `delayMs` (when the family's creates may be resent).
   */
  lookUp?: "then-resend" | "then-fail";
  /** The wait before the next attempt; absent: the call fails with the error. */
  delayMs?: number;
  /** Why, for `onRetry` (never a secret). */
  reason: string;
  /** The retry counts against `maxRetries` (a 429 that names the window's reset does not). */
  countsAsRetry: boolean;
  /** The service asked for the wait (a 429's `Retry-After`): it extends the call's deadline. */
  askedByService: boolean;
  /** Rate-limit-window time this wait takes from what the call may still wait. */
  windowWaitMs: number;
  /** The window's reset a 429 named, in milliseconds from now (for the wait's announcement). */
  resetInMs?: number;
}

/**
 * Whether and when a failed attempt is tried again. A 429 waits as asked (a named reset within what the call may
 * still wait for the window; otherwise capped, or backoff) and retries any method; a connection that never reached
 * the server retries any method; 5xx, timeouts and cut connections retry GET/PUT/DELETE, and for a create ask for a
 * lookup first (other POSTs are never resent); a 409 after a lost create answer asks for a lookup.
 */
export function shouldRetry(error: { code: string; status: number; retryAfterMs?: number; beforeSend?: boolean }, detail: string, ctx: RetryContext): RetryDecision {
  const { policy } = ctx;
  const canRetry = ctx.counted < policy.maxRetries;
  const backoff = () => (canRetry ? backoffDelay(ctx.attempt, policy) : undefined);
  const base = { countsAsRetry: true, askedByService: false, windowWaitMs: 0 };
  const code = error.code;
  if (code === "rate_limited") {
    const asked = error.retryAfterMs;
    const decision = { ...base, reason: "429 rate limited", askedByService: asked !== undefined };
    if (asked !== undefined && asked > 0) {
      // The service names when the window resets: wait for it, within what the call may still wait; this is not a
      // retry counted against maxRetries. Past that maximum the call fails with the RateLimitError.
      const delayMs = Math.min(asked, ctx.windowWaitLeftMs);
      const waits = ctx.windowWaitLeftMs > 0;
      return { ...decision, countsAsRetry: false, windowWaitMs: delayMs, resetInMs: asked, ...(waits ? { delayMs } : {}) };
    }
    return { ...decision, ...(canRetry ? { delayMs: Math.min(asked ?? backoffDelay(ctx.attempt, policy), policy.maxRateLimitWaitMs) } : {}) };
  }
  if (code === "connection" && error.beforeSend === true) {
    return { ...base, reason: `connection (not sent): ${detail}`, ...withDelay(backoff()) };
  }
  if (code === "connection" || code === "timeout" || code === "server_error") {
    const reason = code === "server_error" ? `${error.status} server error` : `${code}: ${detail}`;
    if (ctx.method !== "POST") return { ...base, reason, ...withDelay(backoff()) };
    if (ctx.isCreate) {
      return { ...base, lookUp: "then-resend", reason: `${reason}; the object was not created, sending again`, ...withDelay(backoff()) };
    }
    return { ...base, reason };
  }
  if (code === "conflict" && ctx.isCreate && ctx.mayHaveApplied) {
    // An earlier attempt whose answer was lost may have created it after all.
    return { ...base, lookUp: "then-fail", reason: "" };
  }
  return { ...base, reason: "" };
}

function withDelay(delayMs: number | undefined): { delayMs?: number } {
  return delayMs === undefined ? {} : { delayMs };
}
