/**
 * The control endpoints under `/_emulator`, one row each (no auth, no rate limit, not logged; guarded by
 * `controlGate`): reset, state dump, request log, strict mode's mismatches (`server/strict.ts`), webhook delivery
 * attempts, faults (request faults and stale statuses, see `server/faults.ts`), failure injection, token revocation,
 * config (the deployment clock's step, the rate limit, the rules' clock of `deployments/rule-clock.ts`) and the
 * dashboard.
 */
import { z } from "zod";
import { ApiError } from "../server/errors";
import { faultRequest, invalidCredentialsRequest, staleStatusRequest } from "../server/faults";
import { sendJson } from "../server/http-util";
import { DAY_MS, retimedClock } from "../models/rule-schedule";
import { parseOr400 } from "../schemas/validate";
import type { ControlRoute } from "./control-route";
import { DASHBOARD_ROUTES } from "./dashboard/route";
import { redactedState, webhookDeliveries } from "./state-dump";

const failureRequest = z.object({ stage: z.enum(["BUILD", "DEPLOY"]).nullable() });
const configRequest = z.object({
  stepMs: z.number().int().min(0).optional(),
  rateLimitPerHour: z.number().int().min(1).optional(),
  rateLimitWindowSeconds: z.number().int().min(1).optional(),
  /** Length in ms of a day of the rules' clock (deployment rules' auto stop and start), at least 100. */
  ruleDayMs: z.number().int().min(100).max(DAY_MS).optional(),
  /** The instant the rules' clock shows now (ISO date-time); it goes on from there. */
  ruleTime: z.iso.datetime({ offset: true }).optional(),
});

/** Every control endpoint. */
export const CONTROL_ROUTES: readonly ControlRoute[] = [
  { method: "POST", path: "/reset", handler: ({ emu, res }) => {
    emu.reset();
    sendJson(res, 200, { reset: true });
  } },
  { method: "GET", path: "/state", handler: ({ emu, res }) => {
    emu.world.store.sweep(emu.world.now());
    sendJson(res, 200, { ...redactedState(emu.world.store.state), faults: [...emu.faults.list(), ...emu.faults.listInvalidCredentials()], config: emu.world.config });
  } },
  { method: "GET", path: "/requests", handler: ({ emu, res }) => sendJson(res, 200, { results: emu.requests.list() }) },
  { method: "DELETE", path: "/requests", handler: ({ emu, res }) => {
    emu.requests.clear();
    sendJson(res, 204, undefined);
  } },
  { method: "GET", path: "/strict", handler: ({ emu, res }) => {
    if (!emu.strict) throw new ApiError(404, "strict mode is off: start the emulator with --strict-against FILE (strictAgainst)");
    sendJson(res, 200, emu.strict.report());
  } },
  { method: "GET", path: "/webhook-deliveries", handler: ({ emu, res }) => {
    sendJson(res, 200, { results: webhookDeliveries(emu.world.store.state) });
  } },
  { method: "POST", path: "/faults", handler: ({ emu, res, body }) => {
    const b = body();
    // a body with `kind` is a fault of another kind than a request fault (see faults.ts)
    const kind = typeof b === "object" && b !== null && Object.hasOwn(b, "kind") ? (b as { kind: unknown }).kind : undefined;
    const id = kind === undefined ? emu.faults.add(parseOr400(faultRequest, b))
      : kind === "invalid_credentials" ? emu.faults.addInvalidCredentials(parseOr400(invalidCredentialsRequest, b))
        : emu.faults.addStale(parseOr400(staleStatusRequest, b));
    sendJson(res, 201, { id });
  } },
  { method: "DELETE", path: "/faults", handler: ({ emu, res }) => {
    emu.faults.clear();
    sendJson(res, 204, undefined);
  } },
  { method: "PUT", path: "/services/{id}/failure", handler: ({ emu, res, params, body }) => {
    const id = params.id as string;
    const svc = emu.world.store.service(id);
    if (!svc) throw new ApiError(404, `service ${id} not found`);
    const stage = parseOr400(failureRequest, body()).stage;
    emu.change(() => { svc.runtime.failure = stage; });
    sendJson(res, 200, { service_id: id, stage: svc.runtime.failure });
  } },
  { method: "POST", path: "/tokens/{name}/revoke", handler: ({ emu, res, params }) => {
    const name = decodedName(params.name as string);
    const token = emu.world.store.state.tokens.find((t) => t.name === name);
    if (!token) throw new ApiError(404, `token ${name} not found`);
    emu.change(() => { token.revoked = true; });
    sendJson(res, 200, { name, revoked: true });
  } },
  { method: "PUT", path: "/config", handler: ({ emu, res, body }) => {
    const c = parseOr400(configRequest, body());
    if (c.stepMs !== undefined) emu.world.config.stepMs = c.stepMs;
    if (c.rateLimitPerHour !== undefined) emu.world.config.rateLimitPerHour = c.rateLimitPerHour;
    if (c.rateLimitWindowSeconds !== undefined) emu.world.config.rateLimitWindowSeconds = c.rateLimitWindowSeconds;
    if (c.ruleDayMs !== undefined || c.ruleTime !== undefined) {
      const at = c.ruleTime === undefined ? undefined : Date.parse(c.ruleTime);
      emu.world.config.ruleClock = retimedClock(emu.world.config.ruleClock, emu.world.now(), { dayMs: c.ruleDayMs, at });
    }
    sendJson(res, 200, emu.world.config);
  } },
  ...DASHBOARD_ROUTES,
];

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ApiError(404, "token name is not a valid URI component");
  }
}
