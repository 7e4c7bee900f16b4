import type { Route } from "../routes/types";

interface Compiled {
  route: Route;
  segs: string[];
  literals: number;
}

/** Result of matching a request path. */
export type Match =
  | { kind: "found"; route: Route; params: Record<string, string> }
  | { kind: "method-not-allowed"; allowed: string[] }
  | { kind: "not-found" };

/** Matches request paths against the route table (literal segments win over parameters, for every method). */
export class Router {
  private readonly byLength = new Map<number, Compiled[]>();

  constructor(routes: Route[]) {
    for (const route of routes) {
      const segs = route.path.split("/").slice(1);
      const c: Compiled = { route, segs, literals: segs.filter((s) => !s.startsWith("{")).length };
      const list = this.byLength.get(segs.length) ?? [];
      list.push(c);
      this.byLength.set(segs.length, list);
    }
    for (const list of this.byLength.values()) list.sort((a, b) => b.literals - a.literals);
  }

  /** Finds the route for a method and a path (without query string). */
  match(method: string, path: string): Match {
    const raw = path.split("/").slice(1);
    if (raw.length > 1 && raw[raw.length - 1] === "") raw.pop();
    let segs: string[];
    try {
      segs = raw.map((s) => decodeURIComponent(s));
    } catch {
      return { kind: "not-found" };
    }
    const allowed: string[] = [];
    let literals: number | undefined;
    for (const c of this.byLength.get(segs.length) ?? []) {
      // Only the most literal templates a path matches are its own: `/environment/deploymentStatus` is never an
      // environment id, whatever the method (another method of it answers 405, not the parameter's route).
      if (literals !== undefined && c.literals < literals) break;
      const params = matchSegs(c.segs, segs);
      if (!params) continue;
      literals = c.literals;
      if (c.route.method === method) return { kind: "found", route: c.route, params };
      allowed.push(c.route.method);
    }
    return allowed.length > 0 ? { kind: "method-not-allowed", allowed } : { kind: "not-found" };
  }
}

function matchSegs(template: string[], segs: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  for (let i = 0; i < template.length; i++) {
    const t = template[i] as string;
    const s = segs[i] as string;
    if (t.startsWith("{")) {
      if (s === "") return undefined;
      params[t.slice(1, -1)] = s;
    } else if (t !== s) return undefined;
  }
  return params;
}
