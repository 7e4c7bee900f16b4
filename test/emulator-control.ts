/** The emulator's control endpoints, as tests and benchmarks use them (see emulator/control.ts). */
import type { RunningEmulator } from "../emulator";

/** One entry of the emulator's request log. */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  token_name: string | null;
}

/** The requests the emulator served since the last {@link clearRequests}. */
export async function requests(emulator: RunningEmulator): Promise<LoggedRequest[]> {
  const res = await fetch(`${emulator.url}/_emulator/requests`);
  const body = (await res.json()) as { results: LoggedRequest[] };
  return body.results;
}

/** The requests that could change something: everything but GET. */
export async function writeRequests(emulator: RunningEmulator): Promise<LoggedRequest[]> {
  return (await requests(emulator)).filter((r) => r.method !== "GET");
}

/** The whole store as the emulator dumps it (secrets redacted). */
export async function stateDump(emulator: RunningEmulator): Promise<Record<string, unknown>> {
  const res = await fetch(`${emulator.url}/_emulator/state`);
  return (await res.json()) as Record<string, unknown>;
}

/** Empties the emulator's request log. */
export async function clearRequests(emulator: RunningEmulator): Promise<void> {
  await fetch(`${emulator.url}/_emulator/requests`, { method: "DELETE" });
}

/** Injects a fault into the emulator (see the emulator contract: `POST /_emulator/faults`). */
export async function injectFault(
  emulator: RunningEmulator,
  fault: { method: string; path: string; status?: number; times?: number; drop?: "before" | "after" },
): Promise<void> {
  const res = await fetch(`${emulator.url}/_emulator/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(fault),
  });
  if (res.status !== 201) throw new Error(`fault not accepted: ${res.status} ${await res.text()}`);
}

/** Removes every injected fault. */
export async function clearFaults(emulator: RunningEmulator): Promise<void> {
  await fetch(`${emulator.url}/_emulator/faults`, { method: "DELETE" });
}

/** Makes the next deploys of a service fail at `stage`. */
export async function failDeploys(emulator: RunningEmulator, serviceId: string, stage: "BUILD" | "DEPLOY" | null): Promise<void> {
  await fetch(`${emulator.url}/_emulator/services/${serviceId}/failure`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ stage }),
  });
}
