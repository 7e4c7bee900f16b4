import { createWebhook, replaceWebhook, type WebhookDeliveryRec, type WebhookRec } from "../models/webhooks";
import { listOf } from "../schemas/common";
import { webhookEventResponse, webhookRequest, webhookResponse } from "../schemas/webhooks";
import { orgCrudRoutes } from "./crud";
import { needOrgRecord, paginate } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

/** A webhook as the reference's `OrganizationWebhookResponse` has it (never its secret, nor its deliveries). */
function present(_ctx: RouteContext, w: WebhookRec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: w.id, created_at: w.created_at, updated_at: w.updated_at, kind: w.kind, target_url: w.target_url,
    target_secret_set: w.target_secret !== undefined && w.target_secret !== "", enabled: w.enabled, events: w.events,
    project_names_filter: w.project_names_filter, environment_types_filter: w.environment_types_filter,
  };
  if (w.description !== undefined) out["description"] = w.description;
  return out;
}

/**
 * A delivery attempt as the reference's `WebhookEventResponse` has it (the emulator's own fields left out); the
 * target's answer body is never kept nor answered (null), so no token reads what a target answered.
 */
export function presentDelivery(d: WebhookDeliveryRec): Record<string, unknown> {
  return {
    id: d.id, created_at: d.created_at, kind: d.kind, matched_event: d.matched_event, target_url_used: d.target_url_used,
    request: d.request, target_response_status_code: d.target_response_status_code, target_response_body: null,
  };
}

/** Organization webhooks; `target_secret` is kept and never answered. */
export const webhookRoutes: Route[] = [
  ...orgCrudRoutes({
    access: { read: "read", write: "write" },
    segment: "webhook", label: "webhook", records: (ctx) => ctx.world.store.state.webhooks, request: webhookRequest, response: webhookResponse,
    present, create: createWebhook, replace: replaceWebhook,
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/webhook/{webhookId}/event", access: "read", status: 200,
    summary: "List a webhook's delivery attempts, newest first (a retry is an attempt of its own)",
    response: listOf(webhookEventResponse),
    handler: (ctx) => {
      const hook = needOrgRecord(ctx, ctx.world.store.state.webhooks, "webhook", "webhookId");
      return paginate(ctx, [...(hook.deliveries ?? [])].reverse().map(presentDelivery));
    },
  }),
];
