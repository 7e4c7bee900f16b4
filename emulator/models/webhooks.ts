import { z } from "zod";
import { httpUrl, nonEmpty } from "../schemas/common";
import { ENVIRONMENT_MODES } from "../schemas/environments";
import { badRequest } from "../server/errors";
import { allowListOf, targetUrlProblem } from "../deployments/webhook-targets";
import { baseFields, touch, type BaseRec, type ModelContext } from "./records";
import { base, int, str } from "./record-forms";
import { slice } from "./slice";

/** An organization webhook. */
export interface WebhookRec extends BaseRec {
  organization_id: string;
  kind: string;
  target_url: string;
  target_secret?: string;
  enabled: boolean;
  events: string[];
  description?: string;
  project_names_filter: string[];
  environment_types_filter: string[];
  /** Attempts of deliveries, oldest first, the most recent few hundred (absent in data files of older emulators). */
  deliveries?: WebhookDeliveryRec[];
}

/** The webhooks of the state (see `slice.ts`). */
export const webhookSlice = slice<WebhookRec>().keyed("webhooks", z.looseObject({
  ...base, organization_id: str, kind: str, target_url: str, target_secret: str.optional(), enabled: z.boolean(),
  events: z.array(str), project_names_filter: z.array(str), environment_types_filter: z.array(str),
  deliveries: z.array(z.looseObject({ id: str, created_at: str, event_id: str, attempt: int, delivered: z.boolean() })).optional(),
}));

/**
 * One delivery attempt (see `webhook-delivery.ts`). The reference's `WebhookEventResponse` fields, and the emulator's
 * own: which event and attempt it was, the headers sent (signature values replaced by `***`), whether it was
 * delivered and when the next attempt is due. Never holds the secret.
 */
export interface WebhookDeliveryRec {
  id: string;
  created_at: string;
  /** The event's id: the same on every attempt of one delivery (header `Qovery-Delivery`). */
  event_id: string;
  /** 1 for the first attempt. */
  attempt: number;
  matched_event: string;
  kind: string;
  target_url_used: string;
  /** The body sent. */
  request: Record<string, unknown>;
  request_headers: Record<string, string>;
  /** The target's status; 0 when it gave none (connection error, timeout, a target not called). */
  target_response_status_code: number;
  /**
   * Bytes of the target's answer (null: none). The answer itself is never kept, so no token reads it through the
   * emulator (`target_response_body` is answered as null; records of older emulators may still hold one, never answered).
   */
  target_response_bytes: number | null;
  /** Why there was no answer. */
  error?: string;
  /** A 2xx answer. */
  delivered: boolean;
  /** When the next attempt is due; null when none is. */
  next_attempt_at: string | null;
}

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

type Input = z.output<typeof webhookRequest>;

/** Event names of the published description, stored under the reference's names. */
const EVENT_ALIASES: ReadonlyMap<string, (typeof WEBHOOK_EVENTS)[number]> = new Map([
  ["DEPLOYMENT_SUCCEEDED", "DEPLOYMENT_SUCCESSFUL"],
  ["DEPLOYMENT_FAILED", "DEPLOYMENT_FAILURE"],
] as const);

/**
 * Sets every field from a full request, with the service's defaults for what it leaves out. A target the emulator
 * would refuse to call (see `webhook-targets.ts`) is a 400 naming `target_url`, quoting nothing of it.
 */
function apply(m: ModelContext, w: WebhookRec, b: Input): void {
  const refused = targetUrlProblem(b.target_url, allowListOf(m.world.config.webhookAllowHosts));
  if (refused !== undefined) throw badRequest("target_url", refused);
  w.kind = b.kind ?? "STANDARD";
  w.target_url = b.target_url;
  if (b.target_secret !== undefined) w.target_secret = b.target_secret;
  w.enabled = b.enabled ?? true;
  w.events = [...new Set(b.events.map((e) => EVENT_ALIASES.get(e) ?? e))];
  if (b.description !== undefined) w.description = b.description;
  w.project_names_filter = b.project_names_filter ?? [];
  w.environment_types_filter = b.environment_types_filter ?? [];
}

/** Creates a webhook of the organization. */
export function createWebhook(m: ModelContext, orgId: string, b: Input): WebhookRec {
  const w: WebhookRec = {
    ...baseFields(m.now), organization_id: orgId, kind: "STANDARD", target_url: "", enabled: true, events: [],
    project_names_filter: [], environment_types_filter: [],
  };
  apply(m, w, b);
  webhookSlice.of(m.world.store).set(w.id, w);
  return w;
}

/** Replaces a webhook with a full request (a secret left out is kept). */
export function replaceWebhook(m: ModelContext, w: WebhookRec, b: Input): void {
  apply(m, w, b);
  touch(w, m.now);
}
