import { z } from "zod";
import { GIT_PROVIDERS, gitRepositoryRequest, gitRepositoryResponse } from "./applications";
import { nonEmpty, referenceObject, uri, uuidString } from "./common";

const int = z.number().int();

/** A chart name as Helm takes it: lowercase letters, digits, '-', '.' and '_', starting with a letter or digit. */
export const chartName = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, "expected a Helm chart name: lowercase letters, digits, '-', '.' and '_'");

/** A chart version: a SemVer version (`1.2.3`, `v1.16.1`, `1.0.0-rc.1`). */
export const chartVersion = z.string().regex(
  /^v?\d+(\.\d+){0,2}(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/, "expected a SemVer chart version such as 1.2.3",
);

/** A git repository a Helm service or a Terraform service takes files from (`provider` read from the URL when left out). */
export const sourceGitRepositoryRequest = gitRepositoryRequest.extend({ provider: z.enum(GIT_PROVIDERS).optional() });

/** `HelmKeyValues`: `--set`-style values, each a `[key, value]` pair. */
const keyValues = z.array(z.tuple([nonEmpty, z.string()], { error: "expected a [key, value] pair of strings" })).optional();

/** A values file path in a git repository: starts with `/`. */
const valuesPath = z.string().regex(/^\/.+/, "must start with /");

/** `values_override`: `--set`, `--set-string` and `--set-json` values, and values files from git or given inline. */
export const valuesOverrideRequest = z.object({
  set: keyValues,
  set_string: keyValues,
  set_json: keyValues,
  file: z.object({
    git: z.object({ git_repository: sourceGitRepositoryRequest, paths: z.array(valuesPath).min(1, "must list at least one values file") }).nullable().optional(),
    raw: z.object({ values: z.array(z.object({ name: nonEmpty, content: z.string() })) }).nullable().optional(),
  }).nullable().optional(),
});

/** A chart of a Helm repository of the organization. */
export const helmRepositorySourceRequest = z.object({ repository: uuidString, chart_name: chartName, chart_version: chartVersion });

/** Where the chart comes from: exactly one of `git_repository` and `helm_repository`. */
export const helmSourceRequest = z.object({
  git_repository: sourceGitRepositoryRequest.optional(),
  helm_repository: helmRepositorySourceRequest.optional(),
}).superRefine((s, ctx) => {
  const given = [s.git_repository, s.helm_repository].filter((x) => x !== undefined).length;
  if (given !== 1) ctx.addIssue({ code: "custom", message: `give exactly one of git_repository and helm_repository (got ${given})` });
});

const selector = z.object({ key: nonEmpty, value: z.string() });

/** A port of the chart's Kubernetes service exposed through the service's ingress: by service name or by selectors. */
export const helmPortRequest = z.object({
  name: z.string().optional(),
  internal_port: int.min(1).max(65535),
  external_port: int.min(1).max(65535).optional(),
  namespace: z.string().optional(),
  protocol: z.enum(["HTTP", "GRPC"]).optional(),
  is_default: z.boolean().optional(),
  service_name: nonEmpty.optional(),
  service_selectors: z.array(selector).min(1).optional(),
}).superRefine((p, ctx) => {
  if ((p.service_name === undefined) === (p.service_selectors === undefined)) {
    ctx.addIssue({ code: "custom", path: ["service_name"], message: "give exactly one of service_name and service_selectors" });
  }
});

/** `HelmRequest`: create or edit a Helm service (the edit is the whole request again). */
export const helmRequest = z.object({
  name: nonEmpty,
  description: z.string().optional(),
  timeout_sec: int.min(0).optional(),
  auto_preview: z.boolean().nullable().optional(),
  auto_deploy: z.boolean(),
  source: helmSourceRequest,
  arguments: z.array(z.string()),
  allow_cluster_wide_resources: z.boolean().optional(),
  values_override: valuesOverrideRequest,
  ports: z.array(helmPortRequest).optional(),
  icon_uri: uri.optional(),
});

/** `HelmDeployRequest`: a chart version (repository source) or a commit (git source), not both. */
export const helmDeployRequest = z.object({
  chart_version: chartVersion.optional(),
  git_commit_id: z.string().optional(),
  values_override_git_commit_id: z.string().optional(),
}).refine((b) => b.chart_version === undefined || b.git_commit_id === undefined, { message: "cannot be set with chart_version", path: ["git_commit_id"] });

const keyValuesResponse = z.array(z.array(z.string()));

/** A Helm service as answered. */
export const helmResponse = z.object({
  id: z.string(), created_at: z.string(), updated_at: z.string(), environment: referenceObject, name: z.string(),
  description: z.string().optional(), timeout_sec: int, auto_preview: z.boolean(), auto_deploy: z.boolean(),
  ports: z.array(z.object({
    id: z.string(), port_type: z.enum(["SERVICE_NAME", "SERVICE_SELECTORS"]), name: z.string().optional(), internal_port: int,
    external_port: int.optional(), namespace: z.string().optional(), protocol: z.enum(["HTTP", "GRPC"]), is_default: z.boolean(),
    service_name: z.string().optional(), service_selectors: z.array(selector).optional(),
  })),
  source: z.object({
    git: z.object({ git_repository: gitRepositoryResponse }).optional(),
    repository: z.object({
      chart_name: z.string(), chart_version: z.string(), repository: z.object({ id: z.string(), name: z.string(), url: z.string() }),
    }).optional(),
  }),
  arguments: z.array(z.string()), allow_cluster_wide_resources: z.boolean(),
  values_override: z.object({
    set: keyValuesResponse, set_string: keyValuesResponse, set_json: keyValuesResponse,
    file: z.object({
      git: z.object({ git_repository: gitRepositoryResponse, paths: z.array(z.string()) }).nullable().optional(),
      raw: z.object({ values: z.array(z.object({ name: z.string(), content: z.string() })) }).nullable().optional(),
    }).nullable(),
  }),
  icon_uri: z.string(), service_type: z.literal("HELM"),
});

/** One deployment of a Helm service: its state, its commit (git source) or its chart and version (repository source). */
export const helmDeploymentResponse = z.object({
  id: z.string(), created_at: z.string(), updated_at: z.string(), name: z.string(), status: z.string(),
  commit: z.object({ git_commit_id: z.string() }).loose().optional(),
  repository: z.object({ chart_name: z.string(), chart_version: z.string() }).nullable().optional(),
});
