import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "../server/errors";
import { parseJsonBody, readBody, sendError } from "../server/http-util";
import type { ControlTarget } from "./control-target";
import { matchControl } from "./control-route";
import { controlGate } from "./gate";
import { CONTROL_ROUTES } from "./routes";

/**
 * Answers a request under `/_emulator` from the table of control endpoints (`routes.ts`), after `controlGate`
 * (`gate.ts`); 404 for a method and path no row has.
 */
export async function handleControl(
  emu: ControlTarget, req: IncomingMessage, res: ServerResponse, method: string, path: string,
): Promise<void> {
  try {
    const raw = await readBody(req);
    const refused = controlGate(req, method);
    if (refused) throw refused;
    const found = matchControl(CONTROL_ROUTES, method, path.slice("/_emulator".length));
    if (!found) throw new ApiError(404, `no control endpoint ${method} ${path}`);
    found.route.handler({ emu, res, params: found.params, body: () => parseJsonBody(raw) });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    sendError(res, e.status, e.message);
  }
}
