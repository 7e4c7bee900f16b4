/**
 * A client of the emulator's control endpoints (`/_emulator/...`, see `control/routes.ts`), for tests, benchmarks and
 * scripts that drive an emulator: read its request log and state, inject faults and deploy failures.
 * Every request carries `content-type: application/json`: the emulator refuses control requests without it (415),
 * bodiless ones included. The emulator answers control requests only on a loopback address.
 */

/** Where the emulator listens; a `RunningEmulator` is one. */
export interface ControlEndpoint {
  /** Base URL, e.g. `http://127.0.0.1:4100` (no trailing slash). */
  url: string;
}

/** One request to a control endpoint (`path` after `/_emulator`), JSON content type always set. */
export function control(emulator: ControlEndpoint, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${emulator.url}/_emulator${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

/** One entry of the emulator's request log. */
export interface LoggedRequest {
  /** HTTP method, e.g. `POST`. */
  method: string;
  /** Request path, without the query. */
  path: string;
  /** Answer status code. */
  status: number;
  /** Name of the token the request carried (`admin`, `read`...), `null` without a known token. */
  token_name: string | null;
}

/** The API requests the emulator served since the last {@link clearRequests} (control requests are not logged). */
export async function requests(emulator: ControlEndpoint): Promise<LoggedRequest[]> {
  const res = await control(emulator, "GET", "/requests");
  const body = (await res.json()) as { results: LoggedRequest[] };
  return body.results;
}

/** The requests that could change something: everything but GET. */
export async function writeRequests(emulator: ControlEndpoint): Promise<LoggedRequest[]> {
  return (await requests(emulator)).filter((r) => r.method !== "GET");
}

/** The whole store as the emulator dumps it (secrets redacted), with its faults and config. */
export async function stateDump(emulator: ControlEndpoint): Promise<Record<string, unknown>> {
  const res = await control(emulator, "GET", "/state");
  return (await res.json()) as Record<string, unknown>;
}

/** Empties the emulator's request log. */
export async function clearRequests(emulator: ControlEndpoint): Promise<void> {
  await control(emulator, "DELETE", "/requests");
}

/**
 * Injects a fault: the next `times` (default 1) requests matching `method` and `path` (`*` matches one segment)
 * answer `status`, or lose their connection before or after the emulator acts on them (`drop`).
 * Throws when the emulator refuses the rule.
 */
export async function injectFault(
  emulator: ControlEndpoint,
  fault: { method: string; path: string; status?: number; times?: number; drop?: "before" | "after"; latency_ms?: number; retry_after_seconds?: number },
): Promise<void> {
  const res = await control(emulator, "POST", "/faults", fault);
  if (res.status !== 201) throw new Error(`fault not accepted: ${res.status} ${await res.text()}`);
}

/**
 * Injects the stale-status fault (see `server/faults.ts`): after each of the next `times` action requests (every one when
 * absent), status reads keep answering what each service (and, for an environment request, the environment) showed
 * before the request, with its `deployment_request_id` and `state`, for the first `reads` reads and/or `ms`
 * milliseconds. Throws when the emulator refuses the rule.
 */
export async function injectStaleStatus(emulator: ControlEndpoint, fault: { reads?: number; ms?: number; times?: number }): Promise<void> {
  const res = await control(emulator, "POST", "/faults", { kind: "stale_status", ...fault });
  if (res.status !== 201) throw new Error(`fault not accepted: ${res.status} ${await res.text()}`);
}

/** Removes every injected fault. */
export async function clearFaults(emulator: ControlEndpoint): Promise<void> {
  await control(emulator, "DELETE", "/faults");
}

/** Makes the next deploys of a service fail at `stage` (null: succeed again). */
export async function failDeploys(emulator: ControlEndpoint, serviceId: string, stage: "BUILD" | "DEPLOY" | null): Promise<void> {
  await control(emulator, "PUT", `/services/${encodeURIComponent(serviceId)}/failure`, { stage });
}
