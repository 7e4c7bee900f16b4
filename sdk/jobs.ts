/**
 * Jobs: containers that run to completion inside an environment, from an image of a container registry or built
 * from a git repository; a cron job runs on a schedule, a lifecycle job when its environment starts, stops or is
 * deleted. A deployed job's run that succeeds ends in `DEPLOYED`; a failed run in `DEPLOYMENT_ERROR`.
 */
import { z } from "zod";
import { JobAdvancedSettingsRequest } from "./advanced-settings";
import { DOCKER_BUILD_RECORD_FIELDS, GitRepositoryRequest, Healthchecks, SERVICE_RECORD_FIELDS, SERVICE_REQUEST_FIELDS } from "./service-common";
import { CPU_ARCHITECTURES, IMAGE_KIND_RECORD_FIELDS, IMAGE_SOURCE_RECORD_FIELDS, ImageName, ImageTag } from "./containers";
import { ImageAutoDeployRequest, imageServices, kindRecords } from "./deployables";
import { cronProblem } from "./image";
import { path } from "./path";
import { maybe, namedRecord, openEnum, ruledString } from "./schema";
import { serviceSecrets } from "./secrets";
import { ActionResult } from "./status";
import { serviceVariables } from "./variables";

/** The events a lifecycle job runs on, as the schedule spells them. */
export const JOB_LIFECYCLE_EVENTS = ["on_start", "on_stop", "on_delete"] as const;
/** `on_start`, `on_stop` or `on_delete`. */
export type JobLifecycleEvent = (typeof JOB_LIFECYCLE_EVENTS)[number];
/** A job's type, set by its schedule when it is created: `CRON` (a `cronjob`) or `LIFECYCLE` (events). */
export const JOB_TYPES = ["LIFECYCLE", "CRON"] as const;
/** What a lifecycle job manages (`schedule.lifecycle_type`). */
export const JOB_LIFECYCLE_TYPES = ["GENERIC", "TERRAFORM", "CLOUDFORMATION"] as const;
/** The events a deploy may be forced to run (`forceEvent` of a deploy). */
export const JOB_FORCE_EVENTS = ["START", "STOP", "DELETE", "CRON"] as const;
/** An event a deploy may be forced to run. */
export type JobForceEvent = (typeof JOB_FORCE_EVENTS)[number];

/**
 * What the service sets when a job request leaves a field out, in the service's spelling. `auto_preview` has none
 * (it follows the environment's) and neither has `max_duration_seconds`.
 */
export const JOB_DEFAULTS = {
  /** Millicores. */
  cpu: 500,
  /** MB of memory. */
  memory: 512,
  /** GPUs. */
  gpu: 0,
  /** Restarts allowed before a run counts as failed (`0`: none). */
  max_nb_restart: 0,
  /** Port of the probes (`null`: none). */
  port: null,
  /** Health checks (none). */
  healthchecks: {},
  /** The timezone a cron schedule is read in. */
  timezone: "Etc/UTC",
} as const;

/** What a job runs on one lifecycle event: `arguments` and `entrypoint` override the image's. */
export const JobCommandRequest = z.looseObject({
  arguments: z.array(z.string()).optional(),
  entrypoint: z.string().nullable().optional(),
});
/** What a job runs on one lifecycle event. */
export type JobCommandRequest = z.input<typeof JobCommandRequest>;

/** A cron job's schedule: `scheduled_at` is a 5-field cron expression ({@link cronProblem}), read in `timezone`. */
export const JobCronRequest = JobCommandRequest.extend({
  scheduled_at: ruledString(cronProblem),
  timezone: z.string().min(1).optional(),
});
/** A cron job's schedule. */
export type JobCronRequest = z.input<typeof JobCronRequest>;

/**
 * A job's schedule: either `cronjob` (a cron job) or at least one of `on_start`, `on_stop`, `on_delete` (a lifecycle
 * job), never both. Which one decides the job's type when it is created.
 */
export const JobScheduleRequest = z
  .looseObject({
    on_start: JobCommandRequest.nullable().optional(),
    on_stop: JobCommandRequest.nullable().optional(),
    on_delete: JobCommandRequest.nullable().optional(),
    cronjob: JobCronRequest.nullable().optional(),
    lifecycle_type: z.enum(JOB_LIFECYCLE_TYPES).optional(),
  })
  .superRefine((schedule, ctx) => {
    const events = JOB_LIFECYCLE_EVENTS.filter((event) => schedule[event] != null);
    const cron = schedule.cronjob != null;
    if (cron && events.length > 0) {
      ctx.addIssue({
        code: "custom", path: [events[0] ?? "on_start"],
        message: `expected either "cronjob" (a cron job) or lifecycle events (a lifecycle job), not both; remove ${events.join(", ")} or cronjob`,
      });
    } else if (!cron && events.length === 0) {
      ctx.addIssue({ code: "custom", message: `expected "cronjob" (a cron job) or at least one of ${JOB_LIFECYCLE_EVENTS.join(", ")} (a lifecycle job)` });
    }
  });
/** A job's schedule. */
export type JobScheduleRequest = z.input<typeof JobScheduleRequest>;

/** A job's image: `image_name` and `tag` of a registry's image ({@link imageNameProblem}, {@link imageTagProblem}). */
export const JobImageSourceRequest = z.looseObject({
  image_name: ImageName,
  tag: ImageTag,
  registry_id: z.string().min(1),
});
/** A job's image. */
export type JobImageSourceRequest = z.input<typeof JobImageSourceRequest>;

/** A job built from a git repository with a Dockerfile (in the repository at `dockerfile_path`, or `dockerfile_raw`). */
export const JobDockerSourceRequest = z.looseObject({
  git_repository: GitRepositoryRequest,
  dockerfile_path: z.string().nullable().optional(),
  dockerfile_raw: z.string().nullable().optional(),
  docker_target_build_stage: z.string().nullable().optional(),
});
/** A job built from a git repository. */
export type JobDockerSourceRequest = z.input<typeof JobDockerSourceRequest>;

/** What a job runs: exactly one of `image` (from a registry) and `docker` (built from git). */
export const JobSourceRequest = z
  .looseObject({
    image: JobImageSourceRequest.nullable().optional(),
    docker: JobDockerSourceRequest.nullable().optional(),
  })
  .superRefine((source, ctx) => {
    const given = (["image", "docker"] as const).filter((key) => source[key] != null);
    if (given.length !== 1) {
      ctx.addIssue({
        code: "custom", ...(given.length > 1 ? { path: ["docker"] } : {}),
        message: `expected exactly one of "image" (an image of a registry) and "docker" (built from a git repository), got ${given.length === 0 ? "neither" : "both"}`,
      });
    }
  });
/** What a job runs. */
export type JobSourceRequest = z.input<typeof JobSourceRequest>;

const jobFields = {
  ...SERVICE_REQUEST_FIELDS,
  max_nb_restart: z.number().int().min(0).optional(),
  max_duration_seconds: z.number().int().min(0).nullable().optional(),
  port: z.number().int().min(1).max(65_535).nullable().optional(),
  cpu_architecture: z.enum(CPU_ARCHITECTURES).nullable().optional(),
};

/**
 * Body of a job create: `source` and `schedule` decide what runs and when (the schedule also sets the job's type,
 * `CRON` or `LIFECYCLE`, for good). `healthchecks` defaults to `{}`. `name` is unique within the environment.
 */
export const JobCreateRequest = z.looseObject({
  name: z.string().min(1),
  source: JobSourceRequest,
  schedule: JobScheduleRequest,
  healthchecks: Healthchecks.default({}),
  ...jobFields,
});
/** Body of a job create. */
export type JobCreateRequest = z.input<typeof JobCreateRequest>;

/**
 * Body of a job edit (the service's PUT takes the create's body). `healthchecks` is required (send the current ones
 * to keep them). A schedule cannot change the job's type: a cron job keeps a `cronjob`, a lifecycle job events.
 */
export const JobEditRequest = z.looseObject({
  name: z.string().min(1),
  source: JobSourceRequest.optional(),
  schedule: JobScheduleRequest.optional(),
  healthchecks: Healthchecks,
  ...jobFields,
});
/** Body of a job edit. */
export type JobEditRequest = z.input<typeof JobEditRequest>;

/** What a job runs on one event, as returned. */
export const JobCommand = z.looseObject({
  arguments: maybe(z.array(z.string())),
  entrypoint: maybe(z.string()),
});
/** What a job runs on one event, as returned. */
export type JobCommand = z.infer<typeof JobCommand>;

/** A job's schedule as returned: `cronjob` for a cron job, events for a lifecycle job. */
export const JobSchedule = z.looseObject({
  on_start: maybe(JobCommand),
  on_stop: maybe(JobCommand),
  on_delete: maybe(JobCommand),
  cronjob: maybe(JobCommand.extend({ scheduled_at: maybe(z.string()), timezone: maybe(z.string()) })),
  lifecycle_type: maybe(openEnum(JOB_LIFECYCLE_TYPES)),
});
/** A job's schedule as returned. */
export type JobSchedule = z.infer<typeof JobSchedule>;

/** A job's source as returned: `image` (with its registry) or `docker` (with its repository). */
export const JobSource = z.looseObject({
  image: maybe(z.looseObject(IMAGE_SOURCE_RECORD_FIELDS)),
  docker: maybe(z.looseObject({ ...DOCKER_BUILD_RECORD_FIELDS, dockerfile_raw: maybe(z.string()) })),
});
/** A job's source as returned. */
export type JobSource = z.infer<typeof JobSource>;

/** A job record, cron or lifecycle (`job_type`). */
export const Job = namedRecord({
  ...SERVICE_RECORD_FIELDS,
  job_type: maybe(openEnum(JOB_TYPES)),
  source: maybe(JobSource),
  schedule: maybe(JobSchedule),
  max_nb_restart: maybe(z.number()),
  max_duration_seconds: maybe(z.number()),
  port: maybe(z.number()),
  ...IMAGE_KIND_RECORD_FIELDS,
});
/** A job record. */
export type Job = z.infer<typeof Job>;

/** Body of a job deploy: an `image_tag` (a job from an image) or a `git_commit_id` (a job built from git), not both. */
export const JobDeployRequest = z
  .looseObject({
    image_tag: ImageTag.optional(),
    git_commit_id: z.string().min(1).optional(),
  })
  .superRefine((request, ctx) => {
    if (request.image_tag !== undefined && request.git_commit_id !== undefined) {
      ctx.addIssue({ code: "custom", path: ["git_commit_id"], message: `expected "image_tag" or "git_commit_id", not both` });
    }
  });
/** Body of a job deploy. */
export type JobDeployRequest = z.input<typeof JobDeployRequest>;

/** Options of {@link JobsApi.deploy}. */
export interface JobDeployOptions {
  /** Run only this event (`START`, `STOP`, `DELETE`, `CRON`); a job without it is not deployed. */
  forceEvent?: JobForceEvent;
}

/** Body of a job auto-deploy. */
export const JobAutoDeployRequest = ImageAutoDeployRequest;
/** Body of a job auto-deploy. */
export type JobAutoDeployRequest = z.input<typeof JobAutoDeployRequest>;

/** Endpoints of a job's environment variables (`/job/{id}/environmentVariable`). */
export class JobVariablesApi extends serviceVariables("job", "JOB") {}
/** Endpoints of a job's secrets (`/job/{id}/secret`; keys only in answers). */
export class JobSecretsApi extends serviceSecrets("job", "JOB") {}

/**
 * Endpoints of jobs (records, actions, advanced settings, variables, secrets, auto-deploy). An update needs
 * `healthchecks` and cannot change the job's type by its schedule.
 */
export class JobsApi extends imageServices({
  ...kindRecords("job"), record: Job, variables: JobVariablesApi, secrets: JobSecretsApi,
  createRequest: JobCreateRequest, editRequest: JobEditRequest, advancedSettings: JobAdvancedSettingsRequest,
}) {
  /**
   * Starts a deployment: of `image_tag` or `git_commit_id` when given, else of the job's current source. A cron job
   * is deployed once its schedule is installed; a lifecycle job once its run for the event succeeded. Follow it with
   * `waitForJob`.
   */
  override deploy(jobId: string, request?: JobDeployRequest, options: JobDeployOptions = {}): Promise<ActionResult> {
    const body = request && (request.image_tag !== undefined || request.git_commit_id !== undefined) ? request : undefined;
    const at = path`/job/${jobId}/deploy`;
    if (options.forceEvent !== undefined && !(JOB_FORCE_EVENTS as readonly string[]).includes(options.forceEvent)) {
      throw new RangeError(`deploy: option "forceEvent": expected one of ${JOB_FORCE_EVENTS.join(", ")}`);
    }
    const query = options.forceEvent !== undefined ? { query: { forceEvent: options.forceEvent } } : {};
    return this.core.call({ method: "POST", path: at, response: ActionResult, ...query, ...(body ? { body, requestSchema: JobDeployRequest } : {}) });
  }
}
