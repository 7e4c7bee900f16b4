/** Webhooks: notifications of deployment events sent to an outside address. */
import { z } from "zod";
import type { RequestCore } from "./core";
import { path } from "./path";
import { maybe, openEnum } from "./schema";

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

/** Body of a webhook create or edit; `kind` defaults to `STANDARD`. `target_secret` signs deliveries (write-only). */
export const WebhookRequest = z.looseObject({
  kind: z.enum(["STANDARD", "SLACK"]).default("STANDARD"),
  target_url: z.url(),
  events: z.array(WebhookEventInput).min(1),
  enabled: z.boolean().optional(),
  description: z.string().optional(),
  target_secret: z.string().optional(),
  project_names_filter: z.array(z.string()).optional(),
  environment_types_filter: z.array(z.enum(["DEVELOPMENT", "PREVIEW", "PRODUCTION", "STAGING"])).optional(),
});
/** Body of a webhook create or edit. */
export type WebhookRequest = z.input<typeof WebhookRequest>;

/** A webhook record (the secret is reported only as `target_secret_set`). */
export const Webhook = z.looseObject({
  id: z.string(),
  kind: maybe(openEnum(["STANDARD", "SLACK"] as const)),
  target_url: maybe(z.string()),
  target_secret_set: maybe(z.boolean()),
  description: maybe(z.string()),
  enabled: maybe(z.boolean()),
  events: maybe(z.array(openEnum(WEBHOOK_EVENTS))),
  project_names_filter: maybe(z.array(z.string())),
  environment_types_filter: maybe(z.array(z.string())),
  created_at: maybe(z.string()),
  updated_at: maybe(z.string()),
});
/** A webhook record. */
export type Webhook = z.infer<typeof Webhook>;

function originOf(url: unknown): string {
  try {
    return new URL(String(url)).origin;
  } catch {
    return "its target";
  }
}

/** Endpoints of webhooks. */
export class WebhooksApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Lists the webhooks of an organization. */
  async list(organizationId: string): Promise<Webhook[]> {
    return this.core.list(path`/organization/${organizationId}/webhook`, Webhook);
  }

  /**
   * Creates a webhook. Webhooks have no unique key (two may share a target), so the client first notes the
   * existing ones (one extra GET). After a lost answer, the one new webhook with the same `target_url` is taken
   * as the one made; when there is none or more than one, the call fails with UnconfirmedCreateError and the
   * POST is never sent again, since a second webhook would deliver every event twice.
   */
  async create(organizationId: string, request: WebhookRequest): Promise<Webhook> {
    const before = new Set((await this.list(organizationId)).map((w) => w.id));
    return this.core.call({
      method: "POST", path: path`/organization/${organizationId}/webhook`, body: request, requestSchema: WebhookRequest, response: Webhook,
      // The target's origin only: the rest of a Slack webhook URL is its secret.
      what: `webhook to ${originOf(request.target_url)}`,
      resendAfterLoss: false,
      recover: async () => {
        const made = (await this.list(organizationId)).filter((w) => w.target_url === request.target_url && !before.has(w.id));
        return made.length === 1 ? made[0] : undefined;
      },
    });
  }

  /** Reads one webhook. */
  get(organizationId: string, webhookId: string): Promise<Webhook> {
    return this.core.call({ method: "GET", path: path`/organization/${organizationId}/webhook/${webhookId}`, response: Webhook });
  }

  /** Replaces a webhook's settings. */
  update(organizationId: string, webhookId: string, request: WebhookRequest): Promise<Webhook> {
    return this.core.call({
      method: "PUT", path: path`/organization/${organizationId}/webhook/${webhookId}`, body: request, requestSchema: WebhookRequest, response: Webhook,
    });
  }

  /** Deletes a webhook. */
  async delete(organizationId: string, webhookId: string): Promise<void> {
    await this.core.call({ method: "DELETE", path: path`/organization/${organizationId}/webhook/${webhookId}` });
  }
}
