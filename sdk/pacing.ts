/**
 * Client-side pacing: reads `X-RateLimit-Remaining` / `-Reset` from every answer and, once few requests
 * remain for the time left in the window, spreads the next requests evenly over that time instead of
 * running into 429.
 */
import { header, resetTimeMs, type HeaderBag } from "./retry";

/** Tuning of {@link Pacer}. */
export interface PacingOptions {
  /** Off: never delay. */
  enabled: boolean;
  /**
   * Pace once `remaining` is at or below this fraction of `X-RateLimit-Limit`
   * (or below 50 requests when the limit is unknown). Default 0.1.
   */
  threshold: number;
  /** Longest single pacing delay in milliseconds. */
  maxDelayMs: number;
}

/** Tracks the service's rate-limit headers and hands out delays before each request. */
export class Pacer {
  private remaining: number | undefined;
  private limit: number | undefined;
  private resetAtMs: number | undefined;
  private nextSlotMs = 0;

  /** @param options pacing tuning. */
  constructor(private readonly options: PacingOptions) {}

  /** Records the rate-limit headers of an answer. */
  observe(headers: HeaderBag): void {
    const remaining = Number(header(headers, "x-ratelimit-remaining"));
    const limit = Number(header(headers, "x-ratelimit-limit"));
    const resetAt = resetTimeMs(headers);
    if (Number.isFinite(remaining)) this.remaining = remaining;
    if (Number.isFinite(limit) && limit > 0) this.limit = limit;
    if (resetAt !== undefined) {
      if (this.resetAtMs !== undefined && resetAt > this.resetAtMs) this.nextSlotMs = 0; // a new window began
      this.resetAtMs = resetAt;
    }
  }

  /**
   * Milliseconds to wait before sending the next request: 0 when there is room, else about
   * `(reset - now) / remaining`. Each call reserves a slot, so concurrent callers are spread out
   * rather than all waiting the same amount.
   */
  delayBeforeNext(nowMs: number): number {
    const { remaining, resetAtMs } = this;
    if (!this.options.enabled || remaining === undefined || resetAtMs === undefined) return 0;
    const timeLeft = resetAtMs - nowMs;
    if (timeLeft <= 0) return 0;
    const lowMark = this.limit !== undefined ? this.limit * this.options.threshold : 50;
    if (remaining > lowMark) return 0;
    if (remaining <= 0) return Math.min(timeLeft, this.options.maxDelayMs);
    const spacing = timeLeft / remaining;
    const slot = Math.max(nowMs + spacing, this.nextSlotMs);
    this.nextSlotMs = slot + spacing;
    this.remaining = remaining - 1;
    return Math.min(slot - nowMs, this.options.maxDelayMs);
  }

  /**
   * The window as the last answers described it, for telling what a pacing delay waits for: requests left (before
   * the slots handed out), the limit, the reset time, and the spacing of paced requests.
   */
  window(nowMs: number): { remaining: number; limit?: number; untilResetMs: number; spacingMs?: number } | undefined {
    const { remaining, resetAtMs, limit } = this;
    if (remaining === undefined || resetAtMs === undefined || resetAtMs <= nowMs) return undefined;
    const untilResetMs = resetAtMs - nowMs;
    return {
      remaining: Math.max(0, remaining),
      ...(limit !== undefined ? { limit } : {}),
      untilResetMs,
      ...(remaining > 0 ? { spacingMs: untilResetMs / remaining } : {}),
    };
  }
}

/** Why the client waits for the rate-limit window. */
export type RateLimitWaitKind = "paced" | "rate-limited";

/**
 * A wait for the service's rate-limit window, as `onRateLimitWait` of the client options receives it: once per wait,
 * not once per request (concurrent requests waiting for the same window are told once).
 */
export interface RateLimitWait {
  /**
   * `paced`: few requests remain in the window, so the client spreads them until it resets; `rate-limited`: the
   * service answered 429 and the client waits for the time it named (`Retry-After` / `X-RateLimit-Reset`).
   */
  kind: RateLimitWaitKind;
  /** Milliseconds until the window resets (for a 429: the wait the service asked for). */
  untilResetMs: number;
  /** Milliseconds between two paced requests (`paced` only). */
  spacingMs?: number;
  /** Requests left in the window (`X-RateLimit-Remaining`; 0 for a 429). */
  remaining: number;
  /** Requests per window (`X-RateLimit-Limit`), when the service sent it. */
  limit?: number;
  /** Method of the request that waits first. */
  method: string;
  /** Path of the request that waits first (no query). */
  path: string;
}

/** `45s`, `4m40s`, `14m`, `1h02m`: how long a rate-limit wait lasts. */
export function formatWait(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 10) return `${m}m${String(s % 60).padStart(2, "0")}s`;
  if (m < 60) return `${Math.round(s / 60)}m`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}

/**
 * One line for a {@link RateLimitWait}: `waiting 14m for the rate-limit window: 0 of 1000 requests left`, and for a
 * paced wait `waiting 14m for the rate-limit window: 3 of 1000 requests left, one every 4m40s until it resets`.
 */
export function describeRateLimitWait(wait: RateLimitWait): string {
  const of = wait.limit !== undefined ? ` of ${wait.limit}` : "";
  const line = `waiting ${formatWait(wait.untilResetMs)} for the rate-limit window: ${wait.remaining}${of} requests left`;
  if (wait.kind === "paced" && wait.remaining > 0 && wait.spacingMs !== undefined) {
    return `${line}, one every ${formatWait(wait.spacingMs)} until it resets`;
  }
  return line;
}

/** Slack when deciding whether a wait is one already announced (`Retry-After` is in whole seconds). */
const SAME_WAIT_SLACK_MS = 2_000;

/**
 * Decides which waits are announced: a wait is new unless an announced wait of the same kind is still running and
 * ends no later than it (give or take two seconds), so concurrent requests waiting for one window are told once.
 */
export class RateLimitNotices {
  private readonly announcedUntil = new Map<RateLimitWaitKind, number>();

  /** True when the wait of `kind` ending at `endMs` should be announced (and records it); false when it was already. */
  announce(kind: RateLimitWaitKind, endMs: number, nowMs: number): boolean {
    const until = this.announcedUntil.get(kind);
    if (until !== undefined && nowMs < until && endMs <= until + SAME_WAIT_SLACK_MS) return false;
    this.announcedUntil.set(kind, endMs);
    return true;
  }
}
