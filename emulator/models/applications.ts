import { z } from "zod";
import { badRequest } from "../server/errors";
import type { applicationCreateRequest, applicationEditRequest } from "../schemas/applications";
import { defaultAdvancedSettings } from "./advanced-settings";
import { applicationLogLines } from "./application-logs";
import { applyRunningFields, type RunningServiceRec } from "./application-parts";
import { commitFor } from "./git-commits";
import { assignGiven, baseFields, type ModelContext } from "./records";
import { newRuntime } from "./runtime";
import type { ServiceKind } from "./service-kinds";
import { addService, assertServiceNameFree, serviceEdited } from "./services";
import { gitRepository, running, str, strOrNull } from "./record-forms";
import { read, slice } from "./slice";
import type { gitTokenSlice } from "./git-tokens";

/** An application built from a git repository. */
export interface ApplicationRec extends RunningServiceRec {
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
}

/** The applications of the state (see `slice.ts`). */
export const applicationSlice = slice<ApplicationRec>().keyed("applications", z.looseObject({
  ...running, git_repository: gitRepository, build_mode: str, dockerfile_path: strOrNull, docker_target_build_stage: strOrNull,
}));

/** The application service kind: builds an image from a git commit (the named one, else its branch's head), keeps a log. */
export const applicationKind: ServiceKind<"applications", ApplicationRec> = {
  name: "application", type: "APPLICATION", collection: applicationSlice.key, slice: applicationSlice, buildSteps: () => ["BUILDING"], deploysFrom: "git-commit",
  restarts: true, monthlyCostCents: 1500, secretFields: [], logLines: applicationLogLines,
  commitOf: (app, requested, atMs) => commitFor(app.git_repository, requested, atMs),
};

type CreateInput = z.output<typeof applicationCreateRequest>;
type EditInput = z.output<typeof applicationEditRequest>;

/** Fields copied as given. */
const PLAIN_FIELDS = [
  "name", "build_mode", "dockerfile_path", "docker_target_build_stage", "cpu", "memory", "gpu", "ephemeral_storage_in_gib",
  "cpu_architecture", "min_running_instances", "max_running_instances", "auto_preview", "arguments", "entrypoint", "icon_uri",
] as const;

/** 400 when a request names a git token the organization does not have. */
export function checkGitToken(m: ModelContext, id: string | null | undefined): void {
  if (id && !read<typeof gitTokenSlice>(m.world.store, "gitTokens").has(id)) throw badRequest("git_repository.git_token_id", `unknown git token ${id}`);
}

/** Applies a create or an edit; everything that can fail is checked before the first change. */
function applyFields(m: ModelContext, a: ApplicationRec, b: Omit<EditInput, "git_repository">): void {
  applyRunningFields(m, a, b, () => assignGiven(a, b, PLAIN_FIELDS));
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
    advanced_settings: defaultAdvancedSettings("application"), runtime: newRuntime(),
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
