/** Webhooks: notifications of deployment events sent to an outside address. */
import { z } from "zod";
import { records } from "./crud";
import { ENVIRONMENT_TYPES } from "./environments";
import { path } from "./path";
import { maybe, openEnum, record } from "./schema";
import { hasUrlCredentials } from "./url-credentials";
import { secretFields } from "./sensitive";

/** Event names the service sends (the reference spellings). */
export const WEBHOOK_EVENTS = ["DEPLOYMENT_STARTED", "DEPLOYMENT_CANCELLED", "DEPLOYMENT_FAILURE", "DEPLOYMENT_SUCCESSFUL"] as const;
/** Older event names from the published description, accepted and mapped to the reference names. */
export const LEGACY_WEBHOOK_EVENTS = { DEPLOYMENT_SUCCEEDED: "DEPLOYMENT_SUCCESSFUL", DEPLOYMENT_FAILED: "DEPLOYMENT_FAILURE" } as const;

/** An event name in a request; `DEPLOYMENT_SUCCEEDED` / `DEPLOYMENT_FAILED` are mapped to the wire names. */
export const WebhookEventInput = z
  .enum([...WEBHOOK_EVENTS, ...(Object.keys(LEGACY_WEBHOOK_EVENTS) as Array<keyof typeof LEGACY_WEBHOOK_EVENTS>)])
  .transform((event) => (event in LEGACY_WEBHOOK_EVENTS ? LEGACY_WEBHOOK_EVENTS[event as keyof typeof LEGACY_WEBHOOK_EVENTS] : event) as (typeof WEBHOOK_EVENTS)[number]);
/** An event name in a request. */
export type WebhookEventInput = z.input<typeof WebhookEventInput>;

/**
 * Why a webhook's target URL is refused, or `undefined`: a user name or password before its host would be sent as
 * Basic auth to wherever the URL points and shown to anyone who can read the webhook. Never quotes the URL.
 */
export function webhookTargetProblem(url: string): string | undefined {
  return hasUrlCredentials(url)
    ? "expected a target URL without credentials (no user name or password before the host): to let the receiver " +
        "check that a delivery is genuine, give a signing secret (target_secret) instead"
    : undefined;
}

/**
 * Why a webhook's signing secret is refused, or `undefined`: it travels as a header value, which cannot hold a line
 * break (CR, LF) or another control character, so such a secret could never be sent. Never quotes the secret.
 */
export function webhookSecretProblem(secret: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000a-\u001f\u007f]/.test(secret)
    ? "expected a signing secret without line breaks (CR, LF) or other control characters: it is sent as a header value"
    : undefined;
}

/** Adds an issue for `problem`'s answer on `value`, if any. */
function refusedBy(problem: (v: string) => string | undefined) {
  return (value: string, ctx: z.RefinementCtx): void => {
    const reason = problem(value);
    if (reason !== undefined) ctx.addIssue({ code: "custom", message: reason });
  };
}

/** Body of a webhook create or edit; `kind` defaults to `STANDARD`. `target_secret` signs deliveries (write-only). */
export const WebhookRequest = z.looseObject({
  kind: z.enum(["STANDARD", "SLACK"]).default("STANDARD"),
  target_url: z.url().superRefine(refusedBy(webhookTargetProblem)),
  events: z.array(WebhookEventInput).min(1),
  enabled: z.boolean().optional(),
  description: z.string().optional(),
  target_secret: z.string().superRefine(refusedBy(webhookSecretProblem)).optional(),
  project_names_filter: z.array(z.string()).optional(),
  environment_types_filter: z.array(z.enum(ENVIRONMENT_TYPES)).optional(),
});
/** Body of a webhook create or edit. */
export type WebhookRequest = z.input<typeof WebhookRequest>;

/** A webhook record (the secret is reported only as `target_secret_set`). */
export const Webhook = record({
  kind: maybe(openEnum(["STANDARD", "SLACK"] as const)),
  target_url: maybe(z.string()),
  target_secret_set: maybe(z.boolean()),
  description: maybe(z.string()),
  enabled: maybe(z.boolean()),
  events: maybe(z.array(openEnum(WEBHOOK_EVENTS))),
  project_names_filter: maybe(z.array(z.string())),
  environment_types_filter: maybe(z.array(z.string())),
});
/** A webhook record. */
export type Webhook = z.infer<typeof Webhook>;
secretFields({ secret: ["target_secret"], sensitive: ["target_url"] });

/**
 * One delivery attempt of a webhook (`WebhookEventResponse`): the event it carried, the URL and body sent, and the
 * target's answer (`target_response_status_code` 0: none, e.g. a connection error). A retry is an attempt of its own.
 */
export const WebhookDelivery = record({
  kind: maybe(openEnum(["STANDARD", "SLACK"] as const)),
  matched_event: maybe(openEnum(WEBHOOK_EVENTS)),
  target_url_used: maybe(z.string()),
  request: maybe(z.record(z.string(), z.unknown())),
  target_response_status_code: maybe(z.number()),
  target_response_body: maybe(z.string()),
});
/** One delivery attempt of a webhook. */
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

function originOf(url: unknown): string {
  try {
    return new URL(String(url)).origin;
  } catch {
    return "its target";
  }
}

/**
 * Endpoints of webhooks. Webhooks have no unique key (two may share a target), so a create first notes the existing
 * ones (one extra GET). After a lost answer, the one new webhook with the same `target_url` is taken as the one made;
 * when there is none or more than one, the call fails with UnconfirmedCreateError and the POST is never sent again,
 * since a second webhook would deliver every event twice.
 */
export class WebhooksApi extends records({
  what: "webhook", naturalKey: "target_url", unique: false, record: Webhook, createRequest: WebhookRequest, editRequest: WebhookRequest,
  // The target's origin only: the rest of a Slack webhook URL is its secret.
  describe: (request) => `webhook to ${originOf(request.target_url)}`,
  list: (organizationId: string) => path`/organization/${organizationId}/webhook`,
  item: (organizationId: string, webhookId: string) => path`/organization/${organizationId}/webhook/${webhookId}`,
}) {
  /**
   * Lists a webhook's delivery attempts, newest first (every page): what was sent for which event, and how the
   * target answered. Useful to check a receiver, or why events did not arrive.
   */
  events(organizationId: string, webhookId: string): Promise<WebhookDelivery[]> {
    return this.core.list(path`/organization/${organizationId}/webhook/${webhookId}/event`, WebhookDelivery);
  }
}
