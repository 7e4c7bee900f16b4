/** The read of a service's log lines (applications and containers have a log endpoint; `LogLine` is the record). */
import type { RequestCore } from "./core";
import type { ApiPath } from "./path";
import { listOf } from "./schema";
import { LogLine } from "./service-common";

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

