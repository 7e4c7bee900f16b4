/** Outcome of counting one request. */
export interface RateDecision {
  ok: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which the window resets. */
  reset: number;
}

const HOUR_MS = 3600 * 1000;

/** Fixed window per token (one hour unless `take` is given another), starting at the token's first request. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** Counts a request of `key` at `nowMs` against `limit` per window of `windowMs` (default one hour). */
  take(key: string, limit: number, nowMs: number, windowMs: number = HOUR_MS): RateDecision {
    let w = this.windows.get(key);
    if (!w || nowMs - w.start >= windowMs) {
      w = { start: nowMs, count: 0 };
      this.windows.set(key, w);
    }
    const reset = Math.ceil((w.start + windowMs) / 1000);
    if (w.count >= limit) return { ok: false, limit, remaining: 0, reset };
    w.count += 1;
    return { ok: true, limit, remaining: Math.max(0, limit - w.count), reset };
  }

  /** Headers for an answer that was not counted (no valid token). */
  static idle(limit: number, nowMs: number, windowMs: number = HOUR_MS): RateDecision {
    return { ok: true, limit, remaining: limit, reset: Math.ceil((nowMs + windowMs) / 1000) };
  }

  /** The window of `key` (its start in epoch ms and its count), read without counting; undefined when it has none. */
  peek(key: string): { start: number; count: number } | undefined {
    const w = this.windows.get(key);
    return w === undefined ? undefined : { ...w };
  }

  /** Forgets every window. */
  clear(): void {
    this.windows.clear();
  }
}
