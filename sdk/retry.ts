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
