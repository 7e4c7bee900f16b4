import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { ApiError } from "./errors";
import { faultRequest } from "./faults";
import { parseJsonBody, readBody, sendError, sendJson } from "./http-util";
import { parseOr400 } from "./schemas/validate";
import type { EmulatorServer } from "./server";
import type { State } from "./types";

const failureRequest = z.object({ stage: z.enum(["BUILD", "DEPLOY"]).nullable() });
const configRequest = z.object({
  stepMs: z.number().int().min(0).optional(),
  rateLimitPerHour: z.number().int().min(1).optional(),
});

const REDACTED = "***";

/** A copy of the store with secret values, token values, git tokens, webhook secrets and passwords replaced by "***". */
export function redactedState(state: State): unknown {
  const copy = JSON.parse(JSON.stringify(state)) as State;
  for (const t of copy.tokens) t.value = REDACTED;
  for (const g of Object.values(copy.gitTokens)) g.token = REDACTED;
  for (const v of Object.values(copy.variables)) if (v.kind === "SECRET") v.value = REDACTED;
  for (const w of Object.values(copy.webhooks)) if (w.target_secret !== undefined) w.target_secret = REDACTED;
  for (const d of Object.values(copy.databases)) d.password = REDACTED;
  return copy;
}

/**
 * Control endpoints under `/_emulator` (no auth, no rate limit, not logged): reset, state dump,
 * request log, faults, failure injection, token revocation and config.
 */
export async function handleControl(
  emu: EmulatorServer, req: IncomingMessage, res: ServerResponse, method: string, path: string,
): Promise<void> {
  try {
    const raw = await readBody(req);
    const body = () => parseJsonBody(raw);
    const segs = path.split("/").slice(2);
    const key = `${method} /${segs.join("/")}`;
    const state = emu.world.store.state;
    if (key === "POST /reset") {
      emu.reset();
      return sendJson(res, 200, { reset: true });
    }
    if (key === "GET /state") {
      emu.world.store.sweep(emu.world.now());
      return sendJson(res, 200, { ...(redactedState(state) as object), faults: emu.faults.list(), config: emu.world.config });
    }
    if (key === "GET /requests") return sendJson(res, 200, { results: emu.requests.list() });
    if (key === "DELETE /requests") {
      emu.requests.clear();
      return sendJson(res, 204, undefined);
    }
    if (key === "POST /faults") return sendJson(res, 201, { id: emu.faults.add(parseOr400(faultRequest, body())) });
    if (key === "DELETE /faults") {
      emu.faults.clear();
      return sendJson(res, 204, undefined);
    }
    if (method === "PUT" && segs.length === 3 && segs[0] === "services" && segs[2] === "failure") {
      const id = segs[1] as string;
      const svc = emu.world.store.service(id);
      if (!svc) throw new ApiError(404, `service ${id} not found`);
      svc.runtime.failure = parseOr400(failureRequest, body()).stage;
      emu.saver?.schedule();
      return sendJson(res, 200, { service_id: id, stage: svc.runtime.failure });
    }
    if (method === "POST" && segs.length === 3 && segs[0] === "tokens" && segs[2] === "revoke") {
      const name = decodeURIComponent(segs[1] as string);
      const token = state.tokens.find((t) => t.name === name);
      if (!token) throw new ApiError(404, `token ${name} not found`);
      token.revoked = true;
      emu.saver?.schedule();
      return sendJson(res, 200, { name, revoked: true });
    }
    if (key === "PUT /config") {
      const c = parseOr400(configRequest, body());
      if (c.stepMs !== undefined) emu.world.config.stepMs = c.stepMs;
      if (c.rateLimitPerHour !== undefined) emu.world.config.rateLimitPerHour = c.rateLimitPerHour;
      return sendJson(res, 200, emu.world.config);
    }
    throw new ApiError(404, `no control endpoint ${method} ${path}`);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    sendError(res, e.status, e.message);
  }
}
