import type { ControlTarget } from "../control-target";
import type { TokenRec } from "../../models/organization";
import { RateLimiter } from "../../server/rate-limit";

/** What is left of one token's hourly request budget, as the dashboard shows it. */
export interface RateBudget {
  /** The token's name (never its value). */
  name: string;
  /** Its scope: Admin, Read, Deploy or Write. */
  scope: TokenRec["scope"];
  /** True once revoked through `POST /_emulator/tokens/{name}/revoke`. */
  revoked: boolean;
  /** Requests per hour (the emulator's `rateLimitPerHour`). */
  limit: number;
  /** Requests counted in the current window. */
  used: number;
  /** Requests left in the current window (`X-RateLimit-Remaining` of its next answer, before counting it). */
  remaining: number;
  /**
   * When the current window ends (ISO time, whole seconds as `X-RateLimit-Reset` gives it); null when the token has
   * made no request in the last hour.
   */
  resets_at: string | null;
}

const HOUR_MS = 3600 * 1000;

/**
 * The limiter of the emulator's server (the only control target), which holds one as `limiter`; none for another
 * control target (no request is counted there).
 */
function limiterOf(emu: ControlTarget): RateLimiter | undefined {
  const limiter = (emu as ControlTarget & { limiter?: unknown }).limiter;
  return limiter instanceof RateLimiter ? limiter : undefined;
}

/** Every token's budget at `nowMs`, in the order the organization lists its tokens. */
export function rateBudgets(emu: ControlTarget, tokens: readonly TokenRec[], nowMs: number): RateBudget[] {
  const limiter = limiterOf(emu);
  const limit = emu.world.config.rateLimitPerHour;
  return tokens.map((t) => {
    const w = limiter?.peek(t.name);
    const live = w !== undefined && nowMs - w.start < HOUR_MS;
    const used = live ? Math.min(w.count, limit) : 0;
    return {
      name: t.name, scope: t.scope, revoked: t.revoked, limit, used, remaining: limit - used,
      resets_at: live ? new Date(Math.ceil((w.start + HOUR_MS) / 1000) * 1000).toISOString() : null,
    };
  });
}
