import type { Webhook } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import { webhookSchema, type WebhookArgs } from "../resources/webhook";
import type { PlainArgs } from "./core";
import { lookups, parentLookup, type KeysUnderParentArgs } from "./family";

/**
 * Arguments of {@link getWebhookOutput}: the organization owning the webhook (the service reads a webhook only under
 * it), and exactly one of the webhook's `id` and `targetUrl` (compared exactly; a secret: messages never quote it).
 */
export type GetWebhookOutputArgs = KeysUnderParentArgs<"organizationId", "id" | "targetUrl">;
/** Arguments of {@link getWebhook}: those of {@link GetWebhookOutputArgs} with plain values. */
export type GetWebhookArgs = PlainArgs<GetWebhookOutputArgs>;

/**
 * A webhook found by {@link getWebhook} or {@link getWebhookOutput}, in the spelling of `WebhookArgs`. Its `targetUrl`
 * is a secret (it often carries a token, like a Slack incoming-webhook URL): the Output form marks the whole result
 * secret for it; with the Promise form, wrap it in `pulumi.secret` before it reaches an output or a resource's input.
 */
export interface WebhookResult
  extends LookupResult<Pick<WebhookArgs, "organizationId" | "targetUrl" | "kind" | "enabled" | "description">, "organizationId" | "targetUrl"> {
  /** Whether the webhook signs its calls with a secret (the secret itself is never answered). */
  targetSecretSet: boolean;
  /** The events it is called for, sorted. */
  events: string[];
  /** Projects it is limited to (names, sorted; empty: all). */
  projectNamesFilter: string[];
  /** Environment types it is limited to (sorted; empty: all). */
  environmentTypesFilter: string[];
}

const sorted = (v: readonly string[] | null | undefined): string[] => [...(v ?? [])].sort();

const webhooks = parentLookup<typeof webhookSchema, Webhook, WebhookResult>("Webhook", {
  schema: webhookSchema, fields: ["targetUrl", "kind", "enabled", "description"], idNeedsParent: true,
  get: (client, id, organizationId) => client.webhooks.get(organizationId!, id),
  computed: (r) => ({
    targetSecretSet: r.target_secret_set === true, events: sorted(r.events), projectNamesFilter: sorted(r.project_names_filter),
    environmentTypesFilter: sorted(r.environment_types_filter),
  }),
});

export const { findWebhook,
  /**
   * Looks up a webhook of an organization by id, or by its target URL (compared exactly; never quoted in messages),
   * with plain values, in a Promise. The result's `targetUrl` is a secret in plain text there: prefer
   * {@link getWebhookOutput}, whose whole result is a Pulumi secret (`pulumi.unsecret(hook.id)` gives the id in plain text).
   *
   * @example
   * const alerts = getWebhookOutput({ organizationId: org.id, targetUrl: config.requireSecret("alertsUrl") });
   */
  getWebhook,
  /** {@link getWebhook} taking Inputs and answering an Output. */
  getWebhookOutput } = lookups<"Webhook", GetWebhookOutputArgs, WebhookResult>("Webhook", webhooks, { secret: true });
