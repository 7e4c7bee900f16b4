/**
 * The emulator's control endpoints, as tests and benchmarks use them (see emulator/control.ts). Every request
 * carries `content-type: application/json`: the emulator refuses control requests without it (415), bodiless ones included.
 */
import type { RunningEmulator } from "../emulator";

/** One request to a control endpoint (`path` after `/_emulator`), JSON content type always set. */
export function control(emulator: Pick<RunningEmulator, "url">, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${emulator.url}/_emulator${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

/** One entry of the emulator's request log. */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  token_name: string | null;
}

/** The requests the emulator served since the last {@link clearRequests}. */
export async function requests(emulator: RunningEmulator): Promise<LoggedRequest[]> {
  const res = await control(emulator, "GET", "/requests");
  const body = (await res.json()) as { results: LoggedRequest[] };
  return body.results;
}

/** The requests that could change something: everything but GET. */
export async function writeRequests(emulator: RunningEmulator): Promise<LoggedRequest[]> {
  return (await requests(emulator)).filter((r) => r.method !== "GET");
}

/** The whole store as the emulator dumps it (secrets redacted). */
export async function stateDump(emulator: RunningEmulator): Promise<Record<string, unknown>> {
  const res = await control(emulator, "GET", "/state");
  return (await res.json()) as Record<string, unknown>;
}

/** Empties the emulator's request log. */
export async function clearRequests(emulator: RunningEmulator): Promise<void> {
  await control(emulator, "DELETE", "/requests");
}

/** Injects a fault into the emulator (see the emulator contract: `POST /_emulator/faults`). */
export async function injectFault(
  emulator: RunningEmulator,
  fault: { method: string; path: string; status?: number; times?: number; drop?: "before" | "after" },
): Promise<void> {
  const res = await control(emulator, "POST", "/faults", fault);
  if (res.status !== 201) throw new Error(`fault not accepted: ${res.status} ${await res.text()}`);
}

/** Removes every injected fault. */
export async function clearFaults(emulator: RunningEmulator): Promise<void> {
  await control(emulator, "DELETE", "/faults");
}

/** Makes the next deploys of a service fail at `stage`. */
export async function failDeploys(emulator: RunningEmulator, serviceId: string, stage: "BUILD" | "DEPLOY" | null): Promise<void> {
  await control(emulator, "PUT", `/services/${serviceId}/failure`, { stage });
}
