import type { ServerResponse } from "node:http";
import type { ControlTarget } from "./control-target";

/** What a control handler receives. */
export interface ControlCall {
  emu: ControlTarget;
  res: ServerResponse;
  /** Path parameters by name, as sent (not URI-decoded). */
  params: Record<string, string>;
  /** The request's JSON body, parsed when asked (400 when it is not JSON). */
  body(): unknown;
}

/** One control endpoint: a row of the table in `routes.ts`. */
export interface ControlRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path under `/_emulator`, e.g. `/services/{id}/failure`; `{name}` matches one segment. */
  path: string;
  /** Writes the answer. */
  handler(call: ControlCall): void;
}

/**
 * The route of `routes` for `method` and `path` (the part after `/_emulator`) with its parameters; `undefined` when
 * none matches (a known path with another method included). Segments are compared exactly, a trailing `/` included.
 */
export function matchControl(
  routes: readonly ControlRoute[], method: string, path: string,
): { route: ControlRoute; params: Record<string, string> } | undefined {
  const segs = path.split("/").slice(1);
  for (const route of routes) {
    if (route.method !== method) continue;
    const template = route.path.split("/").slice(1);
    if (template.length !== segs.length) continue;
    const params: Record<string, string> = Object.create(null) as Record<string, string>;
    const ok = template.every((t, i) => {
      const s = segs[i] as string;
      if (t.startsWith("{")) params[t.slice(1, -1)] = s;
      return t.startsWith("{") || t === s;
    });
    if (ok) return { route, params };
  }
  return undefined;
}
