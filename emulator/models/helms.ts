/**
 * Helm services: a chart from a Helm repository of the organization (its name and version) or from git, deployed
 * with the values a request overrides (`--set`-style pairs, values files from git or given inline), extra arguments,
 * a timeout, and ports of the chart's Kubernetes services exposed through the service's ingress. A deploy installs
 * the chart (no build step) and may name a new chart version (kept by the service, as a container keeps a tag) or the
 * commit of a git source.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { helmPortRequest, helmRequest } from "../schemas/helm";
import { defaultAdvancedSettings, type AdvancedSettings } from "./advanced-settings";
import { commitFor } from "./git-commits";
import { gitSourceFrom, type GitSourceRec } from "./git-sources";
import { helmRepositoryFor } from "./helm-repositories";
import { baseFields, type ModelContext } from "./records";
import { newRuntime } from "./runtime";
import type { ServiceKind } from "./service-kinds";
import { imageLogLines } from "./service-logs";
import { addNewService, assertServiceNameFree, editWholeService, serviceEdited, type ServiceRecBase } from "./services";
import { gitRepository, int, obj, service, str } from "./record-forms";
import { read, slice } from "./slice";
import type { gitTokenSlice } from "./git-tokens";
import { badRequest } from "../server/errors";

/** A port of a Helm service. */
export interface HelmPortRec {
  id: string;
  name?: string;
  internal_port: number;
  external_port?: number;
  namespace?: string;
  protocol: string;
  is_default: boolean;
  service_name?: string;
  service_selectors?: Array<{ key: string; value: string }>;
}

/** Values a Helm service overrides. */
export interface HelmValuesRec {
  set: string[][];
  set_string: string[][];
  set_json: string[][];
  file: { git: { git_repository: GitSourceRec; paths: string[] } | null; raw: { values: Array<{ name: string; content: string }> } | null } | null;
}

/** A Helm service of an environment. */
export interface HelmRec extends ServiceRecBase {
  source: { git?: GitSourceRec; repository?: { repository_id: string; chart_name: string; chart_version: string } };
  values_override: HelmValuesRec;
  arguments: string[];
  allow_cluster_wide_resources: boolean;
  timeout_sec: number;
  auto_deploy: boolean;
  auto_preview: boolean;
  ports: HelmPortRec[];
  advanced_settings: AdvancedSettings;
}

/** The helms of the state (see `slice.ts`). */
export const helmSlice = slice<HelmRec>().keyed("helms", z.looseObject({
  ...service, source: z.looseObject({ git: gitRepository.optional(), repository: obj.optional() }), values_override: obj,
  arguments: z.array(str), allow_cluster_wide_resources: z.boolean(), timeout_sec: int, auto_deploy: z.boolean(),
  auto_preview: z.boolean(), ports: z.array(obj), advanced_settings: obj,
}));

/** What a Helm service installs, as its log and history name it. */
function chartOf(h: HelmRec): string {
  const r = h.source.repository;
  return r ? `${r.chart_name}:${r.chart_version}` : `${h.source.git?.url ?? ""}${h.source.git?.root_path ?? ""}`;
}

/** The Helm service kind: installs its chart (no build step); a deploy names a chart version or a commit of its source. */
export const helmKind: ServiceKind<"helms", HelmRec> = {
  name: "helm", type: "HELM", collection: helmSlice.key, slice: helmSlice, buildSteps: () => [], deploysFrom: "chart-version-or-git-commit",
  restarts: false, monthlyCostCents: 800, secretFields: [],
  deployProblem: (h, body) => {
    if (body.chart_version && !h.source.repository) return ["chart_version", "the helm's chart comes from git: name a git_commit_id instead"];
    if (body.git_commit_id && !h.source.git) return ["git_commit_id", "the helm's chart comes from a helm repository: name a chart_version instead"];
    return undefined;
  },
  applyDeploy: (m, h, body) => {
    const r = h.source.repository;
    if (body.chart_version && r && r.chart_version !== body.chart_version) {
      r.chart_version = body.chart_version;
      serviceEdited(m, h);
    }
  },
  commitOf: (h, requested, atMs) => (h.source.git ? commitFor(h.source.git, requested, atMs) : undefined),
  releaseOf: (h) => ({
    repository: h.source.repository ? { chart_name: h.source.repository.chart_name, chart_version: h.source.repository.chart_version } : null,
  }),
  logLines: (h, d) => imageLogLines(
    `Helm ${h.name}`, chartOf(h), d, `Helm release ${h.name} installed from ${chartOf(h)}`,
    `Deployment failed: helm upgrade --install of ${h.name} timed out after ${h.timeout_sec}s`,
  ),
};

/** The organization's git tokens, which a git source may name. */
const tokensOf = (m: ModelContext) => read<typeof gitTokenSlice>(m.world.store, "gitTokens");

type Input = z.output<typeof helmRequest>;

/** The ports of a request: ids kept for ports already there (same internal port), internal ports unique. */
function portsFrom(input: Array<z.output<typeof helmPortRequest>>, existing: HelmPortRec[]): HelmPortRec[] {
  return input.map((p, i) => {
    const first = input.findIndex((q) => q.internal_port === p.internal_port && q.service_name === p.service_name);
    if (first !== i) throw badRequest(`ports[${i}].internal_port`, `${p.internal_port} is already exposed by ports[${first}]`);
    const port: HelmPortRec = {
      id: existing.find((e) => e.internal_port === p.internal_port)?.id ?? randomUUID(), internal_port: p.internal_port,
      protocol: p.protocol ?? "HTTP", is_default: p.is_default ?? i === 0,
    };
    for (const k of ["name", "external_port", "namespace", "service_name", "service_selectors"] as const) {
      if (p[k] !== undefined) Object.assign(port, { [k]: p[k] });
    }
    return port;
  });
}

/** Applies a whole request: everything that can fail is checked before the first change. */
function applyFields(m: ModelContext, h: HelmRec, b: Input): void {
  const repo = b.source.helm_repository;
  if (repo) helmRepositoryFor(m, "source.helm_repository.repository", repo.repository);
  const git = b.source.git_repository ? gitSourceFrom(tokensOf(m), "source.git_repository", b.source.git_repository) : undefined;
  const file = b.values_override.file;
  const valuesGit = file?.git ? { git_repository: gitSourceFrom(tokensOf(m), "values_override.file.git.git_repository", file.git.git_repository), paths: file.git.paths } : null;
  const ports = portsFrom(b.ports ?? [], h.ports);
  h.source = git ? { git } : { repository: { repository_id: repo?.repository ?? "", chart_name: repo?.chart_name ?? "", chart_version: repo?.chart_version ?? "" } };
  h.values_override = {
    set: b.values_override.set ?? [], set_string: b.values_override.set_string ?? [], set_json: b.values_override.set_json ?? [],
    file: file ? { git: valuesGit, raw: file.raw ?? null } : null,
  };
  Object.assign(h, {
    name: b.name, arguments: b.arguments, auto_deploy: b.auto_deploy, ports, timeout_sec: b.timeout_sec ?? 600,
    allow_cluster_wide_resources: b.allow_cluster_wide_resources ?? false,
  });
  if (b.auto_preview !== undefined && b.auto_preview !== null) h.auto_preview = b.auto_preview;
  if (b.icon_uri !== undefined) h.icon_uri = b.icon_uri;
  if (b.description !== undefined) h.description = b.description;
  else delete h.description;
}

/** Creates a Helm service of an environment, with the service's defaults for what the request leaves out. */
export function createHelm(m: ModelContext, envId: string, b: Input): HelmRec {
  assertServiceNameFree(m.world.store, envId, b.name);
  return addNewService(m, helmKind, {
    ...baseFields(m.now), environment_id: envId, name: b.name, source: {},
    values_override: { set: [], set_string: [], set_json: [], file: null }, arguments: [], allow_cluster_wide_resources: false,
    timeout_sec: 600, auto_deploy: false, auto_preview: true, ports: [], icon_uri: "app://qovery-console/helm",
    annotations_groups: [], labels_groups: [], advanced_settings: defaultAdvancedSettings("helm"), runtime: newRuntime(),
  }, (h) => applyFields(m, h, b));
}

/** Edits a Helm service with the whole request again. */
export function editHelm(m: ModelContext, h: HelmRec, b: Input): void {
  editWholeService(m, h, b.name, (rec) => applyFields(m, rec, b));
}
