import * as pulumi from "@pulumi/pulumi";
import type { RestrictedServiceArgs } from "../../service-kinds/restrictions";
import { serviceObjectClass, type ServiceComputed } from "../../framework/resource";
import type { HealthchecksArgs, ServiceArgs } from "../../service-kinds/shape";
import type { GitRepositoryArgs } from "../application/index";
import type { JOB_ADVANCED_SETTINGS } from "../../../sdk";
import type { InlineAdvancedSettingsArgs } from "../../service-kinds/advanced-settings";
import { job } from "./provider";
import { jobSchema } from "./schema";

export { jobProvider } from "./provider";
export { jobSchema };

/** An image of a container registry of the organization. */
export interface JobImageSourceArgs {
  /** Id of the {@link ContainerRegistry} holding the image. Wire: `source.image.registry_id`. */
  registryId: pulumi.Input<string>;
  /**
   * Image name inside the registry, without the registry host and without the tag: lowercase path components
   * separated by `/` (`postgres`, `acme/migrate`). Wire: `source.image.image_name`.
   */
  imageName: pulumi.Input<string>;
  /** Image tag: letters, digits, `_`, `.` and `-`, at most 128 characters, not starting with `.` or `-`. Wire: `source.image.tag`. */
  tag: pulumi.Input<string>;
}

/** A Dockerfile in a git repository, which the service builds. */
export interface JobDockerSourceArgs {
  /** Repository holding the Dockerfile. Wire: `source.docker.git_repository`. */
  gitRepository: pulumi.Input<GitRepositoryArgs>;
  /** Dockerfile path inside `gitRepository.rootPath`. Default: the service's (`Dockerfile`). Wire: `source.docker.dockerfile_path`. */
  dockerfilePath?: pulumi.Input<string>;
  /** The Dockerfile's content, when it is not stored in the repository. Default: none. Wire: `source.docker.dockerfile_raw`. */
  dockerfileRaw?: pulumi.Input<string>;
  /** Target stage of a multi-stage Dockerfile. Default: the last stage. Wire: `source.docker.docker_target_build_stage`. */
  dockerTargetBuildStage?: pulumi.Input<string>;
}

/** Where a job's image comes from: give exactly one of `image` and `docker`. Changing between them updates in place. */
export interface JobSourceArgs {
  /** Run an image of a container registry. Wire: `source.image`. */
  image?: pulumi.Input<JobImageSourceArgs>;
  /** Build the image from a Dockerfile in a git repository. Wire: `source.docker`. */
  docker?: pulumi.Input<JobDockerSourceArgs>;
}

/** The command a job runs: both default to the image's. */
export interface JobCommandArgs {
  /** Arguments passed to the entrypoint. Default: none (the image's command). Wire: `arguments`. */
  arguments?: pulumi.Input<pulumi.Input<string>[]>;
  /** Entrypoint of the container. Default: the image's. Wire: `entrypoint`. */
  entrypoint?: pulumi.Input<string>;
}

/** A cron schedule: the job runs at each time the expression matches. */
export interface JobCronArgs extends JobCommandArgs {
  /**
   * Five-field cron expression without seconds (minute, hour, day of month, month, day of week: numbers, ranges,
   * steps, lists, `*`, month and weekday names), or one of `@hourly`, `@daily`, `@midnight`, `@weekly`,
   * `@monthly`, `@yearly`, `@annually`. E.g. `"0 3 * * *"` (every night at 03:00). Wire: `schedule.cronjob.scheduled_at`.
   */
  expression: pulumi.Input<string>;
  /** IANA timezone the expression is read in (`Europe/Paris`). Default: `"Etc/UTC"`. Wire: `schedule.cronjob.timezone`. */
  timezone?: pulumi.Input<string>;
}

/**
 * When a job runs: give either `cron`, or one or more of the lifecycle events `onStart`, `onStop`, `onDelete` of
 * its environment (each with its own command), never both. Moving between a cron schedule and lifecycle events
 * replaces the job (the service fixes a job's type when it is created); any other change updates it in place.
 */
export interface JobScheduleArgs {
  /** A cron job. Wire: `schedule.cronjob`. */
  cron?: pulumi.Input<JobCronArgs>;
  /** Run when the environment is deployed (e.g. a database migration). Wire: `schedule.on_start`. */
  onStart?: pulumi.Input<JobCommandArgs>;
  /** Run when the environment is stopped. Wire: `schedule.on_stop`. */
  onStop?: pulumi.Input<JobCommandArgs>;
  /** Run when the environment is deleted. Wire: `schedule.on_delete`. */
  onDelete?: pulumi.Input<JobCommandArgs>;
}

/** Inputs of a {@link Job}. */
export interface JobArgs extends ServiceArgs, RestrictedServiceArgs, InlineAdvancedSettingsArgs<typeof JOB_ADVANCED_SETTINGS> {
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
  /** Where the image comes from: exactly one of `image` and `docker`. Wire: `source`. */
  source: pulumi.Input<JobSourceArgs>;
  /** When the job runs: `cron`, or lifecycle events (moving between the two replaces the job). Wire: `schedule`. */
  schedule: pulumi.Input<JobScheduleArgs>;
  /** Seconds a run may take before it is killed and counted as failed (0 or more). Default: the service's. Wire: `max_duration_seconds`. */
  maxDurationSeconds?: pulumi.Input<number>;
  /** Restarts allowed before a run counts as failed; 0: a crash fails the run. Default: `0`. Wire: `max_nb_restart`. */
  maxRestarts?: pulumi.Input<number>;
  /** Port the probes check (1-65535); never exposed. Default: none. Wire: `port`. */
  port?: pulumi.Input<number>;
  /** Readiness and liveness probes (on `port`). Default: `{}` (none; always sent, as the service requires). Wire: `healthchecks`. */
  healthchecks?: pulumi.Input<HealthchecksArgs>;
  /** Clone the job into preview environments. Default: the environment's setting, chosen by the service. Wire: `auto_preview`. */
  autoPreview?: pulumi.Input<boolean>;
  /** Redeploy on each new image tag (organization auto-deploy) or new commit. Default: `false`. Wire: `auto_deploy`. */
  autoDeploy?: pulumi.Input<boolean>;
  /**
   * Deploy after create and after each update, and wait until the run ends (`deployTimeoutSeconds` includes the
   * run): a job is deployed by running it, so a run that fails fails the `up`, naming the job. Default: `false`.
   */
  deploy?: pulumi.Input<boolean>;
}

/** What the service says of a job beyond its inputs: outputs of a {@link Job}. */
export interface JobComputed extends ServiceComputed {
  /** `CRON` or `LIFECYCLE`, as the service names the job's type. */
  jobType: "CRON" | "LIFECYCLE";
}


/**
 * A job: a container that runs to completion, on a cron schedule or on its environment's lifecycle events (on
 * start, on stop, on delete), from an image of a container registry or a Dockerfile in a git repository, with
 * its environment variables, secrets and deployment stage. `secrets` is stored as a Pulumi secret.
 *
 * @example
 * // A nightly cron job from a public image.
 * new Job("nightly-report", {
 *   environmentId: env.id, name: "nightly-report",
 *   source: { image: { registryId: dockerHub.id, imageName: "acme/report", tag: "1.4.0" } },
 *   schedule: { cron: { expression: "0 3 * * *", timezone: "Europe/Paris", arguments: ["--since", "24h"] } },
 * });
 * // A database migration run each time the environment is deployed.
 * new Job("migrate", {
 *   environmentId: env.id, name: "migrate",
 *   source: { docker: { gitRepository: { url: "https://github.com/acme/api.git", branch: "main" }, dockerfilePath: "Dockerfile.migrate" } },
 *   schedule: { onStart: { arguments: ["migrate", "up"] } },
 *   secrets: { DATABASE_URL: databaseUrl },
 * });
 *
 * @class
 */
export const Job = serviceObjectClass<JobArgs, typeof jobSchema, JobComputed>(job);
/** {@link Job} as a type: its outputs are every input as stored and what the service computes. */
export type Job = InstanceType<typeof Job>;
