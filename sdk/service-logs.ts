/** The log lines of a service (applications and containers have a log endpoint): the record and its read. */
import { z } from "zod";
import type { RequestCore } from "./core";
import type { ApiPath } from "./path";
import { listOf, maybe } from "./schema";

/** One line of a service's log. */
export const LogLine = z.looseObject({
  id: maybe(z.string()),
  created_at: maybe(z.string()),
  message: z.string(),
  pod_name: maybe(z.string()),
  version: maybe(z.string()),
});
/** One line of a service's log. */
export type LogLine = z.infer<typeof LogLine>;

/** Options of {@link ApplicationsApi.logs}. */
export interface LogOptions {
  /** Keep only the last `tail` lines (sent to the service and enforced by the client too). */
  tail?: number;
}

const LogList = listOf(LogLine);

/**
 * Reads the log lines at `path` (an application's or a container's `/log`), oldest first; `tail` is sent to the
 * service and enforced here too.
 * @throws RangeError for a `tail` that is not a non-negative integer (nothing is sent).
 */
export async function readLogs(core: RequestCore, path: ApiPath, options: LogOptions = {}): Promise<LogLine[]> {
  const { tail } = options;
  if (tail !== undefined && (!Number.isInteger(tail) || tail < 0)) {
    const got = typeof tail === "number" ? String(tail) : `a ${typeof tail}`;
    throw new RangeError(`logs: option "tail": expected a non-negative integer, got ${got}`);
  }
  const body = await core.call({ method: "GET", path, response: LogList, ...(tail !== undefined ? { query: { tail } } : {}) });
  return tail !== undefined ? body.results.slice(Math.max(0, body.results.length - tail)) : body.results;
}

