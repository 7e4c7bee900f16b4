import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { ENVIRONMENT_TYPES, LEGACY_WEBHOOK_EVENTS, WEBHOOK_EVENTS, webhookSecretProblem, webhookTargetProblem, type DeployServiceClient } from "../../sdk";
import { argsSchema } from "../framework/args";
import { storedSecret } from "../framework/common";
import { defineResource, organizationCalls } from "../framework/define";
import { field } from "../framework/fields";
import { httpUrlInput, idInput, ruledInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import type { AdoptableArgs } from "../framework/adoption";

/** Deployment events a webhook can be sent for (the seed's `DEPLOYMENT_SUCCEEDED`/`_FAILED` are accepted too). */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number] | keyof typeof LEGACY_WEBHOOK_EVENTS;

/** Environment types a webhook can be limited to: the sdk's `ENVIRONMENT_TYPES`. */
export const WEBHOOK_ENVIRONMENT_TYPES = ENVIRONMENT_TYPES;

/** Inputs of a {@link Webhook}. */
export interface WebhookArgs extends AdoptableArgs {
  /** Organization whose deployments are reported (wire: the `{organizationId}` of the path). Changing it replaces the webhook. */
  organizationId: pulumi.Input<string>;
  /** `STANDARD` (a JSON POST) or `SLACK` (a Slack incoming-webhook message). Default: `STANDARD`. Wire: `kind`. */
  kind?: pulumi.Input<"STANDARD" | "SLACK">;
  /**
   * Where the events are sent: an `http://` or `https://` URL, without a user name or password in it (give
   * `targetSecret` instead). Stored as a Pulumi secret, since a Slack webhook URL is itself a credential. Wire: `target_url`.
   */
  targetUrl: pulumi.Input<string>;
  /**
   * Events to send, at least one: `DEPLOYMENT_STARTED`, `DEPLOYMENT_SUCCESSFUL`, `DEPLOYMENT_FAILURE`,
   * `DEPLOYMENT_CANCELLED` (`DEPLOYMENT_SUCCEEDED` and `DEPLOYMENT_FAILED` are read as the service's names). Wire: `events`.
   */
  events: pulumi.Input<pulumi.Input<WebhookEvent>[]>;
  /** Whether events are sent. Default: `true`. Wire: `enabled`. */
  enabled?: pulumi.Input<boolean>;
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
  /**
   * Secret the service signs each request with (a Pulumi secret; no line breaks or control characters, since it
   * travels as a header value): every delivery carries the header
   * `Qovery-Signature: <secret>`, so the receiver compares it with the one it knows (the emulator also sends
   * `Qovery-Signature-256: sha256=<hex>`, the HMAC-SHA256 of the body keyed by the secret). Default: none, no
   * signature. The service never returns it (only whether one is set): a change made outside Pulumi shows through
   * the webhook's `updated_at`. Wire: `target_secret`.
   */
  targetSecret?: pulumi.Input<string>;
  /** Only deployments of projects with these names (`*` as a wildcard). Default: all. Wire: `project_names_filter`. */
  projectNamesFilter?: pulumi.Input<pulumi.Input<string>[]>;
  /** Only deployments of environments of these types. Default: all. Wire: `environment_types_filter`. */
  environmentTypesFilter?: pulumi.Input<pulumi.Input<(typeof WEBHOOK_ENVIRONMENT_TYPES)[number]>[]>;
}

const eventInput = z
  .enum([...WEBHOOK_EVENTS, ...(Object.keys(LEGACY_WEBHOOK_EVENTS) as Array<keyof typeof LEGACY_WEBHOOK_EVENTS>)])
  .transform((e): (typeof WEBHOOK_EVENTS)[number] => (e in LEGACY_WEBHOOK_EVENTS ? LEGACY_WEBHOOK_EVENTS[e as keyof typeof LEGACY_WEBHOOK_EVENTS] : e as (typeof WEBHOOK_EVENTS)[number]));

/** Validated webhook inputs: the single source of field names, types, defaults and wire spellings. */
export const webhookSchema = argsSchema<WebhookArgs>()(z.strictObject({
  organizationId: field(idInput(), { parent: "organization" }),
  kind: z.enum(["STANDARD", "SLACK"]).default("STANDARD"),
  targetUrl: field(httpUrlInput().pipe(ruledInput(webhookTargetProblem)), { secret: true }),
  events: z.array(eventInput).min(1),
  enabled: z.boolean().default(true),
  description: z.string().default(""),
  targetSecret: field(ruledInput(webhookSecretProblem).min(1).optional(), { secret: true }),
  projectNamesFilter: z.array(z.string().min(1)).default([]),
  environmentTypesFilter: z.array(z.enum(WEBHOOK_ENVIRONMENT_TYPES)).default([]),
}));
/** Webhook inputs after validation (defaults applied, event names the service's). */
export type WebhookInputs = z.output<typeof webhookSchema>;

type WebhookRecord = Awaited<ReturnType<DeployServiceClient["webhooks"]["get"]>>;

function originOf(url: unknown): string {
  try {
    return new URL(String(url)).origin;
  } catch {
    return "its target";
  }
}

/** The webhook family. Webhooks have no unique name, so a replacement is created before the old one is deleted. */
export const webhook = defineResource({
  kind: "Webhook",
  noun: "webhook",
  // Only the target's origin: the rest of a Slack URL is its secret.
  label: (inputs) => `webhook to ${originOf(inputs["targetUrl"])}`,
  schema: webhookSchema,
  deleteBeforeReplace: false,
  // A secret the service says is unset is gone; otherwise the stored one, unless the webhook changed outside.
  fromWire: (record: WebhookRecord, previous, derived) =>
    record.target_secret_set === false ? derived : { ...derived, targetSecret: storedSecret(record, previous, "targetSecret") },
  calls: organizationCalls((client) => client.webhooks),
});

/** The dynamic provider of {@link Webhook}. */
export const webhookProvider = webhook.provider;

/**
 * A webhook of an organization: the service POSTs deployment events (started, successful, failure, cancelled)
 * to `targetUrl`, optionally only for some projects or environment types. `targetUrl` and `targetSecret` are
 * Pulumi secrets.
 *
 * @example
 * new Webhook("deploys-to-slack", {
 *   organizationId: org.id, kind: "SLACK", targetUrl: config.requireSecret("slackWebhookUrl"),
 *   events: ["DEPLOYMENT_FAILURE"], environmentTypesFilter: ["PRODUCTION"],
 * });
 *
 * @class
 */
export const Webhook = serviceObjectClass<WebhookArgs, typeof webhookSchema>(webhook);
/** {@link Webhook} as a type: its outputs are every input as stored and what the service computes. */
export type Webhook = InstanceType<typeof Webhook>;
