import type { z } from "zod";
import { notFound } from "../errors";
import { baseFields, iso } from "../store";
import { listOf } from "../schemas/common";
import { EVENT_ALIASES, webhookRequest, webhookResponse } from "../schemas/webhooks";
import type { WebhookRec } from "../types";
import { needOrg, paginate } from "./lookup";
import { param, route, type Route, type RouteContext } from "./types";

type Body = z.output<typeof webhookRequest>;

function present(w: WebhookRec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: w.id, created_at: w.created_at, updated_at: w.updated_at, kind: w.kind, target_url: w.target_url,
    target_secret_set: w.target_secret !== undefined && w.target_secret !== "", enabled: w.enabled, events: w.events,
    project_names_filter: w.project_names_filter, environment_types_filter: w.environment_types_filter,
  };
  if (w.description !== undefined) out["description"] = w.description;
  return out;
}

function apply(w: WebhookRec, b: Body): void {
  w.kind = b.kind ?? "STANDARD";
  w.target_url = b.target_url;
  if (b.target_secret !== undefined) w.target_secret = b.target_secret;
  w.enabled = b.enabled ?? true;
  w.events = [...new Set(b.events.map((e) => EVENT_ALIASES.get(e) ?? e))];
  if (b.description !== undefined) w.description = b.description;
  w.project_names_filter = b.project_names_filter ?? [];
  w.environment_types_filter = b.environment_types_filter ?? [];
}

function needHook(ctx: RouteContext): WebhookRec {
  needOrg(ctx);
  const id = param(ctx, "webhookId");
  const w = ctx.world.store.state.webhooks.get(id);
  if (!w) throw notFound("webhook", id);
  return w;
}

/** Organization webhooks; `target_secret` is kept and never answered. */
export const webhookRoutes: Route[] = [
  route({
    method: "GET", path: "/organization/{organizationId}/webhook", status: 200, summary: "List webhooks", response: listOf(webhookResponse),
    handler: (ctx) => {
      needOrg(ctx);
      return paginate(ctx, [...ctx.world.store.state.webhooks.values()].map(present));
    },
  }),
  route({
    method: "POST", path: "/organization/{organizationId}/webhook", status: 201, summary: "Create a webhook",
    request: webhookRequest, response: webhookResponse,
    handler: (ctx) => {
      const org = needOrg(ctx);
      const w: WebhookRec = {
        ...baseFields(ctx.now), organization_id: org.id, kind: "STANDARD", target_url: "", enabled: true, events: [],
        project_names_filter: [], environment_types_filter: [],
      };
      apply(w, ctx.body as Body);
      ctx.world.store.state.webhooks.set(w.id, w);
      return present(w);
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/webhook/{webhookId}", status: 200, summary: "Get a webhook", response: webhookResponse,
    handler: (ctx) => present(needHook(ctx)),
  }),
  route({
    method: "PUT", path: "/organization/{organizationId}/webhook/{webhookId}", status: 200, summary: "Replace a webhook",
    request: webhookRequest, response: webhookResponse,
    handler: (ctx) => {
      const w = needHook(ctx);
      apply(w, ctx.body as Body);
      w.updated_at = iso(Math.max(ctx.now, Date.parse(w.updated_at) + 1));
      return present(w);
    },
  }),
  route({
    method: "DELETE", path: "/organization/{organizationId}/webhook/{webhookId}", status: 204, summary: "Delete a webhook",
    handler: (ctx) => {
      ctx.world.store.state.webhooks.delete(needHook(ctx).id);
    },
  }),
];
