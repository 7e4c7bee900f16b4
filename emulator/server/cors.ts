/**
 * CORS for the API routes, so a web page built on the service's client (a dashboard in a browser) can call the
 * emulator from its own origin, as it calls the service: every API answer (errors included) allows any origin, and a
 * preflight (an `OPTIONS` request, which carries no token) is answered 204 with the methods and headers the API
 * takes, `Authorization` and `Content-Type` among them. No credentials mode: the API authenticates by the
 * `Authorization` header, never by cookies, so `*` gives a page nothing it could not send itself.
 *
 * The control endpoints (`/_emulator/...`) never get these headers: they take no token, so a foreign page must not
 * read or drive them (see `control/gate.ts`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** The methods the API answers. */
export const CORS_METHODS = "GET, POST, PUT, DELETE, OPTIONS";

/** The request headers a page may send. */
export const CORS_HEADERS = "Authorization, Content-Type, Accept, X-Requested-With";

/** The answer headers a page may read (the rate-limit budget and when to retry). */
const EXPOSED = "X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After";

/** How long a browser may keep a preflight's answer (seconds). */
const MAX_AGE = 3600;

/**
 * Sets the CORS headers of an API answer on `res` (they go with whatever is written next) and answers a preflight.
 * Returns true when the request was a preflight and has been answered.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, method: string): boolean {
  res.setHeader("access-control-allow-origin", "*");
  res.setHeader("access-control-expose-headers", EXPOSED);
  if (method !== "OPTIONS") return false;
  res.writeHead(204, {
    "access-control-allow-methods": CORS_METHODS,
    "access-control-allow-headers": CORS_HEADERS,
    "access-control-max-age": String(MAX_AGE),
    vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
    "content-length": "0",
  });
  res.end();
  req.resume();
  return true;
}
