import { createWebhook, replaceWebhook, type WebhookRec } from "../models/webhooks";
import { webhookRequest, webhookResponse } from "../schemas/webhooks";
import { orgCrudRoutes } from "./crud";
import type { Route, RouteContext } from "./types";

function present(_ctx: RouteContext, w: WebhookRec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: w.id, created_at: w.created_at, updated_at: w.updated_at, kind: w.kind, target_url: w.target_url,
    target_secret_set: w.target_secret !== undefined && w.target_secret !== "", enabled: w.enabled, events: w.events,
    project_names_filter: w.project_names_filter, environment_types_filter: w.environment_types_filter,
  };
  if (w.description !== undefined) out["description"] = w.description;
  return out;
}

/** Organization webhooks; `target_secret` is kept and never answered. */
export const webhookRoutes: Route[] = orgCrudRoutes({
  segment: "webhook", label: "webhook", records: (ctx) => ctx.world.store.state.webhooks, request: webhookRequest, response: webhookResponse,
  present, create: createWebhook, replace: replaceWebhook,
});
