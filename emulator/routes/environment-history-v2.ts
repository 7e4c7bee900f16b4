/**
 * `GET /environment/{environmentId}/deploymentHistoryV2`: the environment's requests, newest first (`pageSize`, 20 by
 * default), each with its stages and, in each, its services' deployments as the services' own newer histories show them;
 * and `/logs`, the deployment log lines of its services (query `version`: those of one version).
 */
import { z } from "zod";
import { aggregateState, inProgress, stateAt, stateSince } from "../deployments/clock";
import { stageNames } from "../deployments/service-requests";
import { deploymentsOf, groupOf } from "../models/deployments";
import { servicesWithKindIn } from "../models/queries";
import { visibleLogs } from "../models/logs";
import { iso } from "../models/records";
import type { DeploymentRec } from "../models/runtime";
import type { ServiceKind, ServiceRec } from "../models/service-kinds";
import { historyV2Entry, pageSizeOf } from "./deployment-history-v2";
import { needEnvironment } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

type Run = { kind: ServiceKind; svc: ServiceRec; d: DeploymentRec };

/** What a request or a stage came to, from its deployments' states. */
function outcome(states: string[]): "ONGOING" | "ERROR" | "CANCELED" | "DONE" {
  if (states.some(inProgress)) return "ONGOING";
  if (states.some((s) => s.endsWith("_ERROR"))) return "ERROR";
  return states.includes("CANCELED") ? "CANCELED" : "DONE";
}

const duration = (ms: number) => `PT${Math.max(0, Math.round(ms / 1000))}S`;

/** One request of the environment. */
function entry(ctx: RouteContext, envId: string, id: string, runs: Run[], stages: Map<string, string>): Record<string, unknown> {
  const start = Math.min(...runs.map((r) => r.d.requested_at ?? r.d.start));
  const end = Math.max(start, ...runs.map((r) => stateSince(r.d, ctx.now)));
  const states = runs.map((r) => stateAt(r.d, ctx.now));
  const byStage = new Map<string, Run[]>();
  for (const r of runs) byStage.set(stages.get(r.svc.id) ?? "(no stage)", [...(byStage.get(stages.get(r.svc.id) ?? "(no stage)") ?? []), r]);
  const action = runs[0]?.d.action ?? "DEPLOY";
  const result = outcome(states);
  return {
    identifier: { execution_id: id, environment_id: envId },
    auditing_data: { created_at: iso(start), updated_at: iso(end), triggered_by: "API token", origin: "API" },
    status: aggregateState(states, "DEPLOYED"), trigger_action: action, total_duration: duration(end - start),
    stages: [...byStage.entries()].map(([name, list]) => ({
      name, status: outcome(list.map((r) => stateAt(r.d, ctx.now))),
      duration: duration(Math.max(...list.map((r) => stateSince(r.d, ctx.now))) - Math.min(...list.map((r) => r.d.start))),
      services: list.map((r) => historyV2Entry(ctx, r.kind, r.svc, r.d)),
    })),
    action_status: result === "DONE" ? "SUCCESS" : result,
  };
}

/** The environment's deployment log lines, oldest first, as `EnvironmentLogs`. */
function environmentLogs(ctx: RouteContext): Array<Record<string, unknown>> {
  const e = needEnvironment(ctx);
  const version = ctx.query.get("version") || undefined;
  const stages = stageNames(ctx, e.id);
  return servicesWithKindIn(ctx.world.store, e.id)
    .flatMap(([kind, svc]) => visibleLogs(ctx.world.store, svc.id, ctx.now, undefined).filter((l) => version === undefined || l.version === version).map((l) => ({
      at: l.at, type: "info", timestamp: iso(l.at),
      details: {
        organization_id: e.organization_id, cluster_id: e.cluster_id, execution_id: l.version,
        transmitter: { id: svc.id, name: svc.name, type: kind.type }, stage: { step: "Deploy", id: null, name: stages.get(svc.id) ?? null },
      },
      message: { safe_message: l.message },
    })))
    .sort((a, b) => a.at - b.at)
    .map(({ at: _at, ...line }) => line);
}

/** The environment's newer deployment history. */
export const environmentHistoryV2Route: Route = route({
  method: "GET", path: "/environment/{environmentId}/deploymentHistoryV2", status: 200, access: "read",
  summary: "The environment's requests, newest first, by stage (query `pageSize`, 20 by default)", query: z.object({ pageSize: z.string().optional() }),
  response: z.object({ page: z.number(), page_size: z.number(), results: z.array(z.record(z.string(), z.unknown())) }),
  handler: (ctx) => {
    const e = needEnvironment(ctx);
    const size = pageSizeOf(ctx);
    const groups = new Map<string, Run[]>();
    for (const [kind, svc] of servicesWithKindIn(ctx.world.store, e.id)) {
      for (const d of deploymentsOf(svc.runtime)) groups.set(groupOf(d), [...(groups.get(groupOf(d)) ?? []), { kind, svc, d }]);
    }
    const stages = stageNames(ctx, e.id);
    const latest = (runs: Run[]) => Math.max(...runs.map((r) => r.d.requested_at ?? r.d.start));
    const newest = [...groups.entries()].sort(([, a], [, b]) => latest(b) - latest(a));
    return { page: 1, page_size: size, results: newest.slice(0, size).map(([id, runs]) => entry(ctx, e.id, id, runs, stages)) };
  },
});

/** The environment's deployment log. */
export const environmentLogsRoute: Route = route({
  method: "GET", path: "/environment/{environmentId}/logs", status: 200, access: "read",
  summary: "Deployment log lines of the environment's services, oldest first (query `version`: one version's)",
  query: z.object({ version: z.string().optional() }), response: z.array(z.record(z.string(), z.unknown())),
  handler: environmentLogs,
});
