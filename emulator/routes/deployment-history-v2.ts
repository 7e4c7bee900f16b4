/**
 * `/<kind>/{<kind>Id}/deploymentHistoryV2` of Helm and Terraform services (the reference's only history of a
 * Terraform service): every action of the service, newest first, `pageSize` per page (20 unless the query says), each
 * with its identifier, state, auditing data, what it rolled out (`details`: its commit, a chart's name and version)
 * and its status details (a Terraform deploy plans and applies, an uninstall destroys).
 */
import { z } from "zod";
import { phaseOf, stateAt } from "../deployments/clock";
import { badRequest } from "../server/errors";
import { deploymentsOf } from "../models/deployments";
import type { DeploymentRec } from "../models/runtime";
import type { AnyServiceKind, ServiceRec } from "../models/service-kinds";
import { commitResponse } from "../schemas/deployment-history";
import { deploymentDates } from "./deployment-history";
import { needServiceOf } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

/** What `status_details` names an action, and a Terraform action's sub-action. */
const ACTIONS = { DEPLOY: "DEPLOY", STOP: "STOP", RESTART: "RESTART", UNINSTALL: "DELETE" } as const;
const TERRAFORM_SUB_ACTIONS: Partial<Record<DeploymentRec["action"], string>> = { DEPLOY: "TERRAFORM_PLAN_AND_APPLY", UNINSTALL: "TERRAFORM_DESTROY" };

const entryResponse = z.object({
  identifier: z.object({ name: z.string(), service_id: z.string(), service_type: z.string(), execution_id: z.string() }),
  status: z.string(),
  auditing_data: z.object({ created_at: z.string(), updated_at: z.string(), triggered_by: z.string(), origin: z.literal("API") }),
  details: z.object({ commit: commitResponse.optional(), repository: z.object({ chart_name: z.string(), chart_version: z.string() }).optional() }),
  status_details: z.object({ action: z.string(), status: z.string(), sub_action: z.string() }),
  icon_uri: z.string(),
});

/** The `pageSize` query parameter (20 when absent, 1 to 100). */
export function pageSizeOf(ctx: RouteContext): number {
  const raw = ctx.query.get("pageSize");
  if (raw === null || raw === "") return 20;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 100) throw badRequest("pageSize", "expected an integer between 1 and 100");
  return n;
}

/** One deployment of a service as the newer histories list it (`DeploymentHistoryService`). */
export function historyV2Entry(ctx: RouteContext, kind: Pick<AnyServiceKind, "type">, svc: ServiceRec, d: DeploymentRec): Record<string, unknown> {
  const { id, created_at, updated_at } = deploymentDates(ctx, d);
  const state = stateAt(d, ctx.now);
  const repository = d.release?.["repository"] as { chart_name: string; chart_version: string } | null | undefined;
  return {
    identifier: { name: svc.name, service_id: svc.id, service_type: kind.type, execution_id: id },
    status: state, auditing_data: { created_at, updated_at, triggered_by: "API token", origin: "API" },
    details: { ...(d.commit ? { commit: d.commit } : {}), ...(repository ? { repository } : {}) },
    status_details: {
      action: ACTIONS[d.action], status: phaseOf(state),
      sub_action: kind.type === "TERRAFORM" ? TERRAFORM_SUB_ACTIONS[d.action] ?? "NONE" : "NONE",
    },
    icon_uri: svc.icon_uri,
  };
}

/** The route of one kind. */
export function historyV2Route(kind: AnyServiceKind): Route {
  return route({
    method: "GET", path: `/${kind.name}/{${kind.name}Id}/deploymentHistoryV2`, status: 200, access: "read",
    summary: `Deployments of the ${kind.name}, newest first (query \`pageSize\`, 20 by default)`,
    query: z.object({ pageSize: z.string().optional() }),
    response: z.object({ page: z.number().int(), page_size: z.number().int(), results: z.array(entryResponse) }),
    handler: (ctx) => {
      const svc = needServiceOf(ctx, kind);
      const size = pageSizeOf(ctx);
      const results = deploymentsOf(svc.runtime).slice(0, size).map((d) => historyV2Entry(ctx, kind, svc, d));
      return { page: 1, page_size: size, results };
    },
  });
}
