/**
 * The objects an operation acts on, as a custom role sees them: a cluster, a project (or one environment type of
 * it), or an environment (its project, type and cluster). Services, stages, variables and custom domains act on
 * their environment (a project's variable on its project). Ids are found in the path parameters and where the
 * access table's `also` says; an id that names nothing is left out (the handler answers 404 for it).
 */
import type { AccessRule } from "./access";
import type { Store } from "../models/store";

/** Something a custom role has a permission on. */
export type Place =
  | { kind: "cluster"; clusterId: string }
  | { kind: "project"; projectId: string; envType?: string; creatingOn?: string }
  | { kind: "environment"; projectId: string; envType: string; clusterId: string };

/** An operation's place and whether it is only read there. */
export interface Target {
  place: Place;
  readOnly: boolean;
}

/** What a request carries besides its route. */
export interface RequestParts {
  params: Record<string, string>;
  query: URLSearchParams;
  /** The request body, parsed leniently (undefined when it is not JSON): access is decided before validation. */
  body: unknown;
}

function field(body: unknown, name: string): unknown {
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}

/** The place an id names, or undefined. */
export function placeOf(store: Store, id: string, depth = 0): Place | undefined {
  const s = store.state;
  if (s.clusters.some((c) => c.id === id)) return { kind: "cluster", clusterId: id };
  if (s.projects.has(id)) return { kind: "project", projectId: id };
  const env = s.environments.get(id) ?? s.environments.get(store.service(id)?.environment_id ?? "") ?? s.environments.get(s.stages.get(id)?.environment_id ?? "");
  if (env) return { kind: "environment", projectId: env.project_id, envType: env.mode, clusterId: env.cluster_id };
  if (depth > 0) return undefined;
  const owner = s.variables.get(id)?.service_id ?? s.customDomains.get(id)?.service_id;
  return owner === undefined ? undefined : placeOf(store, owner, depth + 1);
}

/** The project of a new environment, with its type and cluster (see `newEnvironment` in the access table). */
function newEnvironment(store: Store, parts: RequestParts): Place | undefined {
  const projectId = parts.params["projectId"] ?? "";
  if (!store.state.projects.has(projectId)) return undefined;
  const mode = field(parts.body, "mode");
  const cluster = field(parts.body, "cluster") ?? field(parts.body, "cluster_id");
  const clusters = store.state.clusters;
  const clusterId = typeof cluster === "string" ? cluster : (clusters.find((c) => c.is_default) ?? clusters[0])?.id ?? "";
  return { kind: "project", projectId, envType: typeof mode === "string" ? mode : "DEVELOPMENT", creatingOn: clusterId };
}

function fromSource(store: Store, source: AccessRule["also"][number], parts: RequestParts, found: Place[]): Place[] {
  if (source === "newEnvironment") return [newEnvironment(store, parts)].filter((p) => p !== undefined);
  if (source === "environmentMode") {
    const mode = field(parts.body, "mode");
    const env = found.find((p) => p.kind === "environment");
    return typeof mode === "string" && env ? [{ kind: "project", projectId: env.projectId, envType: mode }] : [];
  }
  if (source === "importedScopes") {
    const vars = field(parts.body, "vars");
    const atProject = Array.isArray(vars) && vars.some((v) => field(v, "scope") === "PROJECT");
    const env = found.find((p) => p.kind === "environment");
    return atProject && env ? [{ kind: "project", projectId: env.projectId }] : [];
  }
  const [where, name] = source.split(":") as ["query" | "body", string];
  const id = where === "query" ? parts.query.get(name) : field(parts.body, name);
  const place = typeof id === "string" ? placeOf(store, id) : undefined;
  return place ? [place] : [];
}

/** Every place an operation acts on (none: it acts on the organization). */
export function targetsOf(store: Store, rule: AccessRule, parts: RequestParts): Target[] {
  const out: Target[] = [];
  for (const [name, value] of Object.entries(parts.params)) {
    const place = placeOf(store, value);
    if (place) out.push({ place, readOnly: rule.readOnly.includes(name) });
  }
  for (const source of rule.also) {
    const found = out.map((t) => t.place);
    for (const place of fromSource(store, source, parts, found)) out.push({ place, readOnly: false });
  }
  return out;
}
