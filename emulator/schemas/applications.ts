import { z } from "zod";
import { autoscalingRequest, autoscalingResponse } from "./autoscaling";
import { baseResponse, idReference, nonEmpty, referenceObject, uri, uuidString } from "./common";
import { annotationsGroupResponse, labelsGroupResponse } from "./groups";
import { boundedInt, resourceFields, SERVICE_MAXIMA } from "./resource-limits";

/** Git providers. */
export const GIT_PROVIDERS = ["BITBUCKET", "GITHUB", "GITLAB"] as const;
/** Port protocols. */
export const PORT_PROTOCOLS = ["HTTP", "GRPC", "TCP", "UDP"] as const;
/** CPU architectures a service may run on (null: the cluster's default). */
export const CPU_ARCHITECTURES = ["AMD64", "ARM64"] as const;

const int = z.number().int();
const nonNegInt = int.min(0);

const probeType = z.object({
  tcp: z.object({ port: int.optional(), host: z.string().nullable().optional() }).nullable().optional(),
  http: z.object({ path: z.string().optional(), scheme: z.string().optional(), port: int.optional() }).nullable().optional(),
  exec: z.object({ command: z.array(z.string()).min(1) }).nullable().optional(),
  grpc: z.object({ service: z.string().nullable().optional(), port: int.optional() }).nullable().optional(),
});

/** A readiness or liveness probe. */
export const probe = z.object({
  type: probeType.optional(),
  initial_delay_seconds: nonNegInt.optional(),
  period_seconds: nonNegInt.optional(),
  timeout_seconds: nonNegInt.optional(),
  success_threshold: nonNegInt.optional(),
  failure_threshold: nonNegInt.optional(),
});

/** Health checks (`{}` is valid). */
export const healthchecks = z.object({ readiness_probe: probe.nullable().optional(), liveness_probe: probe.nullable().optional() });

/** A port in a request; `id` names an existing one on edit. */
export const portRequest = z.object({
  id: uuidString.optional(),
  name: z.string().optional(),
  internal_port: int.min(1).max(65535),
  external_port: int.min(1).max(65535).optional(),
  publicly_accessible: z.boolean(),
  is_default: z.boolean().optional(),
  protocol: z.enum(PORT_PROTOCOLS).optional(),
  public_path: z.string().optional(),
  public_path_rewrite: z.string().optional(),
});

/** A storage volume in a request. */
export const storageRequest = z.object({
  id: uuidString.optional(),
  type: z.enum(["FAST_SSD"]).optional(),
  /** GB; the reference: "Minimum size is 4 GB". */
  size: int.min(4, "expected at least 4 (GB, the service's smallest volume)"),
  mount_point: nonEmpty.refine((s) => s.startsWith("/"), "must be an absolute path (starting with '/', e.g. /data)"),
});

/**
 * Why `url` is not a repository address the service clones, or undefined when it is one: an `http://` or `https://`
 * URL with a host and a repository path (the service clones over HTTPS, with the git token). The message never
 * quotes the URL, which may hold a pasted token.
 */
export function gitUrlProblem(url: string): string | undefined {
  const expected = "expected an https:// (or http://) URL of a repository (https://host/owner/repo)";
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return `${expected}, got text holding whitespace or control characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${expected}, got text that is not a URL`;
  }
  const scheme = parsed.protocol.replace(/:$/, "");
  if (scheme !== "https" && scheme !== "http") return `${expected}, got a ${scheme}: address`;
  if (parsed.hostname === "") return `${expected}, got an address with no host`;
  if (parsed.pathname === "" || parsed.pathname === "/") return `${expected}, got an address with no repository path`;
  return undefined;
}

/** The git repository of an application. */
export const gitRepositoryRequest = z.object({
  url: nonEmpty.superRefine((url, ctx) => {
    const problem = gitUrlProblem(url);
    if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
  }),
  provider: z.enum(GIT_PROVIDERS),
  branch: z.string().optional(),
  root_path: z.string().optional(),
  git_token_id: uuidString.nullable().optional(),
});

/** Resources a service may ask for (applications, containers, jobs), up to what its cluster advertises. */
export const resourceRequestFields = {
  ...resourceFields(SERVICE_MAXIMA),
  gpu: boundedInt(0, SERVICE_MAXIMA.gpu, "GPUs", "maximum_gpu").optional(),
  ephemeral_storage_in_gib: nonNegInt.optional(),
  cpu_architecture: z.enum(CPU_ARCHITECTURES).nullable().optional(),
};

/** What every configurable service's request may give besides its own fields (applications, containers, jobs). */
export const configuredRequestFields = {
  description: z.string().nullable().optional(),
  ...resourceRequestFields,
  auto_preview: z.boolean().optional(),
  auto_deploy: z.boolean().nullable().optional(),
  icon_uri: uri.optional(),
  annotations_groups: z.array(idReference).optional(),
  labels_groups: z.array(idReference).optional(),
};

/** What the request of a service that keeps running may give besides its source (applications, containers). */
export const runningRequestFields = {
  ...configuredRequestFields,
  min_running_instances: nonNegInt.optional(),
  max_running_instances: int.min(-1).optional(),
  ports: z.array(portRequest).optional(),
  storage: z.array(storageRequest).optional(),
  arguments: z.array(z.string()).optional(),
  entrypoint: z.string().optional(),
  autoscaling: autoscalingRequest.optional(),
};

const appFields = {
  build_mode: z.enum(["DOCKER"]).optional(),
  dockerfile_path: z.string().nullable().optional(),
  docker_target_build_stage: z.string().nullable().optional(),
  ...runningRequestFields,
};

/** Create an application. */
export const applicationCreateRequest = z.object({
  name: nonEmpty,
  git_repository: gitRepositoryRequest,
  healthchecks,
  ...appFields,
});

/** Edit an application (`healthchecks` required, as the reference says). */
export const applicationEditRequest = z.object({
  name: nonEmpty.optional(),
  git_repository: gitRepositoryRequest.optional(),
  healthchecks,
  ...appFields,
});

/** A port in a response. */
export const portResponse = z.object({
  id: z.string(), name: z.string(), internal_port: int, external_port: int.optional(), publicly_accessible: z.boolean(),
  is_default: z.boolean(), protocol: z.enum(PORT_PROTOCOLS), public_path: z.string().optional(), public_path_rewrite: z.string().optional(),
});

/** A git repository a service builds from, as answered (with the commit its last successful deploy rolled out). */
export const gitRepositoryResponse = z.object({
  provider: z.enum(GIT_PROVIDERS), owner: z.string(), name: z.string(), url: z.string(), branch: z.string(),
  root_path: z.string(), has_access: z.boolean(), git_token_id: z.string().nullable(), git_token_name: z.string().nullable(),
  deployed_commit_id: z.string().optional(), deployed_commit_date: z.string().optional(),
  deployed_commit_contributor: z.string().optional(), deployed_commit_tag: z.string().optional(),
});

/** What every configurable service answers of its base and resources (applications, containers, jobs). */
export const configuredResponseFields = {
  environment: referenceObject,
  name: z.string(),
  description: z.string().optional(),
  icon_uri: z.string(),
  cpu: int, memory: int, gpu: int, maximum_cpu: int, maximum_memory: int,
  ephemeral_storage_in_gib: int.optional(),
  cpu_architecture: z.enum(CPU_ARCHITECTURES).nullable(),
  healthchecks,
  auto_preview: z.boolean(),
  auto_deploy: z.boolean(),
  annotations_groups: z.array(annotationsGroupResponse),
  labels_groups: z.array(labelsGroupResponse),
};

/** What a service that keeps running answers besides its source (applications, containers). */
export const runningResponseFields = {
  ...configuredResponseFields,
  min_running_instances: int, max_running_instances: int,
  ports: z.array(portResponse),
  storage: z.array(z.object({ id: z.string(), type: z.literal("FAST_SSD"), size: int, mount_point: z.string() })),
  arguments: z.array(z.string()),
  entrypoint: z.string().optional(),
  autoscaling: autoscalingResponse.optional(),
};

/** An application. */
export const applicationResponse = baseResponse.extend({
  ...runningResponseFields,
  service_type: z.literal("APPLICATION"),
  git_repository: gitRepositoryResponse,
  build_mode: z.string(),
  dockerfile_path: z.string().nullable(),
  maximun_gpu: int,
});

/** A log line. */
export const logLine = z.object({ id: z.string(), created_at: z.string(), message: z.string(), pod_name: z.string(), version: z.string() });
