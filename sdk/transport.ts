/**
 * One HTTP exchange of the request core: the URL, headers and per-attempt timeout of a request sent with undici, the
 * answer read within its size cap, and a 2xx body parsed and checked against the call's schema. Network failures
 * become ConnectionError or TimeoutError with the secrets removed.
 */
import { z } from "zod";
import type { CallSpec, CoreConfig, Query } from "./call-spec";
import { ConnectionError, DeployServiceError, InvalidResponseError, TimeoutError, redact } from "./errors";
import { readCapped } from "./limits";
import type { ApiPath } from "./path";
import { describeNetworkError, failedBeforeSending, type HeaderBag } from "./retry";
import { check } from "./schema";
import { sensitiveValues } from "./sensitive";

/**
 * undici, loaded at the first request: a provider host's checks and diffs (all of a preview) never send one, and
 * loading undici is a quarter of what loading this package costs.
 */
let loadedRequest: typeof import("undici").request | undefined;
async function undiciRequest(): Promise<typeof import("undici").request> {
  loadedRequest ??= (await import("undici")).request;
  return loadedRequest;
}

/** An answer as received: status, headers and the body's text. */
export interface RawResponse {
  status: number;
  headers: HeaderBag;
  text: string;
}

function buildUrl(baseUrl: string, path: ApiPath, query?: Query): string {
  let url = baseUrl + path;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  return url;
}

/**
 * Sends one attempt of `spec` with `body`, within `timeoutMs`.
 * @throws TimeoutError, ConnectionError (`secrets` removed), the answer's size-cap error, or the call's abort reason.
 */
export async function send(
  config: CoreConfig, spec: CallSpec<z.ZodType | undefined>, body: unknown, timeoutMs: number, secrets: string[],
): Promise<RawResponse> {
  const { method, path } = spec;
  const headers: Record<string, string> = {
    authorization: `${config.tokenScheme} ${config.token}`,
    accept: spec.textResponse === true ? "application/x-yaml, text/plain;q=0.9" : "application/json",
    "user-agent": config.userAgent,
  };
  const hasBody = body !== undefined && method !== "GET";
  if (hasBody) headers["content-type"] = "application/json";

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error("request timeout"));
  }, timeoutMs);
  const onOuterAbort = () => controller.abort(spec.signal?.reason);
  spec.signal?.addEventListener("abort", onOuterAbort, { once: true });
  try {
    spec.signal?.throwIfAborted();
    const res = await (await undiciRequest())(buildUrl(config.baseUrl, path, spec.query), {
      method,
      headers,
      ...(hasBody ? { body: JSON.stringify(body) } : {}),
      ...(config.dispatcher ? { dispatcher: config.dispatcher } : {}),
      signal: controller.signal,
    });
    const text = await readCapped(res, config.maxResponseBytes, { method, path });
    return { status: res.statusCode, headers: res.headers as HeaderBag, text };
  } catch (e) {
    if (e instanceof DeployServiceError) throw e; // the answer's size cap
    if (timedOut) {
      const cut = timeoutMs < config.timeoutMs ? " (what was left of the call's deadline)" : "";
      throw new TimeoutError(`${method} ${path}: no answer within ${timeoutMs} ms${cut}`, { method, path }, timeoutMs);
    }
    if (spec.signal?.aborted) throw spec.signal.reason;
    const beforeSend = failedBeforeSending(e);
    // Only the code and message: undici's errors may hold the request, Authorization header included.
    const what = redact(describeNetworkError(e), secrets);
    throw new ConnectionError(`${method} ${path}: connection failed (${what})`, { method, path }, beforeSend);
  } finally {
    clearTimeout(timer);
    spec.signal?.removeEventListener("abort", onOuterAbort);
  }
}

/**
 * The validated body of a 2xx answer (`undefined` without a response schema, or for an empty body the call allows);
 * the secrets it holds (`spec.secretsInResponse`) are given to `remember`.
 * @throws InvalidResponseError for an empty, non-JSON or misshapen body (`secrets` removed from the message).
 */
export function parseAnswer(
  spec: CallSpec<z.ZodType | undefined>, raw: RawResponse, secrets: string[], remember: (values: ReadonlyArray<string | null | undefined>) => void,
): unknown {
  const { method, path } = spec;
  const context = { method, path, status: raw.status };
  if (!spec.response) return undefined;
  if (raw.text.trim() === "" && spec.bodyOptional === true) return undefined;
  if (raw.text.trim() === "") {
    throw new InvalidResponseError(`${method} ${path}: response body is empty, expected JSON`, context, "");
  }
  let data: unknown = raw.text;
  if (spec.textResponse !== true) {
    try {
      data = JSON.parse(raw.text);
    } catch {
      throw new InvalidResponseError(`${method} ${path}: response body is not JSON`, context, "");
    }
  }
  const checked = check(spec.response, data);
  if (!checked.ok) {
    const text = redact(`response field "${checked.field}": ${checked.text}`, [...secrets, ...sensitiveValues(data)]);
    throw new InvalidResponseError(`${method} ${path}: ${text}`, context, redact(checked.field, secrets));
  }
  if (spec.secretsInResponse) remember(spec.secretsInResponse(checked.data as never));
  return checked.data;
}
