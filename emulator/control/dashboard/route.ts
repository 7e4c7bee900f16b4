/**
 * The emulator dashboard's control endpoints: `GET /_emulator/ui` (the page) and `GET /_emulator/ui/feed` (the JSON
 * it polls, see `view.ts`). They are rows of the control endpoints' table (`../routes.ts`), reached after its gate,
 * so like every control endpoint they answer only a loopback `Host` and refuse a foreign `Origin`.
 */
import type { ControlRoute } from "../control-route";
import { sendJson } from "../../server/http-util";
import { DASHBOARD_HEADERS, DASHBOARD_HTML } from "./page";
import { FEED_PATH } from "./page-script";
import { dashboardView } from "./view";

/** The page's path. */
export const DASHBOARD_PATH = "/_emulator/ui";

const page = Buffer.from(DASHBOARD_HTML, "utf8");

const UNDER_CONTROL = "/_emulator";

/** The dashboard's rows of the control endpoints' table: the page and its feed. */
export const DASHBOARD_ROUTES: readonly ControlRoute[] = [
  { method: "GET", path: DASHBOARD_PATH.slice(UNDER_CONTROL.length), handler: ({ res }) => {
    res.writeHead(200, { ...DASHBOARD_HEADERS, "content-length": page.length });
    res.end(page);
  } },
  { method: "GET", path: FEED_PATH.slice(UNDER_CONTROL.length), handler: ({ emu, res }) => {
    sendJson(res, 200, dashboardView(emu, emu.world.now()), { "cache-control": "no-store" });
  } },
];
