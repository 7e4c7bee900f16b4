import { APPLICATION_DEFAULTS, type ApplicationCreateRequest, type DeployServiceClient } from "../../../sdk";
import type { ApplicationInputs } from "./schema";
import { camelCase, renameKeysDeep, snakeCase } from "../../framework/case";
import { plain } from "../../framework/common";

/** An application record as the client returns it. */
export type ApplicationRecord = Awaited<ReturnType<DeployServiceClient["applications"]["get"]>>;

/** What the service already has, so an edit can name existing ports and volumes by id. */
export interface ExistingParts {
  portIds: Map<number, string>;
  storageIds: Map<string, string>;
}

/** Port ids by internal port and volume ids by mount point, from an application record. */
export function existingParts(record: ApplicationRecord | undefined): ExistingParts {
  const portIds = new Map<number, string>();
  const storageIds = new Map<string, string>();
  for (const p of record?.ports ?? []) if (p.id) portIds.set(p.internal_port, p.id);
  for (const s of record?.storage ?? []) if (s.id) storageIds.set(s.mount_point, s.id);
  return { portIds, storageIds };
}

/**
 * The create/edit body of an application (the service's spellings). `healthchecks` is always sent (`{}` is
 * valid); with `existing`, ports and volumes carry the ids of the ones the service has (matched by internal
 * port and mount point), and a cleared optional text is sent as `null` so the service forgets it.
 */
export function toWire(inputs: ApplicationInputs, existing?: ExistingParts): ApplicationCreateRequest {
  const repo = inputs.gitRepository;
  const clear = existing !== undefined ? null : undefined;
  return plain({
    name: inputs.name,
    git_repository: {
      url: repo.url,
      provider: repo.provider,
      branch: repo.branch,
      root_path: repo.rootPath,
      git_token_id: repo.gitTokenId ?? clear,
    },
    build_mode: inputs.buildMode,
    dockerfile_path: inputs.dockerfilePath ?? clear,
    docker_target_build_stage: inputs.dockerTargetBuildStage ?? clear,
    cpu: inputs.cpu,
    memory: inputs.memory,
    gpu: inputs.gpu,
    min_running_instances: inputs.minRunningInstances,
    max_running_instances: inputs.maxRunningInstances,
    ports: inputs.ports.map((p) => ({
      id: existing?.portIds.get(p.internalPort),
      internal_port: p.internalPort,
      external_port: p.externalPort,
      publicly_accessible: p.publiclyAccessible,
      protocol: p.protocol,
      name: p.name,
      is_default: p.isDefault,
      public_path: p.publicPath,
      public_path_rewrite: p.publicPathRewrite,
    })),
    healthchecks: renameKeysDeep(inputs.healthchecks, snakeCase) as ApplicationCreateRequest["healthchecks"],
    storage: inputs.storage.map((s) => ({
      id: existing?.storageIds.get(s.mountPoint),
      type: "FAST_SSD" as const,
      size: s.size,
      mount_point: s.mountPoint,
    })),
    arguments: inputs.arguments,
    entrypoint: inputs.entrypoint ?? (existing !== undefined ? "" : undefined),
    auto_preview: inputs.autoPreview,
    auto_deploy: inputs.autoDeploy,
    annotations_groups: inputs.annotationsGroupIds.map((id) => ({ id })),
    labels_groups: inputs.labelsGroupIds.map((id) => ({ id })),
  }) as ApplicationCreateRequest;
}

/** Inputs read back from the service (no variables, secrets, stage or deploy settings: the caller adds those). */
export type ApplicationBodyInputs = Omit<
  ApplicationInputs,
  "environmentVariables" | "secrets" | "deploymentStageId" | "deploy" | "deployTimeoutSeconds"
>;

/** The application's own inputs as the service holds them (camel case, `null`s dropped). */
export function fromWire(record: ApplicationRecord, previous: Record<string, unknown>): ApplicationBodyInputs {
  const repo = record.git_repository;
  const prevRepo = (previous["gitRepository"] ?? {}) as Record<string, unknown>;
  const text = (v: string | null | undefined) => (v === null || v === undefined || v === "" ? undefined : v);
  return plain({
    environmentId: record.environment?.id ?? String(previous["environmentId"] ?? ""),
    name: record.name,
    gitRepository: {
      url: repo?.url ?? String(prevRepo["url"] ?? ""),
      branch: text(repo?.branch),
      rootPath: repo?.root_path ?? "/",
      gitTokenId: text(repo?.git_token_id),
      provider: (repo?.provider ?? prevRepo["provider"]) as ApplicationInputs["gitRepository"]["provider"],
    },
    buildMode: (record.build_mode ?? "DOCKER") as "DOCKER",
    dockerfilePath: text(record.dockerfile_path),
    dockerTargetBuildStage: text(record.docker_target_build_stage),
    cpu: record.cpu ?? APPLICATION_DEFAULTS.cpu,
    memory: record.memory ?? APPLICATION_DEFAULTS.memory,
    gpu: record.gpu ?? APPLICATION_DEFAULTS.gpu,
    minRunningInstances: record.min_running_instances ?? APPLICATION_DEFAULTS.min_running_instances,
    maxRunningInstances: record.max_running_instances ?? APPLICATION_DEFAULTS.max_running_instances,
    ports: (record.ports ?? []).map((p) => ({
      internalPort: p.internal_port,
      externalPort: p.external_port ?? undefined,
      publiclyAccessible: p.publicly_accessible ?? false,
      protocol: (p.protocol ?? "HTTP") as "HTTP",
      name: text(p.name),
      isDefault: p.is_default ?? undefined,
      publicPath: text(p.public_path),
      publicPathRewrite: text(p.public_path_rewrite),
    })),
    healthchecks: renameKeysDeep(record.healthchecks ?? {}, camelCase, true) as ApplicationInputs["healthchecks"],
    storage: (record.storage ?? []).map((s) => ({ size: s.size, mountPoint: s.mount_point })),
    arguments: record.arguments ?? [],
    entrypoint: text(record.entrypoint),
    autoPreview: record.auto_preview ?? APPLICATION_DEFAULTS.auto_preview,
    autoDeploy: record.auto_deploy ?? false,
    annotationsGroupIds: (record.annotations_groups ?? []).map((g) => g.id),
    labelsGroupIds: (record.labels_groups ?? []).map((g) => g.id),
  });
}

/**
 * The desired inputs with the parts the service chooses when the program leaves them out taken from the stored
 * state: the git branch, and each port's name, external port and default flag (matched by internal port).
 */
export function withServiceChoices(news: Record<string, unknown>, olds: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...news };
  const repo = news["gitRepository"];
  const oldRepo = olds["gitRepository"];
  if (isRecord(repo) && isRecord(oldRepo) && repo["branch"] === undefined && oldRepo["url"] === repo["url"]) {
    out["gitRepository"] = { ...repo, branch: oldRepo["branch"] };
  }
  const ports = news["ports"];
  const oldPorts = Array.isArray(olds["ports"]) ? (olds["ports"] as unknown[]).filter(isRecord) : [];
  if (Array.isArray(ports)) {
    out["ports"] = ports.map((p) => {
      if (!isRecord(p)) return p;
      const old = oldPorts.find((o) => o["internalPort"] === p["internalPort"]);
      if (old === undefined) return p;
      const filled: Record<string, unknown> = { ...p };
      for (const k of ["name", "externalPort", "isDefault"]) if (filled[k] === undefined) filled[k] = old[k];
      return filled;
    });
  }
  if (news["deploymentStageId"] === undefined) out["deploymentStageId"] = olds["deploymentStageId"];
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
