/**
 * Deployment history: per service (`/<kind>/{<kind>Id}/deploymentHistory`) every action it ran, and per environment
 * (`/environment/{environmentId}/deploymentHistory`) every environment action and single-service action with the
 * deployments of its services. Newest first, 20 per page, the next page after the entry named by query `startId`.
 */
import { aggregateState, stateAt, stateSince } from "../deployments/clock";
import { badRequest } from "../server/errors";
import { deploymentsOf, groupOf } from "../models/deployments";
import type { EnvironmentRec } from "../models/environments";
import { iso } from "../models/records";
import type { CommitRec, DeploymentRec, RuntimeRec } from "../models/runtime";
import { SERVICE_KINDS, type ServiceRec } from "../models/service-kinds";
import { environmentDeploymentResponse, historyPageOf, historyQuery } from "../schemas/deployment-history";
import { needEnvironment } from "./lookup";
import { route, type Route, type RouteContext } from "./types";
import { servicesWithKindIn } from "../models/queries";

/** Entries per page. */
const PAGE_SIZE = 20;

/** The page of `entries` (newest first) after the one query `startId` names: `{page, page_size, results}`. */
export function historyPage<T extends { id: string }>(ctx: RouteContext, entries: T[]): { page: number; page_size: number; results: T[] } {
  const startId = ctx.query.get("startId");
  let from = 0;
  if (startId !== null && startId !== "") {
    const at = entries.findIndex((e) => e.id === startId);
    if (at === -1) throw badRequest("startId", `no deployment ${startId} in this history`);
    from = at + 1;
  }
  return { page: Math.floor(from / PAGE_SIZE) + 1, page_size: PAGE_SIZE, results: entries.slice(from, from + PAGE_SIZE) };
}

/** Base fields of a deployment's entry: its request id, when it was asked for and when its state last changed. */
export function deploymentDates(ctx: RouteContext, d: DeploymentRec): { id: string; created_at: string; updated_at: string } {
  return { id: d.request_id, created_at: iso(d.requested_at ?? d.start), updated_at: iso(stateSince(d, ctx.now)) };
}

/**
 * A deployment of a service in its state now, its commit (services built from git) and what else it rolled out
 * (a container's or a job's image, tag, arguments and entrypoint, a job's schedule).
 */
export function deploymentEntry(ctx: RouteContext, svc: { name: string }, d: DeploymentRec): Record<string, unknown> {
  return {
    ...deploymentDates(ctx, d), name: svc.name, status: stateAt(d, ctx.now), ...(d.commit ? { commit: d.commit } : {}),
    ...structuredClone(d.release ?? {}),
  };
}

/** The commits of a service's git repository its deploys rolled out (those the emulator knows), newest first, once each. */
export function knownCommits(runtime: RuntimeRec): CommitRec[] {
  const seen = new Set<string>();
  return deploymentsOf(runtime).filter((d) => d.action === "DEPLOY").flatMap((d) => (d.commit ? [d.commit] : []))
    .filter((c) => !seen.has(c.git_commit_id) && seen.add(c.git_commit_id));
}

/** Key of a kind's deployments in an environment's entries: `applications`, `databases`. */
function kindKey(name: string): string {
  return `${name}s`;
}

/** The kinds an environment's history lists, each under its key. */
const HISTORY_KINDS = SERVICE_KINDS.filter((k) => k.inEnvironmentHistory !== false);

/** The entries of an environment's history, newest first. */
function environmentEntries(ctx: RouteContext, e: EnvironmentRec): Array<Record<string, unknown> & { id: string }> {
  type Group = { at: number; seq: number; fallback: string; deployments: Array<[string, ServiceRec, DeploymentRec]> };
  const groups = new Map<string, Group>();
  for (const a of e.actions ?? (e.last_action ? [e.last_action] : [])) {
    groups.set(a.request_id, { at: Date.parse(a.at), seq: a.seq ?? 0, fallback: a.action === "STOP" ? "STOPPED" : "DEPLOYED", deployments: [] });
  }
  for (const [kind, svc] of servicesWithKindIn(ctx.world.store, e.id)) {
    for (const d of deploymentsOf(svc.runtime)) {
      const g = groups.get(groupOf(d)) ?? { at: d.requested_at ?? d.start, seq: d.seq ?? 0, fallback: "DEPLOYED", deployments: [] };
      g.deployments.push([kind.name, svc, d]);
      groups.set(groupOf(d), g);
    }
  }
  const entries = [...groups.entries()].map(([id, g]) => {
    const states = g.deployments.map(([, , d]) => stateAt(d, ctx.now));
    const last = Math.max(g.at, ...g.deployments.map(([, , d]) => stateSince(d, ctx.now)));
    const entry: Record<string, unknown> & { id: string } = {
      id, created_at: iso(g.at), updated_at: iso(last), status: aggregateState(states, g.fallback), origin: "API",
    };
    for (const k of HISTORY_KINDS) {
      entry[kindKey(k.name)] = g.deployments.filter(([name]) => name === k.name).map(([, svc, d]) => deploymentEntry(ctx, svc, d));
    }
    return { at: g.at, seq: g.seq, entry };
  });
  return entries.sort((a, b) => b.at - a.at || b.seq - a.seq).map((x) => x.entry);
}

/** `GET /environment/{environmentId}/deploymentHistory`. */
export const environmentHistoryRoute: Route = route({
  method: "GET", path: "/environment/{environmentId}/deploymentHistory", access: "read", status: 200,
  summary: "Deployments of the environment, newest first (20 per page; query `startId` for the next page)",
  response: historyPageOf(environmentDeploymentResponse(HISTORY_KINDS.map((k) => kindKey(k.name)))), query: historyQuery,
  handler: (ctx) => historyPage(ctx, environmentEntries(ctx, needEnvironment(ctx))),
});
