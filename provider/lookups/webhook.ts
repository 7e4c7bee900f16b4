import type * as pulumi from "@pulumi/pulumi";
import type { DeployServiceClient, Webhook } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import type { webhookSchema } from "../resources/webhook";
import { booleanOf, defined, lookupPair, textOf, type LookupFamily, type PlainArgs } from "./core";
import type { ResultMatch } from "./result-match";

/** Arguments of {@link getWebhookOutput}: the organization, and exactly one of the webhook's `id` and `targetUrl`. */
export interface GetWebhookOutputArgs {
  /** Organization owning the webhook (the service reads a webhook only under its organization). */
  organizationId: pulumi.Input<string>;
  /** The webhook's id. */
  id?: pulumi.Input<string>;
  /** The URL the webhook calls (compared exactly). A secret: messages never quote it. */
  targetUrl?: pulumi.Input<string>;
}

/** Arguments of {@link getWebhook}: those of {@link GetWebhookOutputArgs} with plain values. */
export type GetWebhookArgs = PlainArgs<GetWebhookOutputArgs>;

/** A webhook found by {@link getWebhook} or {@link getWebhookOutput}, in the spelling of `WebhookArgs`. */
export interface WebhookResult {
  /** Webhook id. */
  id: string;
  /** Organization owning the webhook. */
  organizationId: string;
  /**
   * The URL the webhook calls. A secret (it often carries a token, like a Slack incoming-webhook URL): the Output form
   * marks the whole result secret for it; with the Promise form, wrap it in `pulumi.secret` before it reaches an
   * output or a resource's input.
   */
  targetUrl: string;
  /** Whether the webhook signs its calls with a secret (the secret itself is never answered). */
  targetSecretSet: boolean;
  /** `STANDARD` or `SLACK`, when the service says. */
  kind?: string;
  /** Whether the webhook is on, when the service says. */
  enabled?: boolean;
  /** Free text, when the webhook has one. */
  description?: string;
  /** The events it is called for, sorted. */
  events: string[];
  /** Projects it is limited to (names, sorted; empty: all). */
  projectNamesFilter: string[];
  /** Environment types it is limited to (sorted; empty: all). */
  environmentTypesFilter: string[];
}

const sorted = (v: readonly string[] | null | undefined): string[] => [...(v ?? [])].sort();

const webhooks: LookupFamily<Webhook, WebhookResult> = {
  lookup: "getWebhook", nouns: "webhooks", key: NATURAL_KEYS["Webhook"]!, idNeedsParent: true,
  get: (client, id, organizationId) => client.webhooks.get(organizationId!, id),
  result: (r, organizationId) => defined<WebhookResult>({
    id: r.id, organizationId, targetUrl: String(r.target_url ?? ""), targetSecretSet: r.target_secret_set === true,
    kind: textOf(r.kind), enabled: booleanOf(r.enabled), description: textOf(r.description), events: sorted(r.events),
    projectNamesFilter: sorted(r.project_names_filter), environmentTypesFilter: sorted(r.environment_types_filter),
  }),
};

const webhookLookup = lookupPair<GetWebhookOutputArgs, WebhookResult, Webhook>(webhooks, { secret: true });
const resultMatchesSchema: ResultMatch<WebhookResult, typeof webhookSchema, "targetSecretSet"> = true;
void resultMatchesSchema;

/** Finds a webhook of an organization by id, or by its target URL (compared exactly; never quoted in messages). */
export const findWebhook: (client: DeployServiceClient, args: GetWebhookArgs) => Promise<WebhookResult> = webhookLookup.find;

/**
 * Looks up a webhook the stack uses but does not manage, with plain arguments; give exactly one of `id` and
 * `targetUrl`. The result's `targetUrl` is a secret in plain text here: prefer {@link getWebhookOutput}, which
 * returns it as a Pulumi secret.
 *
 * @example
 * const alerts = await getWebhook({ organizationId: "3f2a...", id: "9d4e..." });
 */
export const getWebhook: (args: GetWebhookArgs) => Promise<WebhookResult> = webhookLookup.get;

/**
 * Looks up a webhook, accepting Inputs and returning an Output. The whole result is a Pulumi secret, because it
 * carries the target URL (`pulumi.unsecret(hook.id)` gives the id in plain text).
 *
 * @example
 * const alerts = getWebhookOutput({ organizationId: org.id, targetUrl: config.requireSecret("alertsUrl") });
 */
export const getWebhookOutput: (args: GetWebhookOutputArgs) => pulumi.Output<WebhookResult> = webhookLookup.getOutput;
