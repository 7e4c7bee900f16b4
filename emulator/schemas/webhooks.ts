import { z } from "zod";
import { baseResponse, httpUrl, nonEmpty } from "./common";
import { ENVIRONMENT_MODES } from "./environments";

/** Event names of the reference. */
export const WEBHOOK_EVENTS = ["DEPLOYMENT_STARTED", "DEPLOYMENT_CANCELLED", "DEPLOYMENT_FAILURE", "DEPLOYMENT_SUCCESSFUL"] as const;

const eventName = z.enum([...WEBHOOK_EVENTS, "DEPLOYMENT_SUCCEEDED", "DEPLOYMENT_FAILED"]);

/**
 * A signing secret: sent as the `Qovery-Signature` header value, so no character a header cannot carry (CR, LF and
 * the other control characters, anything above U+00FF). The message quotes nothing of it.
 */
const signingSecret = z.string().refine((s) => !/[\u0000-\u001f\u007f-\u009f\u0100-\uffff]/.test(s), {
  message: "expected no control characters (CR, LF, tab...) nor characters above U+00FF: the secret is sent as an HTTP header value",
});

/**
 * Create or replace a webhook (`kind` defaults to STANDARD; `target_url` must start with `http://` or `https://`;
 * the model checks its host, see `webhook-targets.ts`).
 */
export const webhookRequest = z.object({
  kind: z.enum(["STANDARD", "SLACK"]).optional(),
  target_url: httpUrl,
  target_secret: signingSecret.optional(),
  enabled: z.boolean().optional(),
  events: z.array(eventName).min(1, "expected at least one event"),
  description: z.string().optional(),
  project_names_filter: z.array(nonEmpty).optional(),
  environment_types_filter: z.array(z.enum(ENVIRONMENT_MODES)).optional(),
});

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
