/**
 * The emulator dashboard's control endpoints: `GET /_emulator/ui` (the page) and `GET /_emulator/ui/feed` (the JSON
 * it polls, see `view.ts`). They are reached through `handleControl` after its gate, so like every control endpoint
 * they answer only a loopback `Host` and refuse a foreign `Origin`.
 */
import type { ServerResponse } from "node:http";
import type { ControlTarget } from "../control-target";
import { ApiError } from "../../server/errors";
import { sendJson } from "../../server/http-util";
import { DASHBOARD_HEADERS, DASHBOARD_HTML } from "./page";
import { FEED_PATH } from "./page-script";
import { dashboardView } from "./view";

/** The page's path. */
export const DASHBOARD_PATH = "/_emulator/ui";

const page = Buffer.from(DASHBOARD_HTML, "utf8");

/**
 * Answers a GET under `/_emulator/ui` (`segs` are the path's segments after `_emulator`: `["ui"]` or `["ui",
 * "feed"]`); 404 for any other path under it.
 */
export function serveDashboard(emu: ControlTarget, res: ServerResponse, segs: readonly string[]): void {
  const path = `/_emulator/${segs.join("/")}`;
  if (path === DASHBOARD_PATH) {
    res.writeHead(200, { ...DASHBOARD_HEADERS, "content-length": page.length });
    res.end(page);
    return;
  }
  if (path === FEED_PATH) return sendJson(res, 200, dashboardView(emu, emu.world.now()), { "cache-control": "no-store" });
  throw new ApiError(404, `no control endpoint GET ${path}`);
}
