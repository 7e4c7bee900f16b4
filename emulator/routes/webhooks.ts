import { z } from "zod";
import {
  createWebhook, replaceWebhook, WEBHOOK_EVENTS, webhookRequest, webhookSlice, type WebhookDeliveryRec, type WebhookRec,
} from "../models/webhooks";
import { baseResponse, listOf } from "../schemas/common";
import { ENVIRONMENT_MODES } from "../schemas/environments";
import { orgCrudRoutes } from "./crud";
import { needOrgRecord, paginate } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

/** A webhook (never carries `target_secret`). */
export const webhookResponse = baseResponse.extend({
  kind: z.enum(["STANDARD", "SLACK"]),
  target_url: z.string(),
  target_secret_set: z.boolean(),
  enabled: z.boolean(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string().optional(),
  project_names_filter: z.array(z.string()),
  environment_types_filter: z.array(z.enum(ENVIRONMENT_MODES)),
});

/** One delivery attempt as the reference's `WebhookEventResponse` describes it (status 0: the target gave none). */
export const webhookEventResponse = z.object({
  id: z.string(),
  created_at: z.string(),
  kind: z.enum(["STANDARD", "SLACK"]),
  matched_event: z.enum(WEBHOOK_EVENTS),
  target_url_used: z.string(),
  request: z.record(z.string(), z.unknown()),
  target_response_status_code: z.number().int(),
  target_response_body: z.string().nullable(),
});

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
    segment: "webhook", label: "webhook", records: (ctx) => webhookSlice.of(ctx.world.store), request: webhookRequest, response: webhookResponse,
    present, create: createWebhook, replace: replaceWebhook,
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/webhook/{webhookId}/event", access: "read", status: 200,
    summary: "List a webhook's delivery attempts, newest first (a retry is an attempt of its own)",
    response: listOf(webhookEventResponse),
    handler: (ctx) => {
      const hook = needOrgRecord(ctx, webhookSlice.of(ctx.world.store), "webhook", "webhookId");
      return paginate(ctx, [...(hook.deliveries ?? [])].reverse().map(presentDelivery));
    },
  }),
];
