import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { ApiError } from "../server/errors";
import { faultRequest, staleStatusRequest } from "../server/faults";
import { parseJsonBody, readBody, sendError, sendJson } from "../server/http-util";
import type { ControlTarget } from "./control-target";
import { serveDashboard } from "./dashboard/route";
import { SERVICE_KINDS } from "../models/service-kinds";
import type { State, StateJson } from "../models/state";
import { REGISTRY_SECRET_FIELDS } from "../schemas/container-registries";
import { parseOr400 } from "../schemas/validate";
import { stateToJson } from "../persistence/snapshot";

const failureRequest = z.object({ stage: z.enum(["BUILD", "DEPLOY"]).nullable() });
const configRequest = z.object({
  stepMs: z.number().int().min(0).optional(),
  rateLimitPerHour: z.number().int().min(1).optional(),
  rateLimitWindowSeconds: z.number().int().min(1).optional(),
});

const REDACTED = "***";

/**
 * A copy of the store with secret values, token values, git tokens, webhook secrets, container registries' secret
 * config fields, each service kind's secret fields and clusters' Kubernetes credentials replaced by "***".
 */
export function redactedState(state: State): StateJson {
  const copy = JSON.parse(JSON.stringify(stateToJson(state))) as StateJson;
  for (const t of copy.tokens) t.value = REDACTED;
  for (const g of Object.values(copy.gitTokens)) g.token = REDACTED;
  for (const k of Object.values(copy.clusterCredentials ?? {})) Object.assign(k, { token: REDACTED, read_only_token: REDACTED });
  for (const v of Object.values(copy.variables)) if (v.kind === "SECRET") v.value = REDACTED;
  for (const w of Object.values(copy.webhooks)) if (w.target_secret !== undefined) w.target_secret = REDACTED;
  for (const r of Object.values(copy.containerRegistries)) {
    for (const f of REGISTRY_SECRET_FIELDS) if (r.config[f] !== undefined) r.config[f] = REDACTED;
  }
  const byCollection = copy as unknown as Record<string, Record<string, Record<string, unknown>>>;
  for (const kind of SERVICE_KINDS) {
    for (const rec of Object.values(byCollection[kind.collection] ?? {})) for (const f of kind.secretFields) rec[f] = REDACTED;
  }
  return copy;
}

/**
 * Every recorded webhook delivery attempt, oldest first, each with its `webhook_id`: the reference's
 * `WebhookEventResponse` fields and the emulator's (`event_id`, `attempt`, `request_headers` with the signature
 * values as "***", `error`, `delivered`, `next_attempt_at`). Never a secret.
 */
export function webhookDeliveries(state: State): Array<Record<string, unknown>> {
  return [...state.webhooks.values()]
    .flatMap((w) => (w.deliveries ?? []).map((d) => ({ webhook_id: w.id, ...d })))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.attempt - b.attempt);
}

const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;
const LOOPBACK_ORIGIN = /^https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;

/**
 * Refuses control requests a web page could have made: the control endpoints take no token, so a page the user
 * visits must not reach them.
 * - 403 unless `Host` is loopback (`127.0.0.1`, `localhost`, `[::1]`, any port): a page on a DNS name rebound to
 *   127.0.0.1 is same-origin to the browser but still sends its own name as `Host`.
 * - 403 when an `Origin` header is present and is not a loopback origin (`null` included).
 * - 415 unless every request but GET/HEAD carries `content-type: application/json`, bodiless ones (reset, revoke,
 *   DELETE) included: a browser sends that type cross-origin only after a CORS preflight, which the emulator never
 *   grants (it answers no `Access-Control-*` header), while a POST with `text/plain`, a form encoding or no body at
 *   all needs no preflight. GETs only read (their answers stay unreadable to other origins) and are exempt.
 */
export function controlGate(req: IncomingMessage, method: string): ApiError | undefined {
  const host = req.headers.host ?? "";
  if (!LOOPBACK_HOST.test(host)) return new ApiError(403, "host: control endpoints answer only requests addressed to 127.0.0.1, localhost or [::1]");
  const origin = req.headers.origin;
  if (origin !== undefined && !LOOPBACK_ORIGIN.test(origin)) return new ApiError(403, "origin: control endpoints refuse requests from web pages of other origins");
  if (method === "GET" || method === "HEAD") return undefined;
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    return new ApiError(415, "content-type: control endpoints take only application/json (also for requests without a body)");
  }
  return undefined;
}

/**
 * Control endpoints under `/_emulator` (no auth, no rate limit, not logged): reset, state dump, request log, webhook
 * delivery attempts ({@link webhookDeliveries}), faults (request faults and stale statuses, see `faults.ts`), failure
 * injection, token revocation and config. Guarded by {@link controlGate}.
 */
export async function handleControl(
  emu: ControlTarget, req: IncomingMessage, res: ServerResponse, method: string, path: string,
): Promise<void> {
  try {
    const raw = await readBody(req);
    const refused = controlGate(req, method);
    if (refused) throw refused;
    const body = () => parseJsonBody(raw);
    const segs = path.split("/").slice(2);
    const key = `${method} /${segs.join("/")}`;
    const state = emu.world.store.state;
    if (method === "GET" && segs[0] === "ui") return serveDashboard(emu, res, segs);
    if (key === "POST /reset") {
      emu.reset();
      return sendJson(res, 200, { reset: true });
    }
    if (key === "GET /state") {
      emu.world.store.sweep(emu.world.now());
      return sendJson(res, 200, { ...redactedState(state), faults: emu.faults.list(), config: emu.world.config });
    }
    if (key === "GET /requests") return sendJson(res, 200, { results: emu.requests.list() });
    if (key === "GET /webhook-deliveries") return sendJson(res, 200, { results: webhookDeliveries(state) });
    if (key === "DELETE /requests") {
      emu.requests.clear();
      return sendJson(res, 204, undefined);
    }
    if (key === "POST /faults") {
      const b = body();
      // a body with `kind` is a fault of another kind than a request fault (see faults.ts)
      const kind = typeof b === "object" && b !== null && Object.hasOwn(b, "kind");
      const id = kind ? emu.faults.addStale(parseOr400(staleStatusRequest, b)) : emu.faults.add(parseOr400(faultRequest, b));
      return sendJson(res, 201, { id });
    }
    if (key === "DELETE /faults") {
      emu.faults.clear();
      return sendJson(res, 204, undefined);
    }
    if (method === "PUT" && segs.length === 3 && segs[0] === "services" && segs[2] === "failure") {
      const id = segs[1] as string;
      const svc = emu.world.store.service(id);
      if (!svc) throw new ApiError(404, `service ${id} not found`);
      const stage = parseOr400(failureRequest, body()).stage;
      emu.change(() => { svc.runtime.failure = stage; });
      return sendJson(res, 200, { service_id: id, stage: svc.runtime.failure });
    }
    if (method === "POST" && segs.length === 3 && segs[0] === "tokens" && segs[2] === "revoke") {
      let name: string;
      try {
        name = decodeURIComponent(segs[1] as string);
      } catch {
        throw new ApiError(404, "token name is not a valid URI component");
      }
      const token = state.tokens.find((t) => t.name === name);
      if (!token) throw new ApiError(404, `token ${name} not found`);
      emu.change(() => { token.revoked = true; });
      return sendJson(res, 200, { name, revoked: true });
    }
    if (key === "PUT /config") {
      const c = parseOr400(configRequest, body());
      if (c.stepMs !== undefined) emu.world.config.stepMs = c.stepMs;
      if (c.rateLimitPerHour !== undefined) emu.world.config.rateLimitPerHour = c.rateLimitPerHour;
      if (c.rateLimitWindowSeconds !== undefined) emu.world.config.rateLimitWindowSeconds = c.rateLimitWindowSeconds;
      return sendJson(res, 200, emu.world.config);
    }
    throw new ApiError(404, `no control endpoint ${method} ${path}`);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    sendError(res, e.status, e.message);
  }
}
