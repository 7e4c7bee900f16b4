import type { z } from "zod";
import { currentCostCents } from "../models/cost";
import { editOrganization, type OrganizationRec } from "../models/organization";
import { availableRoles } from "../models/roles";
import { listOf } from "../schemas/common";
import { organizationResponse, serviceLightResponse, currentCostResponse } from "../schemas/organization";
import { availableRoleResponse, organizationEditRequest, organizationSettingsResponse } from "../schemas/team";
import { needOrg } from "./lookup";
import { route, type Route, type RouteContext } from "./types";
import { parentsOf } from "../models/queries";

/** Wire form of the organization. */
export function presentOrganization(o: OrganizationRec): Record<string, unknown> {
  return {
    id: o.id, created_at: o.created_at, updated_at: o.updated_at, name: o.name, description: o.description ?? null, plan: o.plan,
    website_url: o.website_url ?? null, repository: o.repository ?? null, logo_url: o.logo_url ?? null, icon_url: o.icon_url ?? null,
    admin_emails: o.admin_emails === undefined ? [] : o.admin_emails, owner: o.owner,
    billing_deployment_restriction: null, organization_plan: { plan: o.plan, audit_logs_retention_in_days: 30 },
  };
}

/** Every service of every kind, with its project and environment; services whose parents are gone are left out. */
function lightServices(ctx: RouteContext): Array<Record<string, unknown>> {
  const store = ctx.world.store;
  return store.servicesWithKind().flatMap(([kind, svc]) => {
    const { environment: env, project } = parentsOf(store, svc);
    if (!env || !project) return [];
    return [{
      id: svc.id, name: svc.name, description: svc.description ?? "", icon_uri: svc.icon_uri, service_type: kind.type,
      project_id: project.id, project_name: project.name, environment_id: env.id, environment_name: env.name, cluster_id: env.cluster_id,
    }];
  });
}

/** Organization reads, services list and cost. */
export const organizationRoutes: Route[] = [
  route({
    method: "GET", path: "/organization", access: "read", status: 200, summary: "Organizations of the token", response: listOf(organizationResponse),
    handler: (ctx) => ({ results: [presentOrganization(ctx.world.store.state.organization)] }),
  }),
  route({
    method: "GET", path: "/organization/{organizationId}", access: "read", status: 200, summary: "Get the organization", response: organizationResponse,
    handler: (ctx) => presentOrganization(needOrg(ctx)),
  }),
  route({
    method: "PUT", path: "/organization/{organizationId}", access: "admin", status: 200, summary: "Edit the organization's settings (every field: one left out is cleared)",
    request: organizationEditRequest, response: organizationSettingsResponse,
    handler: (ctx) => {
      needOrg(ctx);
      return presentOrganization(editOrganization(ctx, ctx.body as z.output<typeof organizationEditRequest>));
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/availableRole", access: "admin", status: 200, summary: "Roles of the organization (built-in and custom)",
    response: listOf(availableRoleResponse),
    handler: (ctx) => {
      needOrg(ctx);
      return { results: availableRoles(ctx.world.store).map((r) => ({ id: r.id, name: r.name })) };
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/services", access: "read", status: 200,
    summary: "Services of the organization (filters project_id, environment_id, cluster_id)", response: listOf(serviceLightResponse),
    handler: (ctx) => {
      needOrg(ctx);
      const filters = ["project_id", "environment_id", "cluster_id"] as const;
      let list = lightServices(ctx);
      for (const f of filters) {
        const v = ctx.query.get(f);
        if (v !== null && v !== "" && v !== "null") list = list.filter((x) => x[f] === v);
      }
      return { results: list };
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/currentCost", access: "read", status: 200, summary: "Current cost of the organization",
    response: currentCostResponse,
    handler: (ctx) => {
      const org = needOrg(ctx);
      const cents = currentCostCents(ctx);
      return {
        plan: org.plan, remaining_trial_day: 0,
        renewal_at: new Date(ctx.now + 30 * 24 * 3600 * 1000).toISOString(),
        cost: { total_in_cents: cents, total: cents / 100, currency_code: "USD" },
      };
    },
  }),
];
