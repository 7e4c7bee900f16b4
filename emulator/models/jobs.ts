/**
 * Jobs: services that run to their end, from an image of a container registry (`source.image`) or built from a git
 * repository with a Dockerfile (`source.docker`), exactly one of them. A cron job (`schedule.cronjob`) runs on its
 * schedule in its time zone (`Etc/UTC` unless told); a lifecycle job on at least one of its environment's events
 * (`on_start`, `on_stop`, `on_delete`), never both kinds of schedule. A deploy runs the job: QUEUED, BUILDING (built
 * from git only), DEPLOYING, then DEPLOYED when the run succeeded or DEPLOYMENT_ERROR when it failed.
 */
import { z } from "zod";
import { badRequest } from "../server/errors";
import type { jobDockerRequest, jobRequest, jobScheduleRequest, jobSourceRequest } from "../schemas/jobs";
import { LIFECYCLE_EVENTS } from "../schemas/jobs";
import { defaultAdvancedSettings, type AdvancedSettings } from "./advanced-settings";
import { configuredFields, type ConfiguredServiceRec } from "./application-parts";
import { checkGitToken, type ApplicationRec } from "./applications";
import { registryFor } from "./container-registries";
import { commitFor } from "./git-commits";
import { assignGiven, baseFields, type ModelContext } from "./records";
import { newRuntime } from "./runtime";
import type { DeployBody, ServiceKind } from "./service-kinds";
import { imageLogLines } from "./service-logs";
import { addNewService, assertServiceNameFree, editWholeService, serviceEdited } from "./services";
import { gitRepository, int, jobCommand, num, obj, service, str } from "./record-forms";
import { slice } from "./slice";

/** What a job runs on one event. */
export interface JobCommandRec {
  arguments: string[];
  entrypoint?: string;
}

/** A job's schedule: `cronjob` alone, or lifecycle events (with the lifecycle job's type). */
export interface JobScheduleRec {
  cronjob?: JobCommandRec & { scheduled_at: string; timezone: string };
  on_start?: JobCommandRec;
  on_stop?: JobCommandRec;
  on_delete?: JobCommandRec;
  lifecycle_type?: string;
}

/** Where a job's image comes from: exactly one of the two. */
export interface JobSourceRec {
  image?: { image_name: string; tag: string; registry_id: string };
  docker?: {
    git_repository: ApplicationRec["git_repository"];
    dockerfile_path: string | null;
    dockerfile_raw: string | null;
    docker_target_build_stage: string | null;
  };
}

/** A job of an environment. */
export interface JobRec extends ConfiguredServiceRec {
  cpu: number;
  memory: number;
  gpu: number;
  /** Absent: the platform's default. */
  ephemeral_storage_in_gib?: number;
  /** Null or absent: the cluster's default architecture. */
  cpu_architecture?: string | null;
  max_nb_restart: number;
  max_duration_seconds: number;
  auto_preview: boolean;
  port: number | null;
  source: JobSourceRec;
  schedule: JobScheduleRec;
  advanced_settings: AdvancedSettings;
}

/** The jobs of the state (see `slice.ts`). */
export const jobSlice = slice<JobRec>().keyed("jobs", z.looseObject({
  ...service, healthchecks: obj, auto_deploy: z.boolean(), cpu: num, memory: num, gpu: num.optional(), max_nb_restart: int,
  max_duration_seconds: int, auto_preview: z.boolean(), port: int.nullable(), advanced_settings: obj,
  source: z.looseObject({
    image: z.looseObject({ image_name: str, tag: str, registry_id: str }).optional(),
    docker: z.looseObject({ git_repository: gitRepository }).optional(),
  }),
  schedule: z.looseObject({
    cronjob: jobCommand.extend({ scheduled_at: str, timezone: str }).optional(), on_start: jobCommand.optional(),
    on_stop: jobCommand.optional(), on_delete: jobCommand.optional(), lifecycle_type: str.optional(),
  }),
}));

/** `CRON` or `LIFECYCLE`. */
export function jobType(j: { schedule: JobScheduleRec }): "CRON" | "LIFECYCLE" {
  return j.schedule.cronjob ? "CRON" : "LIFECYCLE";
}

/** The event a run of the job answers to, and its command: the cron schedule, else its first lifecycle event. */
function runOf(j: JobRec): { event: string; command: JobCommandRec | undefined; scheduleAt: string | null } {
  const cron = j.schedule.cronjob;
  if (cron) return { event: "CRON", command: cron, scheduleAt: cron.scheduled_at };
  const event = LIFECYCLE_EVENTS.find((e) => j.schedule[e] !== undefined) ?? "on_start";
  return { event: event.toUpperCase(), command: j.schedule[event], scheduleAt: null };
}

/** The job service kind: built first when its source is a git repository; runs to its end, so it has no restart. */
export const jobKind: ServiceKind<"jobs", JobRec> = {
  name: "job", type: "JOB", collection: jobSlice.key, slice: jobSlice, buildSteps: (j) => (j.source.docker ? ["BUILDING"] : []),
  deploysFrom: "image-tag-or-git-commit", restarts: false, monthlyCostCents: 500, secretFields: [],
  deployProblem: jobDeployProblem,
  applyDeploy: (m, j, body) => {
    if (body.image_tag) setJobTag(m, j, body.image_tag);
  },
  commitOf: (j, requested, atMs) => (j.source.docker ? commitFor(j.source.docker.git_repository, requested, atMs) : undefined),
  releaseOf: (j) => {
    const { event, command, scheduleAt } = runOf(j);
    const image = j.source.image;
    return {
      ...(image ? { image_name: image.image_name, tag: image.tag } : {}),
      schedule: { event, schedule_at: scheduleAt }, arguments: [...(command?.arguments ?? [])],
      ...(command?.entrypoint === undefined ? {} : { entrypoint: command.entrypoint }),
    };
  },
  logLines: (j, d) => {
    const image = j.source.image;
    const docker = j.source.docker;
    const shown = image ? `${image.image_name}:${image.tag}` : `the image built from ${docker?.git_repository.url ?? "git"}`;
    const built = docker ? `Building image from ${docker.dockerfile_path ?? "Dockerfile"} of ${docker.git_repository.url} (branch ${docker.git_repository.branch})` : undefined;
    const { event } = runOf(j);
    return imageLogLines(
      `Job ${j.name}`, shown, d, `Job ${j.name} ran to its end (exit code 0) on ${event}`,
      "Job failed: its run exited with code 1", built,
    );
  },
};

type Input = z.output<typeof jobRequest>;

/** Fields copied as given. */
const PLAIN_FIELDS = [
  "name", "cpu", "memory", "gpu", "ephemeral_storage_in_gib", "cpu_architecture", "max_nb_restart", "max_duration_seconds",
  "auto_preview", "icon_uri",
] as const;

function commandOf(c: { arguments?: string[] | undefined; entrypoint?: string | undefined }): JobCommandRec {
  return { arguments: c.arguments ?? [], ...(c.entrypoint === undefined ? {} : { entrypoint: c.entrypoint }) };
}

/** The schedule a request sets: a cron schedule alone, or at least one lifecycle event; 400 naming the field otherwise. */
function scheduleOf(s: z.output<typeof jobScheduleRequest>): JobScheduleRec {
  const events = LIFECYCLE_EVENTS.filter((e) => s[e] !== undefined);
  if (s.cronjob) {
    if (events.length > 0) {
      throw badRequest(`schedule.${events[0] as string}`, "a cron job (schedule.cronjob) cannot also run on lifecycle events; give one or the other");
    }
    if (s.lifecycle_type !== undefined) throw badRequest("schedule.lifecycle_type", "is for lifecycle jobs, not cron jobs");
    const c = s.cronjob;
    return { cronjob: { ...commandOf(c), scheduled_at: c.scheduled_at.trim(), timezone: c.timezone ?? "Etc/UTC" } };
  }
  if (events.length === 0) throw badRequest("schedule", "give either cronjob (a cron job) or at least one of on_start, on_stop, on_delete (a lifecycle job)");
  const out: JobScheduleRec = { lifecycle_type: s.lifecycle_type ?? "GENERIC" };
  for (const e of events) out[e] = commandOf(s[e] as NonNullable<(typeof s)[typeof e]>);
  return out;
}

function dockerOf(m: ModelContext, d: z.output<typeof jobDockerRequest>, was: JobSourceRec["docker"]): NonNullable<JobSourceRec["docker"]> {
  checkGitToken(m, d.git_repository.git_token_id);
  const g = d.git_repository;
  const same = was?.git_repository.url === g.url ? was.git_repository : undefined;
  return {
    git_repository: {
      url: g.url, provider: g.provider, branch: g.branch ?? same?.branch ?? "main", root_path: g.root_path ?? same?.root_path ?? "/",
      git_token_id: g.git_token_id === undefined ? (same?.git_token_id ?? null) : g.git_token_id,
    },
    dockerfile_path: d.dockerfile_path ?? null, dockerfile_raw: d.dockerfile_raw ?? null, docker_target_build_stage: d.docker_target_build_stage ?? null,
  };
}

/** The source a request sets: exactly one of `image` (whose registry must exist) and `docker`; 400 naming the field otherwise. */
function sourceOf(m: ModelContext, s: z.output<typeof jobSourceRequest>, was: JobSourceRec | undefined): JobSourceRec {
  const image = s.image ?? undefined;
  const docker = s.docker ?? undefined;
  if (image && docker) throw badRequest("source.docker", "a job runs either an image (source.image) or a build of a git repository (source.docker), not both");
  if (image) {
    registryFor(m, "source.image.registry_id", image.registry_id);
    return { image: { image_name: image.image_name, tag: image.tag, registry_id: image.registry_id } };
  }
  if (docker) return { docker: dockerOf(m, docker, was?.docker) };
  throw badRequest("source", "give either image (image_name, tag, registry_id) or docker (git_repository and Dockerfile)");
}

/** Applies a create or an edit; everything that can fail is checked before the first change. */
function applyFields(m: ModelContext, j: JobRec, b: Input): void {
  const source = b.source === undefined ? undefined : sourceOf(m, b.source, j.source);
  const schedule = b.schedule === undefined ? undefined : scheduleOf(b.schedule);
  const setConfigured = configuredFields(m, b);
  assignGiven(j, b, PLAIN_FIELDS);
  setConfigured(j);
  if (b.port !== undefined) j.port = b.port;
  if (source !== undefined) j.source = source;
  if (schedule !== undefined) j.schedule = schedule;
}

/** Creates a job of an environment (its source and schedule required), with the service's defaults for the rest. */
export function createJob(m: ModelContext, envId: string, b: Input): JobRec {
  if (b.source === undefined) throw badRequest("source", "is required: give either image or docker");
  if (b.schedule === undefined) throw badRequest("schedule", "is required: give either cronjob or at least one of on_start, on_stop, on_delete");
  assertServiceNameFree(m.world.store, envId, b.name);
  return addNewService(m, jobKind, {
    ...baseFields(m.now), environment_id: envId, name: b.name, cpu: 500, memory: 512, gpu: 0, max_nb_restart: 0,
    max_duration_seconds: 300, auto_preview: true, auto_deploy: false, port: null, healthchecks: {}, source: {}, schedule: {},
    icon_uri: "app://emulator/job", annotations_groups: [], labels_groups: [], advanced_settings: defaultAdvancedSettings("job"),
    runtime: newRuntime(),
  }, (j) => applyFields(m, j, b));
}

/** Edits a job with the whole request again; a source or schedule given replaces the stored one, optional fields left out keep theirs. */
export function editJob(m: ModelContext, j: JobRec, b: Input): void {
  editWholeService(m, j, b.name, (rec) => applyFields(m, rec, b));
}

/** Gives a job run from an image a new tag (a deploy naming one, or the organization's auto-deploy); an edit. */
export function setJobTag(m: ModelContext, j: JobRec, tag: string): void {
  const image = j.source.image;
  if (!image || image.tag === tag) return;
  image.tag = tag;
  serviceEdited(m, j);
}

/**
 * What is wrong with a deploy's body for a job: a new `image_tag` fits a job run from an image (which keeps it), the
 * `git_commit_id` to build one built from git; the other one is a 400 naming its field.
 */
function jobDeployProblem(j: JobRec, body: DeployBody): [string, string] | undefined {
  if (body.image_tag && !j.source.image) return ["image_tag", "this job is built from a git repository (source.docker): name git_commit_id instead"];
  if (body.git_commit_id && !j.source.docker) return ["git_commit_id", "this job runs an image (source.image): name image_tag instead"];
  return undefined;
}
