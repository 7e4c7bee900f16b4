/** Reads of the emulator's control endpoints that engine tests assert on. */
import type { RunningEmulator } from "../../emulator";

/** One request the emulator answered. */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  token_name: string | null;
}

export async function requestLog(emulator: RunningEmulator): Promise<LoggedRequest[]> {
  const res = await fetch(`${emulator.url}/_emulator/requests`);
  return ((await res.json()) as { results: LoggedRequest[] }).results;
}

/** The requests that could change something: everything but GET. */
export async function writeRequests(emulator: RunningEmulator): Promise<LoggedRequest[]> {
  return (await requestLog(emulator)).filter((r) => r.method !== "GET");
}

export async function clearRequestLog(emulator: RunningEmulator): Promise<void> {
  await fetch(`${emulator.url}/_emulator/requests`, { method: "DELETE" });
}

export async function stateDump(emulator: RunningEmulator): Promise<Record<string, unknown>> {
  const res = await fetch(`${emulator.url}/_emulator/state`);
  return (await res.json()) as Record<string, unknown>;
}
