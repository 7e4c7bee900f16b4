import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { denial, findToken, tokenFromHeader, visibleAnswer } from "./auth";
import { handleControl } from "../control/control";
import type { ControlTarget } from "../control/control-target";
import { applyCors } from "./cors";
import { ApiError } from "./errors";
import { Faults } from "./faults";
import { InFlight, realSleep, type Sleep } from "./latency";
import { errorBody, parseJsonBody, readBody, sendError, sendJson, sendText } from "./http-util";
import { buildOpenApi } from "./openapi";
import { RateLimiter, type RateDecision } from "./rate-limit";
import { RequestLog } from "./request-log";
import type { StrictCheck } from "./strict";
import { Router } from "./router";
import { allRoutes } from "../routes";
import { parseOr400 } from "../schemas/validate";
import { seedState, type SeedInfo } from "../persistence/seed";
import { Store } from "../models/store";
import { applySchedules } from "../deployments/rule-clock";
import { SaveError, type DataFile, type Saver } from "../persistence/persistence";
import type { State } from "../models/state";
import type { EmulatorConfig } from "../models/world";
import type { World } from "../models/store";

/**
 * The emulator's HTTP front: control endpoints, CORS (`cors.ts`: preflights answered), `/openapi.json`, then for API calls
 * auth (401), rate limit (429), routing (404/405), scope (403), faults, JSON parsing and validation (400),
 * the handler, the request log and persistence.
 */
export class EmulatorServer implements ControlTarget {
  readonly world: World;
  readonly faults = new Faults();
  readonly requests = new RequestLog();
  readonly limiter = new RateLimiter();
  /** API requests in flight (control endpoints are not counted). */
  readonly flight = new InFlight();
  /** Milliseconds every API request waits before it is handled (`--latency-ms`); control endpoints never wait. */
  latencyMs = 0;
  /** How the latency waits (a timer; tests observe it). */
  sleep: Sleep = realSleep;
  saver: Saver | undefined;
  /** Strict mode's check of every API answer (`strict.ts`), when the emulator runs with one. */
  strict: StrictCheck | undefined;
  private readonly router = new Router(allRoutes);
  private openapi: unknown;
  readonly http: http.Server;

  constructor(readonly seed: SeedInfo, state: ReturnType<typeof seedState>, config: EmulatorConfig) {
    this.world = { store: new Store(state), config, faults: this.faults, timers: new Set(), now: () => Date.now(),
      changed: () => this.saver?.schedule() };
    this.http = http.createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => {
        if (!res.headersSent) sendError(res, 500, `internal error: ${(e as Error).message}`);
        else res.destroy();
      });
    });
    this.http.keepAliveTimeout = 65000;
  }

  /** Back to the seed state; faults, request log, rate windows and pending timers cleared. */
  reset(): void {
    this.change(() => { this.world.store.state = seedState(this.seed); });
    this.faults.clear();
    this.requests.clear();
    this.limiter.clear();
    this.strict?.clear();
    for (const t of this.world.timers) clearTimeout(t);
    this.world.timers.clear();
  }

  /**
   * Applies a change of the state. With a data file, the change is on disk when this returns; when it cannot be
   * saved, the state is put back as it was, the timers the change set are cancelled, and a 503 is thrown.
   */
  change<T>(fn: () => T): T {
    const saver = this.saver;
    if (!saver) return fn();
    const timers = new Set(this.world.timers);
    try {
      return saver.commit(fn);
    } catch (e) {
      if (!(e instanceof SaveError)) throw e;
      for (const t of this.world.timers) {
        if (!timers.has(t)) {
          clearTimeout(t);
          this.world.timers.delete(t);
        }
      }
      throw new ApiError(503, e.message);
    }
  }

  /** Puts back a state (after a change that could not be saved). */
  restore(state: State): void {
    this.world.store.state = state;
  }

  /** Everything a data file holds. */
  snapshot(): DataFile {
    return { version: 1, seed: this.seed, state: this.world.store.state };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    const query = new URLSearchParams(q === -1 ? "" : url.slice(q + 1));
    const method = (req.method ?? "GET").toUpperCase();
    if (path === "/_emulator" || path.startsWith("/_emulator/")) {
      await handleControl(this, req, res, method, path);
      return;
    }
    if (applyCors(req, res, method)) return;
    if (path === "/openapi.json" && method === "GET") {
      this.openapi ??= buildOpenApi(allRoutes);
      sendJson(res, 200, this.openapi);
      return;
    }
    await this.handleApi(req, res, method, path, query);
  }

  /** An API call: latency, token and rate limit, route, access, faults, the handler, strict mode's check, the answer. */
  private async handleApi(req: IncomingMessage, res: ServerResponse, method: string, path: string, query: URLSearchParams): Promise<void> {
    const landed = this.flight.start();
    res.once("close", landed);
    if (this.latencyMs > 0) await this.sleep(this.latencyMs);
    const now = this.world.now();
    const token = findToken(this.world.store.state.tokens, tokenFromHeader(req.headers.authorization));
    const limit = this.world.config.rateLimitPerHour;
    const windowMs = (this.world.config.rateLimitWindowSeconds ?? 3600) * 1000;
    const rate = token ? this.limiter.take(token.name, limit, now, windowMs) : RateLimiter.idle(limit, now, windowMs);
    const headers = rateHeaders(rate);
    const log = (status: number) => this.requests.add({
      method, path, status, token_name: token?.name ?? null, time: new Date(now).toISOString(),
    });
    const fail = (status: number, message: string, extra: Record<string, string | number> = {}) => {
      log(status);
      this.strict?.check(method, path, status, errorBody(status, message), now);
      sendError(res, status, message, { ...headers, ...extra });
    };
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch (e) {
      fail(e instanceof ApiError ? e.status : 400, (e as Error).message);
      return;
    }
    if (!token) return fail(401, req.headers.authorization ? "invalid, unknown or revoked API token" : "missing Authorization header (Token <API_TOKEN>)");
    if (!rate.ok) return fail(429, `rate limit of ${limit} requests per hour exceeded`, { "retry-after": Math.max(1, rate.reset - Math.floor(now / 1000)) });
    const match = this.router.match(method, path);
    if (match.kind === "not-found") return fail(404, `no route for ${method} ${path}`);
    if (match.kind === "method-not-allowed") return fail(405, `${method} not allowed on ${path}`, { allow: match.allowed.join(", ") });
    const route = match.route;
    const refused = denial(this.world.store, token, route, { params: match.params, query, body: lenientJson(raw) }, path);
    if (refused !== undefined) return fail(403, refused);
    const fault = this.faults.take(method, path);
    if (fault?.latency_ms) await new Promise((r) => setTimeout(r, fault.latency_ms));
    if (fault?.drop === "before") {
      log(0);
      res.socket?.destroy();
      return;
    }
    if (fault?.status !== undefined) {
      const extra: Record<string, string | number> = fault.retry_after_seconds !== undefined ? { "retry-after": fault.retry_after_seconds } : {};
      return fail(fault.status, `fault injected by the emulator (${fault.status})`, extra);
    }
    let status = route.status;
    let body: unknown;
    try {
      const parsed = method === "GET" || (method === "DELETE" && !route.request) ? {} : parseJsonBody(raw);
      const input = route.request ? parseOr400(route.request, parsed) : parsed;
      this.world.store.sweep(now);
      applySchedules({ world: this.world, now });
      const run = () => route.handler({ params: match.params, query, body: input, world: this.world, now });
      body = method === "GET" ? visibleAnswer(this.world.store, token, run()) : this.change(run);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      status = e.status;
      body = errorBody(e.status, e.message);
      Object.assign(headers, e.headers);
    }
    log(status);
    this.strict?.check(method, path, status, status === 204 ? undefined : body, now);
    if (fault?.drop === "after") {
      res.socket?.destroy();
      return;
    }
    if (route.contentType !== undefined && status === route.status && typeof body === "string") sendText(res, status, body, route.contentType, headers);
    else sendJson(res, status, status === 204 ? undefined : body, headers);
  }
}

/** A body as JSON for the access check (which runs before validation), or undefined. */
function lenientJson(raw: Buffer): unknown {
  try {
    return raw.length === 0 ? undefined : JSON.parse(raw.toString("utf8"));
  } catch {
    return undefined;
  }
}

function rateHeaders(r: RateDecision): Record<string, string | number> {
  return { "x-ratelimit-limit": r.limit, "x-ratelimit-remaining": r.remaining, "x-ratelimit-reset": r.reset };
}

