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
}
