/**
 * The organization's onboarding, its owner's account, its policy API tokens, its audit events and their targets,
 * and the services a git token is used by.
 */
import { z } from "zod";
import { applicationsUsingGitToken, helmsAndTerraformsUsingGitToken, jobsUsingGitToken, parentsOf } from "../models/queries";
import { jobType } from "../models/jobs";
import { organizationEvents, type EventFilter } from "../models/organization-events";
import {
  accountOf, createPolicyToken, deletePolicyToken, onboardingOf, policyTokens, setCommunicationEmail, setOnboarding, type PolicyTokenRec,
} from "../models/organization-extras";
import { findRole } from "../models/roles";
import { badRequest } from "../server/errors";
import { listOf, nonEmpty, uuidString } from "../schemas/common";
import { needOrg, needOrgRecord } from "./lookup";
import { param, route, type Route, type RouteContext } from "./types";

const ONBOARDING = ["IN_PROGRESS", "DISMISSED", "COMPLETED"] as const;
const onboarding = z.object({ use_cases: z.string().nullable(), status: z.enum(ONBOARDING) });
const account = z.object({
  id: z.string(), created_at: z.string(), nickname: z.string(), first_name: z.string(), last_name: z.string(), profile_picture_url: z.string(), communication_email: z.string(),
});
const policyToken = z.object({ id: z.string(), created_at: z.string(), name: z.string(), role_name: z.string(), role_id: z.string(), creator_name: z.string().nullable(), expires_at: z.string().nullable() });
const policyTokenRequest = z.object({ name: nonEmpty, opa_policy: nonEmpty, role_id: uuidString.nullable().optional(), expires_at: z.iso.datetime({ offset: true }).nullable().optional() });

function presentPolicyToken(ctx: RouteContext, t: PolicyTokenRec): Record<string, unknown> {
  return {
    id: t.id, created_at: t.created_at, name: t.name, role_id: t.role_id, role_name: findRole(ctx.world.store, t.role_id)?.name ?? t.scope,
    creator_name: "Emulator Owner", expires_at: t.expires_at,
  };
}

function timeParam(ctx: RouteContext, name: string): number | undefined {
  const raw = ctx.query.get(name);
  if (raw === null || raw === "") return undefined;
  const ms = /^\d+$/.test(raw) ? Number(raw) * 1000 : Date.parse(raw);
  if (Number.isNaN(ms)) throw badRequest(name, "expected a date-time or a Unix timestamp in seconds");
  return ms;
}

function eventFilter(ctx: RouteContext): EventFilter {
  const q = (name: string) => ctx.query.get(name) || undefined;
  const f: EventFilter = {};
  const set = <K extends keyof EventFilter>(k: K, v: EventFilter[K] | undefined) => { if (v !== undefined) f[k] = v; };
  set("from", timeParam(ctx, "fromTimestamp"));
  set("to", timeParam(ctx, "toTimestamp"));
  set("eventType", q("eventType"));
  set("targetType", q("targetType"));
  set("targetId", q("targetId"));
  set("projectId", q("serviceProjectId"));
  set("environmentId", q("serviceEnvironmentId"));
  return f;
}

function events(ctx: RouteContext): ReturnType<typeof organizationEvents> {
  needOrg(ctx);
  const s = ctx.world.store;
  return organizationEvents(s, {
    projects: s.state.projects.values(), environments: s.state.environments.values(), clusters: s.state.clusters, services: s.servicesWithKind(),
  }, ctx.now, eventFilter(ctx));
}

function pageSize(ctx: RouteContext): number {
  const raw = ctx.query.get("pageSize");
  const n = raw === null || raw === "" ? 10 : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 100) throw badRequest("pageSize", "expected an integer between 1 and 100");
  return n;
}

/** The routes. */
export const organizationExtraRoutes: Route[] = [
  route({
    method: "GET", path: "/organization/{organizationId}/onboarding", status: 200, access: "read", response: onboarding,
    summary: "The organization's onboarding status", handler: (ctx) => onboardingOf(needOrg(ctx)),
  }),
  route({
    method: "POST", path: "/organization/{organizationId}/onboarding", status: 200, access: "admin", response: onboarding,
    summary: "Set the organization's onboarding status", request: z.object({ status: z.enum(ONBOARDING) }),
    handler: (ctx) => {
      const o = needOrg(ctx);
      setOnboarding(ctx, o, (ctx.body as { status: string }).status);
      return onboardingOf(o);
    },
  }),
  route({ method: "GET", path: "/account", status: 200, access: "read", response: account, summary: "The account of the organization's owner", handler: (ctx) => accountOf(ctx.world.store.state.organization) }),
  route({
    method: "PUT", path: "/account", status: 200, access: "admin", response: account, summary: "Set the owner's communication address",
    request: z.object({ communication_email: z.email().optional() }),
    handler: (ctx) => {
      const o = ctx.world.store.state.organization;
      setCommunicationEmail(ctx, o, (ctx.body as { communication_email?: string }).communication_email);
      return accountOf(o);
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/policyApiToken", status: 200, access: "admin", response: listOf(policyToken),
    summary: "The organization's policy API tokens (metadata only)",
    handler: (ctx) => {
      needOrg(ctx);
      return { results: policyTokens(ctx).map((t) => presentPolicyToken(ctx, t)) };
    },
  }),
  route({
    method: "POST", path: "/organization/{organizationId}/policyApiToken", status: 201, access: "admin", request: policyTokenRequest,
    response: policyToken.extend({ token: z.string() }), summary: "Create a policy API token; the answer holds its value, shown this once",
    handler: (ctx) => {
      needOrg(ctx);
      const t = createPolicyToken(ctx, ctx.body as z.output<typeof policyTokenRequest>);
      const { expires_at, ...rest } = presentPolicyToken(ctx, t);
      return { ...rest, token: t.value, expires_at };
    },
  }),
  route({
    method: "DELETE", path: "/organization/{organizationId}/policyApiToken/{policyApiTokenId}", status: 204, access: "admin",
    summary: "Delete a policy API token (401 from then on)",
    handler: (ctx) => {
      needOrg(ctx);
      deletePolicyToken(ctx, param(ctx, "policyApiTokenId"));
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/events", status: 200, access: "read",
    summary: "The organization's audit events, newest first (`pageSize`, 10 by default, and the reference's filters)",
    query: z.object({ pageSize: z.string().optional(), fromTimestamp: z.string().optional(), toTimestamp: z.string().optional(), eventType: z.string().optional(), targetType: z.string().optional(), targetId: z.string().optional() }),
    response: z.object({ links: z.object({}), organization_max_limit_reached: z.boolean(), events: z.array(z.record(z.string(), z.unknown())) }),
    handler: (ctx) => {
      const all = events(ctx);
      const size = pageSize(ctx);
      return { links: {}, organization_max_limit_reached: false, events: all.slice(0, size) };
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/targets", status: 200, access: "read",
    summary: "The targets of the organization's events (query filters as the events')",
    response: z.object({ targets: z.array(z.object({ id: z.string(), name: z.string() })) }),
    handler: (ctx) => {
      const byId = new Map(events(ctx).map((e) => [e.target_id, { id: e.target_id, name: e.target_name }]));
      return { targets: [...byId.values()].sort((a, b) => a.name.localeCompare(b.name)) };
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/gitToken/{gitTokenId}/associatedServices", status: 200, access: "read",
    summary: "Services built from a repository the git token reads",
    response: listOf(z.object({ project_id: z.string(), project_name: z.string(), environment_id: z.string(), environment_name: z.string(), service_id: z.string(), service_name: z.string(), service_type: z.string() })),
    handler: (ctx) => {
      const store = ctx.world.store;
      const t = needOrgRecord(ctx, store.state.gitTokens, "git token", "gitTokenId");
      const users = [
        ...applicationsUsingGitToken(store, t.id).map((s) => [s, "APPLICATION"] as const),
        ...jobsUsingGitToken(store, t.id).map((s) => [s, jobType(s)] as const),
        ...helmsAndTerraformsUsingGitToken(store, t.id).map((s) => [s, store.kindOf(s.id)?.type ?? "HELM"] as const),
      ];
      return {
        results: users.flatMap(([s, service_type]) => {
          const { environment, project } = parentsOf(store, s);
          return environment && project ? [{
            project_id: project.id, project_name: project.name, environment_id: environment.id, environment_name: environment.name,
            service_id: s.id, service_name: s.name, service_type,
          }] : [];
        }),
      };
    },
  }),
];
