import type { z } from "zod";
import { badRequest } from "../errors";
import type { applicationCreateRequest, applicationEditRequest } from "../schemas/applications";
import { defaultAdvancedSettings, type AdvancedSettings } from "./advanced-settings";
import { applicationLogLines } from "./application-logs";
import { buildPorts, buildStorage, checkInstances, type PortRec, type StorageRec } from "./application-parts";
import { buildAutoscaling, type AutoscalingRec } from "./autoscaling";
import { commitFor } from "./git-commits";
import { groupIds } from "./groups";
import { assignGiven, baseFields, type ModelContext } from "./records";
import { newRuntime } from "./runtime";
import type { ServiceKind } from "./service-kinds";
import { addService, assertServiceNameFree, serviceEdited, type ServiceRecBase } from "./services";

/** An application built from a git repository. */
export interface ApplicationRec extends ServiceRecBase {
  git_repository: {
    url: string;
    provider: string;
    branch: string;
    root_path: string;
    git_token_id: string | null;
  };
  build_mode: string;
  dockerfile_path: string | null;
  docker_target_build_stage: string | null;
  cpu: number;
  memory: number;
  gpu: number;
  /** Absent: the platform's default. */
  ephemeral_storage_in_gib?: number;
  /** Null or absent: the cluster's default architecture. */
  cpu_architecture?: string | null;
  min_running_instances: number;
  max_running_instances: number;
  healthchecks: Record<string, unknown>;
  auto_preview: boolean;
  auto_deploy: boolean;
  ports: PortRec[];
  storage: StorageRec[];
  arguments: string[];
  entrypoint?: string;
  advanced_settings: AdvancedSettings;
  autoscaling?: AutoscalingRec;
}

/** The application service kind: builds an image from a git commit (the named one, else its branch's head), keeps a log. */
export const applicationKind: ServiceKind<"applications", ApplicationRec> = {
  name: "application", type: "APPLICATION", collection: "applications", buildSteps: ["BUILDING"], deploysFrom: "git-commit",
  monthlyCostCents: 1500, secretFields: [], logLines: applicationLogLines,
  commitOf: (app, requested, atMs) => commitFor(app.git_repository, requested, atMs),
};

type CreateInput = z.output<typeof applicationCreateRequest>;
type EditInput = z.output<typeof applicationEditRequest>;

/** Fields copied as given. */
const PLAIN_FIELDS = [
  "name", "build_mode", "dockerfile_path", "docker_target_build_stage", "cpu", "memory", "gpu", "ephemeral_storage_in_gib",
  "cpu_architecture", "min_running_instances", "max_running_instances", "auto_preview", "arguments", "entrypoint", "icon_uri",
] as const;

function checkGitToken(m: ModelContext, id: string | null | undefined): void {
  if (id && !m.world.store.state.gitTokens.has(id)) throw badRequest("git_repository.git_token_id", `unknown git token ${id}`);
}

/** Applies an edit; everything that can fail is checked before the first change, so a refused edit changes nothing. */
function applyFields(m: ModelContext, a: ApplicationRec, b: Omit<EditInput, "git_repository">): void {
  checkInstances(a, b);
  const ports = b.ports === undefined ? undefined : buildPorts(b.ports, a.ports);
  const storage = b.storage === undefined ? undefined : buildStorage(b.storage, a.storage);
  const annotations = groupIds(m, "annotations_groups", b.annotations_groups);
  const labels = groupIds(m, "labels_groups", b.labels_groups);
  assignGiven(a, b, PLAIN_FIELDS);
  if (b.description === null) delete a.description;
  else if (b.description !== undefined) a.description = b.description;
  a.healthchecks = b.healthchecks;
  if (b.auto_deploy !== undefined) a.auto_deploy = b.auto_deploy ?? false;
  if (ports !== undefined) a.ports = ports;
  if (storage !== undefined) a.storage = storage;
  if (annotations !== undefined) a.annotations_groups = annotations;
  if (labels !== undefined) a.labels_groups = labels;
  if (b.autoscaling !== undefined) a.autoscaling = buildAutoscaling(m, a.id, b.autoscaling, a.autoscaling);
}

/** Creates an application of an environment, with the service's defaults for what the request leaves out. */
export function createApplication(m: ModelContext, envId: string, b: CreateInput): ApplicationRec {
  assertServiceNameFree(m.world.store, envId, b.name);
  checkGitToken(m, b.git_repository.git_token_id);
  const g = b.git_repository;
  const a: ApplicationRec = {
    ...baseFields(m.now), environment_id: envId, name: b.name,
    git_repository: { url: g.url, provider: g.provider, branch: g.branch ?? "main", root_path: g.root_path ?? "/", git_token_id: g.git_token_id ?? null },
    build_mode: "DOCKER", dockerfile_path: null, docker_target_build_stage: null, cpu: 500, memory: 512, gpu: 0,
    min_running_instances: 1, max_running_instances: 1, healthchecks: {}, auto_preview: true, auto_deploy: false,
    ports: [], storage: [], arguments: [], icon_uri: "app://emulator/application", annotations_groups: [], labels_groups: [],
    advanced_settings: defaultAdvancedSettings(), runtime: newRuntime(),
  };
  applyFields(m, a, b);
  addService(m, applicationKind, a);
  return a;
}

/** Edits an application; the git repository's unset fields keep their stored values. */
export function editApplication(m: ModelContext, a: ApplicationRec, b: EditInput): void {
  if (b.name !== undefined) assertServiceNameFree(m.world.store, a.environment_id, b.name, a.id);
  checkGitToken(m, b.git_repository?.git_token_id);
  applyFields(m, a, b);
  const g = b.git_repository;
  if (g !== undefined) {
    const was = a.git_repository;
    a.git_repository = {
      url: g.url, provider: g.provider, branch: g.branch ?? was.branch, root_path: g.root_path ?? was.root_path,
      git_token_id: g.git_token_id === undefined ? was.git_token_id : g.git_token_id,
    };
  }
  serviceEdited(m, a);
}
