import { z } from "zod";
import { configuredRequestFields, configuredResponseFields, gitRepositoryRequest, gitRepositoryResponse, healthchecks } from "./applications";
import { baseResponse, imageTag, nonEmpty, uuidString } from "./common";
import { imageName } from "./containers";
import { registryDetailsResponse } from "./container-registries";
import { cronProblem, timezoneProblem } from "./cron";

const int = z.number().int();
const nonNegInt = int.min(0);

/** Job types on the wire. */
export const JOB_TYPES = ["LIFECYCLE", "CRON"] as const;
/** Lifecycle job types. */
export const LIFECYCLE_TYPES = ["GENERIC", "TERRAFORM", "CLOUDFORMATION"] as const;
/** The environment events a lifecycle job runs on. */
export const LIFECYCLE_EVENTS = ["on_start", "on_stop", "on_delete"] as const;

/** What a job runs on one event: arguments and an optional entrypoint. */
const command = z.object({ arguments: z.array(z.string()).optional(), entrypoint: z.string().optional() });

/** The cron schedule of a cron job. */
const cronjob = command.extend({
  scheduled_at: nonEmpty.superRefine((s, ctx) => {
    const p = cronProblem(s);
    if (p) ctx.addIssue({ code: "custom", message: `not a cron schedule: ${p}` });
  }),
  timezone: nonEmpty.superRefine((s, ctx) => {
    const p = timezoneProblem(s);
    if (p) ctx.addIssue({ code: "custom", message: p });
  }).optional(),
});

/**
 * A job's schedule: `cronjob` alone (a cron job), or at least one of `on_start`, `on_stop`, `on_delete` (a lifecycle
 * job); which one the request gives is checked by the model, naming the field.
 */
export const jobScheduleRequest = z.object({
  on_start: command.optional(), on_stop: command.optional(), on_delete: command.optional(),
  cronjob: cronjob.optional(), lifecycle_type: z.enum(LIFECYCLE_TYPES).optional(),
});

/** An image of a container registry of the organization. */
export const jobImageRequest = z.object({ image_name: imageName, tag: imageTag, registry_id: uuidString });

/** A git repository with a Dockerfile, built before each run. */
export const jobDockerRequest = z.object({
  git_repository: gitRepositoryRequest,
  dockerfile_path: z.string().nullable().optional(),
  dockerfile_raw: z.string().nullable().optional(),
  docker_target_build_stage: z.string().nullable().optional(),
});

/** Where a job's image comes from: exactly one of `image` and `docker` (checked by the model). */
export const jobSourceRequest = z.object({ image: jobImageRequest.nullable().optional(), docker: jobDockerRequest.nullable().optional() });

/** Create or edit a job (the edit is the whole request again, as the reference's `JobRequest`). */
export const jobRequest = z.object({
  name: nonEmpty,
  ...configuredRequestFields,
  max_nb_restart: nonNegInt.optional(),
  max_duration_seconds: nonNegInt.optional(),
  port: int.min(1).max(65535).nullable().optional(),
  source: jobSourceRequest.optional(),
  healthchecks,
  schedule: jobScheduleRequest.optional(),
});

const commandResponse = z.object({ arguments: z.array(z.string()), entrypoint: z.string().optional() });

/** A job (cron or lifecycle, as `job_type` says). */
export const jobResponse = baseResponse.extend({
  ...configuredResponseFields,
  service_type: z.literal("JOB"),
  job_type: z.enum(JOB_TYPES),
  maximum_gpu: int,
  max_nb_restart: int,
  max_duration_seconds: int,
  port: int.nullable(),
  source: z.union([
    z.object({ image: z.object({ image_name: z.string(), tag: z.string(), registry_id: z.string(), registry: registryDetailsResponse }) }),
    z.object({
      docker: z.object({
        git_repository: gitRepositoryResponse,
        dockerfile_path: z.string().nullable(), dockerfile_raw: z.string().nullable(), docker_target_build_stage: z.string().nullable(),
      }),
    }),
  ]),
  schedule: z.object({
    on_start: commandResponse.optional(), on_stop: commandResponse.optional(), on_delete: commandResponse.optional(),
    lifecycle_type: z.enum(LIFECYCLE_TYPES).optional(),
    cronjob: commandResponse.extend({ scheduled_at: z.string(), timezone: z.string() }).optional(),
  }),
});
