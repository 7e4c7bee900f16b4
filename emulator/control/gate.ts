import type { IncomingMessage } from "node:http";
import { ApiError } from "../server/errors";

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
