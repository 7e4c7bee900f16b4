/**
 * Faults the control endpoint `POST /_emulator/faults` injects (`DELETE /_emulator/faults` and `POST /_emulator/reset`
 * remove them all):
 *
 * - **Request faults** `{method, path, status?, retry_after_seconds?, latency_ms?, drop?, times?}`: the next `times`
 *   (default 1) API requests matching `method` and `path` (`*` matches one segment) are delayed by `latency_ms`,
 *   answered `status` (with `Retry-After` when `retry_after_seconds` is given) without being applied, or lose their
 *   connection before (`drop: "before"`) or after (`drop: "after"`) the emulator applied them.
 * - **Stale statuses** `{kind: "stale_status", reads?, ms?, times?}` (at least one of `reads` and `ms`): the service's
 *   known race, where the first status reads after a deploy still show the previous deployment. Each action request
 *   (deploy, redeploy, stop, restart, uninstall of a service; deploy, redeploy, stop of an environment; the
 *   environment's `service/deploy`, `service/stop` and `service/restart-service`) made while the rule holds records
 *   what each service it acts on showed just before it (the whole `Status`: the same `deployment_request_id` and
 *   `state` as before), and for an environment request what the environment's status showed too. The status reads
 *   that follow answer those records instead of the live status for the first `reads` reads of each (a service's
 *   `GET /<kind>/{id}/status`, the environment's `GET /environment/{id}/status`, and `GET
 *   /environment/{id}/statusesWithStages`, which is one read of the environment and of each service it lists), and
 *   until `ms` milliseconds have passed since the request when `ms` is given (either bound keeps it stale). The
 *   answers of the action requests themselves (their 202 bodies) are never stale. The rule applies to the next
 *   `times` action requests, or to every one until the faults are removed when `times` is absent. Example:
 *   `{"kind": "stale_status", "reads": 3}`.
 * - **Invalid cluster credentials** `{kind: "invalid_credentials", cluster_id}`: the cluster answers
 *   `INVALID_CREDENTIALS` (as when its credentials are deleted) until the faults are removed.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";

/** A request fault of `POST /_emulator/faults` (no `kind`). */
export const faultRequest = z.object({
  method: z.enum(["GET", "POST", "PUT", "DELETE", "PATCH"]),
  path: z.string().startsWith("/", "expected a path starting with '/'"),
  status: z.number().int().min(100).max(599).optional(),
  retry_after_seconds: z.number().int().min(0).optional(),
  latency_ms: z.number().int().min(0).max(600000).optional(),
  drop: z.enum(["before", "after"]).optional(),
  times: z.number().int().min(1).optional(),
});

/** The stale-status fault of `POST /_emulator/faults` (`kind: "stale_status"`). */
export const staleStatusRequest = z.object({
  kind: z.literal("stale_status"),
  reads: z.number().int().min(1).max(10000).optional(),
  ms: z.number().int().min(1).max(3600000).optional(),
  times: z.number().int().min(1).optional(),
}).refine((r) => r.reads !== undefined || r.ms !== undefined, { message: "give reads, ms or both", path: ["reads"] });

/** The invalid-credentials fault of `POST /_emulator/faults` (`kind: "invalid_credentials"`). */
export const invalidCredentialsRequest = z.object({ kind: z.literal("invalid_credentials"), cluster_id: z.string().min(1) });

/** A stored request fault with the number of times it still fires. */
export type Fault = z.output<typeof faultRequest> & { id: string; remaining: number };

/** A stored stale-status rule; `remaining` is null when it applies until removed. */
export type StaleStatusRule = z.output<typeof staleStatusRequest> & { id: string; remaining: number | null };

/** What a target showed before an action, answered instead of its live status while reads or time remain. */
interface StaleEntry {
  status: Record<string, unknown>;
  readsLeft: number;
  until: number;
}

/** Key of a service's or an environment's stale status. */
export function staleKey(kind: "service" | "environment", id: string): string {
  return `${kind}:${id}`;
}

/** Fault rules: request faults matched by method and path (`*` matches one segment), and stale statuses. */
export class Faults {
  private rules: Fault[] = [];
  private staleRules: StaleStatusRule[] = [];
  private readonly stale = new Map<string, StaleEntry>();
  private invalidCredentials: Array<{ id: string; cluster_id: string }> = [];

  /** Adds a request fault and returns its id. */
  add(input: z.output<typeof faultRequest>): string {
    const f: Fault = { ...input, id: randomUUID(), remaining: input.times ?? 1 };
    this.rules.push(f);
    return f.id;
  }

  /** Adds a stale-status rule and returns its id. */
  addStale(input: z.output<typeof staleStatusRequest>): string {
    const r: StaleStatusRule = { ...input, id: randomUUID(), remaining: input.times ?? null };
    this.staleRules.push(r);
    return r.id;
  }

  /** Marks a cluster's credentials invalid and returns the rule's id. */
  addInvalidCredentials(input: z.output<typeof invalidCredentialsRequest>): string {
    const id = randomUUID();
    this.invalidCredentials.push({ id, cluster_id: input.cluster_id });
    return id;
  }

  /** True when a rule marks the cluster's credentials invalid. */
  clusterCredentialsInvalid(clusterId: string): boolean {
    return this.invalidCredentials.some((r) => r.cluster_id === clusterId);
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

  /** The stale-status rule an action request falls under (using up one of its times), if any. */
  takeStale(): StaleStatusRule | undefined {
    const r = this.staleRules[0];
    if (!r) return undefined;
    if (r.remaining !== null) {
      r.remaining -= 1;
      if (r.remaining <= 0) this.staleRules.shift();
    }
    return r;
  }

  /** Records what `key` showed just before an action of a request under `rule`. */
  recordStale(key: string, rule: StaleStatusRule, status: Record<string, unknown>, nowMs: number): void {
    this.stale.set(key, { status: structuredClone(status), readsLeft: rule.reads ?? 0, until: rule.ms === undefined ? -Infinity : nowMs + rule.ms });
  }

  /** The status to answer for a read of `key` instead of the live one (using up one of its reads), if it is still stale. */
  readStale(key: string, nowMs: number): Record<string, unknown> | undefined {
    const e = this.stale.get(key);
    if (!e) return undefined;
    if (e.readsLeft <= 0 && nowMs >= e.until) {
      this.stale.delete(key);
      return undefined;
    }
    e.readsLeft -= 1;
    return structuredClone(e.status);
  }

  /** Removes every rule and every recorded stale status. */
  clear(): void {
    this.rules = [];
    this.staleRules = [];
    this.stale.clear();
    this.invalidCredentials = [];
  }

  /** The rules (for the state dump). */
  list(): Array<Fault | StaleStatusRule> {
    return [...this.rules, ...this.staleRules];
  }

  /** The invalid-credentials rules (for the state dump). */
  listInvalidCredentials(): Array<{ id: string; kind: "invalid_credentials"; cluster_id: string }> {
    return this.invalidCredentials.map((r) => ({ ...r, kind: "invalid_credentials" as const }));
  }
}

function pathMatches(pattern: string, segs: string[]): boolean {
  const p = pattern.split("/");
  if (p.length !== segs.length) return false;
  return p.every((s, i) => s === "*" || s === segs[i]);
}
