/**
 * Webhook deliveries: which webhooks an event goes to, the request sent (body, signature headers), the retries of a
 * failed one with exponential backoff, and the record of every attempt (`GET .../webhook/{id}/event`,
 * `GET /_emulator/webhook-deliveries`).
 *
 * Signing, when the webhook has a `target_secret`:
 * - `Qovery-Signature: <secret>`: the secret itself, as the reference's `target_secret` describes it;
 * - `Qovery-Signature-256: sha256=<hex>`: the HMAC-SHA256 of the exact body bytes keyed by the secret (the reference
 *   says nothing more; this is the emulator's own, documented header). A receiver checks it with
 *   {@link signatureOf} (or any HMAC-SHA256) and a constant-time compare.
 * Every delivery also carries `Qovery-Event` (the event name), `Qovery-Delivery` (the event's id, the same on each
 * retry, so a receiver can drop a repeat) and `Qovery-Delivery-Attempt` (1 for the first).
 *
 * Retries: an attempt fails on a non-2xx answer, a connection error or no answer within {@link DELIVERY_TIMEOUT_MS}.
 * A failed attempt is tried again after `stepMs * 2^(n-1)` ms (n = 1 for the first retry; `stepMs` is the
 * emulator's clock step, so an instant clock retries at once), at most {@link MAX_ATTEMPTS} attempts in all. A retry
 * is dropped when its webhook was deleted or disabled meanwhile, and on reset; it goes to the URL, with the secret,
 * of its first attempt.
 *
 * Targets: each attempt checks its target first (`webhook-targets.ts`: loopback only unless allowed, never a metadata
 * or unspecified address, no userinfo); a refused one is recorded as one attempt with status 0 and why, never retried.
 * A name is resolved once per attempt and the request goes to an address that was checked (the next one when one
 * refuses the connection), with the name in `Host`.
 * Redirects are not followed (a 3xx is an answer that is not 2xx). Only `http://` targets are called (the emulator
 * never reaches out over TLS); an `https://` target is recorded as one attempt with status 0 and why, never retried.
 *
 * The target's answer body is never kept: an attempt records the status and the answer's length in bytes only
 * (`target_response_bytes`, the emulator's own field), so no token can read what a target answered through the
 * emulator. A `SLACK` webhook gets `{text}` (what a Slack incoming webhook takes), a `STANDARD` one
 * `{event_type, payload}`.
 */
import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import { iso } from "../models/records";
import type { ServiceRecBase } from "../models/services";
import type { WebhookDeliveryRec, WebhookRec, webhookSlice } from "../models/webhooks";
import { allowListOf, resolveTarget, targetUrlProblem, type AllowList, type CheckedAddress } from "./webhook-targets";
import { later, type ModelWorld } from "../models/world";
import { read } from "../models/slice";
import type { environmentSlice } from "../models/environments";
import type { organizationSlice } from "../models/organization";
import type { projectSlice } from "../models/projects";
import { view } from "../models/slice";

/** Event names of the reference, as stored and delivered. */
export type WebhookEvent = "DEPLOYMENT_STARTED" | "DEPLOYMENT_SUCCESSFUL" | "DEPLOYMENT_FAILURE" | "DEPLOYMENT_CANCELLED";

/** Header carrying the webhook's secret as is (the reference's description of `target_secret`). */
export const SECRET_HEADER = "Qovery-Signature";
/** Header carrying `sha256=<hex>`: the HMAC-SHA256 of the body keyed by the secret (the emulator's own). */
export const HMAC_HEADER = "Qovery-Signature-256";
/** Attempts of one delivery at most, the first included. */
export const MAX_ATTEMPTS = 5;
/** How long an attempt waits for an answer. */
export const DELIVERY_TIMEOUT_MS = 2000;
/** Deliveries kept per webhook (the oldest go first). */
export const KEPT_DELIVERIES = 200;
/** Bytes of a target's answer read at most (counted, never kept); the connection is dropped beyond. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** `sha256=<hex>`: the value of {@link HMAC_HEADER} for a body and a secret. */
export function signatureOf(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/** Delay before retry `n` (1 = the first retry): the clock step doubled at each retry. */
export function retryDelayMs(stepMs: number, n: number): number {
  return Math.max(0, stepMs) * 2 ** (n - 1);
}

/**
 * Whether a webhook's project filter lets a project's events through: no filter lets everything through; else a
 * name matches ignoring case, `*` matching any run of characters (as the reference describes `project_names_filter`).
 */
export function projectMatches(filter: readonly string[], projectName: string | undefined): boolean {
  if (filter.length === 0) return true;
  if (projectName === undefined) return false;
  return filter.some((f) => {
    const pattern = f.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*");
    return new RegExp(`^${pattern}$`, "i").test(projectName);
  });
}

/**
 * Delivers `event` to every enabled webhook listening to it whose filters match the service's project and
 * environment. The payload names the service (`service_id`, `service_name`, `service_type`, and `<kind>_id`,
 * `<kind>_name`: `application_id` for an application, as the published description shows), its environment
 * (`environment_id`, `environment_name`, `environment_type`), project (`project_id`, `project_name`) and organization,
 * plus `extra` (the deployment request and state). Never throws; the attempts run in the background.
 */
export function emitDeploymentEvent(world: ModelWorld, event: WebhookEvent, svc: ServiceRecBase, extra: Record<string, unknown>): void {
  const s = view<typeof environmentSlice | typeof organizationSlice | typeof projectSlice | typeof webhookSlice>(world.store);
  const kind = world.store.kindOf(svc.id);
  const env = s.environments.get(svc.environment_id);
  const project = env ? s.projects.get(env.project_id) : undefined;
  const payload = {
    ...(kind ? { [`${kind.name}_id`]: svc.id, [`${kind.name}_name`]: svc.name } : {}),
    service_id: svc.id,
    service_name: svc.name,
    service_type: kind?.type ?? null,
    environment_id: svc.environment_id,
    environment_name: env?.name ?? null,
    environment_type: env?.mode ?? null,
    project_id: env?.project_id ?? null,
    project_name: project?.name ?? null,
    organization_id: s.organization.id,
    ...extra,
  };
  for (const hook of s.webhooks.values()) {
    if (!hook.enabled || !hook.events.includes(event)) continue;
    if (!projectMatches(hook.project_names_filter, project?.name)) continue;
    if (hook.environment_types_filter.length > 0 && !(env && hook.environment_types_filter.includes(env.mode))) continue;
    const body = hook.kind === "SLACK" ? { text: slackText(event, payload) } : { event_type: event, payload };
    deliver(world, hook, { eventId: randomUUID(), event, body: JSON.stringify(body), url: hook.target_url, secret: hook.target_secret });
  }
}

function slackText(event: WebhookEvent, p: Record<string, unknown>): string {
  const what = event.replace("DEPLOYMENT_", "").toLowerCase();
  return `Deployment ${what}: ${String(p["service_type"] ?? "service").toLowerCase()} ${String(p["service_name"])} `
    + `in environment ${String(p["environment_name"])} of project ${String(p["project_name"])}`;
}

/** One event on its way to one webhook (the secret stays in memory, never in a record). */
interface Delivery {
  eventId: string;
  event: WebhookEvent;
  body: string;
  url: string;
  secret: string | undefined;
}

/**
 * The outcome of one attempt: the target's status (0: no answer) and the length of its answer (never the answer), or
 * why there was none; `final` when trying again cannot help (a target the emulator does not call).
 */
interface Outcome {
  status: number;
  bytes: number | null;
  error?: string;
  final?: boolean;
}

/** The headers of an attempt; `redact` replaces the signature values (for records). */
function headersOf(d: Delivery, attempt: number, redact: boolean): Record<string, string> {
  const h: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "deploy-service-emulator-webhook",
    "qovery-event": d.event,
    "qovery-delivery": d.eventId,
    "qovery-delivery-attempt": String(attempt),
  };
  if (d.secret !== undefined && d.secret !== "") {
    h[SECRET_HEADER.toLowerCase()] = redact ? "***" : d.secret;
    h[HMAC_HEADER.toLowerCase()] = redact ? "***" : signatureOf(d.body, d.secret);
  }
  return h;
}

/** Runs attempt `attempt` of a delivery, records it, and schedules the next one when it failed and attempts remain. */
function deliver(world: ModelWorld, hook: WebhookRec, d: Delivery, attempt = 1): void {
  const startedAt = world.now();
  void post(d.url, d.body, headersOf(d, attempt, false), allowListOf(world.config.webhookAllowHosts)).then((outcome) => {
    const ok = outcome.status >= 200 && outcome.status < 300;
    const retry = !ok && outcome.final !== true && attempt < MAX_ATTEMPTS;
    const delay = retryDelayMs(world.config.stepMs, attempt);
    record(hook, {
      id: randomUUID(), created_at: iso(startedAt), event_id: d.eventId, attempt, matched_event: d.event, kind: hook.kind,
      target_url_used: d.url, request: JSON.parse(d.body) as Record<string, unknown>, request_headers: headersOf(d, attempt, true),
      target_response_status_code: outcome.status, target_response_bytes: outcome.bytes,
      ...(outcome.error === undefined ? {} : { error: outcome.error }),
      delivered: ok, next_attempt_at: retry ? iso(world.now() + delay) : null,
    });
    world.changed?.();
    if (!retry) return;
    later(world, delay, () => {
      const current = read<typeof webhookSlice>(world.store, "webhooks").get(hook.id);
      if (current !== hook || !hook.enabled) return; // deleted, replaced by a reset, or disabled meanwhile
      deliver(world, hook, d, attempt + 1);
    });
  });
}

function record(hook: WebhookRec, rec: WebhookDeliveryRec): void {
  const list = (hook.deliveries ??= []);
  list.push(rec);
  if (list.length > KEPT_DELIVERIES) list.splice(0, list.length - KEPT_DELIVERIES);
}

/** POSTs `body` to `target` when its check passes; resolves with the outcome, never rejects. */
async function post(target: string, body: string, headers: Record<string, string>, allow: AllowList): Promise<Outcome> {
  const refused = targetUrlProblem(target, allow);
  if (refused !== undefined) return { status: 0, bytes: null, error: `refused: target_url ${refused}`, final: true };
  const url = new URL(target); // parsed by the check above
  if (url.protocol !== "http:") return { status: 0, bytes: null, error: `the emulator delivers to http:// targets only, not ${url.protocol}//`, final: true };
  const to = await resolveTarget(url, allow);
  if (!to.ok) return { status: 0, bytes: null, error: to.why, final: to.final };
  let outcome: Outcome = { status: 0, bytes: null, error: "no address" };
  for (const a of to.addresses) {
    outcome = await send(url, a, body, headers);
    if (!NOT_CONNECTED.test(outcome.error ?? "")) break; // the next checked address only when this one took no connection
  }
  return outcome;
}

/** Connection errors that mean nothing was sent: the next address of the name is tried. */
const NOT_CONNECTED = /^connection error: (?:ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL|EAFNOSUPPORT)$/;

/** POSTs to a checked address, with the URL's host in `Host`; never follows a redirect. */
function send(url: URL, { address, family }: CheckedAddress, body: string, headers: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: Outcome) => {
      if (!settled) resolve(o);
      settled = true;
    };
    try {
      const req = http.request({
        host: address, family, port: url.port === "" ? 80 : Number(url.port), path: `${url.pathname}${url.search}`, method: "POST",
        timeout: DELIVERY_TIMEOUT_MS, headers: { ...headers, host: url.host, "content-length": String(Buffer.byteLength(body)) },
      });
      req.on("error", (e: NodeJS.ErrnoException) => done({ status: 0, bytes: null, error: `connection error: ${e.code ?? e.message}` }));
      req.on("timeout", () => {
        done({ status: 0, bytes: null, error: `no answer within ${DELIVERY_TIMEOUT_MS} ms` });
        req.destroy();
      });
      req.on("response", (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes <= MAX_ANSWER_BYTES) return;
          done({ status: res.statusCode ?? 0, bytes });
          res.destroy();
        });
        res.on("end", () => done({ status: res.statusCode ?? 0, bytes }));
        res.on("error", () => done({ status: res.statusCode ?? 0, bytes }));
      });
      req.end(body);
    } catch (e) {
      done({ status: 0, bytes: null, error: `request not sent: ${(e as Error).message}` });
    }
  });
}
