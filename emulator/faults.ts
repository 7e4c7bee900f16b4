import { randomUUID } from "node:crypto";
import { z } from "zod";

/** A fault rule of `POST /_emulator/faults`. */
export const faultRequest = z.object({
  method: z.enum(["GET", "POST", "PUT", "DELETE", "PATCH"]),
  path: z.string().startsWith("/", "expected a path starting with '/'"),
  status: z.number().int().min(100).max(599).optional(),
  retry_after_seconds: z.number().int().min(0).optional(),
  latency_ms: z.number().int().min(0).max(600000).optional(),
  drop: z.enum(["before", "after"]).optional(),
  times: z.number().int().min(1).optional(),
});

/** A stored fault with the number of times it still fires. */
export type Fault = z.output<typeof faultRequest> & { id: string; remaining: number };

/** Fault rules, matched by method and path (`*` matches one segment). */
export class Faults {
  private rules: Fault[] = [];

  /** Adds a rule and returns its id. */
  add(input: z.output<typeof faultRequest>): string {
    const f: Fault = { ...input, id: randomUUID(), remaining: input.times ?? 1 };
    this.rules.push(f);
    return f.id;
  }

  /** Takes the first rule matching the request (using up one of its times). */
  take(method: string, path: string): Fault | undefined {
    if (this.rules.length === 0) return undefined;
    const segs = path.split("/");
    const f = this.rules.find((r) => r.method === method && pathMatches(r.path, segs));
    if (!f) return undefined;
    f.remaining -= 1;
    if (f.remaining <= 0) this.rules = this.rules.filter((r) => r !== f);
    return f;
  }

  /** Removes every rule. */
  clear(): void {
    this.rules = [];
  }

  /** The rules (for the state dump). */
  list(): Fault[] {
    return [...this.rules];
  }
}

function pathMatches(pattern: string, segs: string[]): boolean {
  const p = pattern.split("/");
  if (p.length !== segs.length) return false;
  return p.every((s, i) => s === "*" || s === segs[i]);
}
