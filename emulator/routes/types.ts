import type { z } from "zod";
import type { ModelContext } from "../models/records";
import type { World } from "../models/store";
import type { Access } from "../server/access";

/** What a handler receives; it is also what a model call takes. */
export interface RouteContext extends ModelContext {
  /** Path parameters by name. */
  params: Record<string, string>;
  /** Query string. */
  query: URLSearchParams;
  /** Parsed body (already validated when the route declares `request`). */
  body: unknown;
  world: World;
  /** Request time, epoch ms. */
  now: number;
}

/** One operation of the API. */
export interface Route {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path template in OpenAPI form, e.g. `/application/{applicationId}`. */
  path: string;
  /** Success status. */
  status: number;
  /** True for deploy/stop/redeploy/restart and container deploy (their access needs `deploy`). */
  deployAction?: boolean;
  /** Who may call it (see `server/access.ts`); a route declaring none is Admin only. */
  access?: Access;
  /** Request body schema; parsed before the handler runs. */
  request?: z.ZodType;
  /** Query parameters it reads, one property each (for /openapi.json; the handler reads `ctx.query`). */
  query?: z.ZodObject;
  /** Response body schema (for /openapi.json). */
  response?: z.ZodType;
  /** Media type of an answer that is not JSON (the handler returns the text), e.g. `application/x-yaml`. */
  contentType?: string;
  /** One-line summary for /openapi.json. */
  summary: string;
  /** Returns the response body (ignored for 204). */
  handler(ctx: RouteContext): unknown;
}

/** Identity helper giving route literals their type. */
export function route(r: Route): Route {
  return r;
}

/** Param accessor that never returns undefined (the router fills every template parameter). */
export function param(ctx: RouteContext, name: string): string {
  return ctx.params[name] ?? "";
}
