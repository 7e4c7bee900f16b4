import { randomUUID } from "node:crypto";
import { view, type StateHolder, type StateOf } from "./slice";
import type { DeploymentRec } from "./runtime";
import { z } from "zod";
import { num, str } from "./record-forms";
import { slice } from "./slice";

/** What these functions read of the state. */
type LogState = StateOf<typeof logSlice>;

const MAX_LOG_LINES_PER_SERVICE = 500;

/** One service log line; `at` is epoch ms (lines dated in the future are not yet visible). */
export interface LogRec {
  id: string;
  service_id: string;
  at: number;
  message: string;
  pod_name: string;
  version: string;
}

/** The logs of the state (see `slice.ts`). */
export const logSlice = slice<LogRec>().list("logs", z.looseObject({ id: str, service_id: str, at: num, message: str, pod_name: str, version: str }));

/**
 * Stores the lines of an action, each dated at its clock step (so they appear as the clock reaches them),
 * keeping the newest lines of the service only.
 */
export function appendLogs(
  holder: StateHolder, svc: { id: string; name: string }, d: DeploymentRec, version: string, lines: Array<[number, string]>,
): void {
  const state: LogState = view<typeof logSlice>(holder);
  const pod = podOf(svc, d);
  for (const [step, message] of lines) {
    state.logs.push({ id: randomUUID(), service_id: svc.id, at: d.start + step * d.stepMs, message, pod_name: pod, version });
  }
  keepNewest(holder, svc.id);
}

/** The pod an action's lines name. */
function podOf(svc: { name: string }, d: DeploymentRec): string {
  return `${svc.name.toLowerCase().replace(/[^a-z0-9-]/g, "-")}-${d.request_id.slice(0, 5)}`;
}

/**
 * Ends the lines of an action cancelled at `atMs` before its end: the lines it would still have written (dated after
 * `atMs`) are dropped and `message` is written at `atMs` (with the version its other lines name).
 */
export function cutLogs(holder: StateHolder, svc: { id: string; name: string }, d: DeploymentRec, atMs: number, message: string): void {
  const state: LogState = view<typeof logSlice>(holder);
  const pod = podOf(svc, d);
  const version = state.logs.find((l) => l.service_id === svc.id && l.pod_name === pod)?.version ?? "";
  state.logs = state.logs.filter((l) => l.service_id !== svc.id || l.at <= atMs);
  state.logs.push({ id: randomUUID(), service_id: svc.id, at: atMs, message, pod_name: pod, version });
  keepNewest(holder, svc.id);
}

function keepNewest(holder: StateHolder, serviceId: string): void {
  const state: LogState = view<typeof logSlice>(holder);
  const mine = state.logs.filter((l) => l.service_id === serviceId);
  if (mine.length > MAX_LOG_LINES_PER_SERVICE) {
    const drop = new Set(mine.slice(0, mine.length - MAX_LOG_LINES_PER_SERVICE).map((l) => l.id));
    state.logs = state.logs.filter((l) => !drop.has(l.id));
  }
}

/** The lines of a service visible at `nowMs`, oldest first; the last `tail` only when given. */
export function visibleLogs(holder: StateHolder, serviceId: string, nowMs: number, tail: number | undefined): LogRec[] {
  const state: LogState = view<typeof logSlice>(holder);
  const lines = state.logs.filter((l) => l.service_id === serviceId && l.at <= nowMs).sort((x, y) => x.at - y.at);
  if (tail === undefined) return lines;
  return tail === 0 ? [] : lines.slice(-tail);
}
