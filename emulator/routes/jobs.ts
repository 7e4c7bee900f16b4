import { jobKind, jobType, createJob, editJob, setJobTag, type JobRec } from "../models/jobs";
import { jobDeploymentResponse } from "../schemas/deployment-history";
import { jobRequest, jobResponse } from "../schemas/jobs";
import { presentRegistryDetails } from "./container-registries";
import { deploymentEntry } from "./deployment-history";
import { presentGitRepository, presentServiceBase } from "./service-fields";
import { runningServiceRoutes } from "./running-service-routes";
import { autoDeployRoute } from "./service-routes";
import type { Route, RouteContext } from "./types";
import { SERVICE_MAXIMA } from "../schemas/resource-limits";

function presentSource(ctx: RouteContext, j: JobRec): Record<string, unknown> {
  const image = j.source.image;
  if (image) return { image: { ...image, registry: presentRegistryDetails(ctx, image.registry_id) } };
  const d = j.source.docker;
  if (!d) return {};
  return {
    docker: {
      git_repository: presentGitRepository(ctx, d.git_repository, j.runtime),
      dockerfile_path: d.dockerfile_path, dockerfile_raw: d.dockerfile_raw, docker_target_build_stage: d.docker_target_build_stage,
    },
  };
}

/** Wire form of a job: a `CronJobResponse` or a `LifecycleJobResponse`, as its `job_type` says. */
export function presentJob(ctx: RouteContext, j: JobRec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...presentServiceBase(ctx, jobKind, j), job_type: jobType(j),
    cpu: j.cpu, memory: j.memory, gpu: j.gpu, maximum_cpu: SERVICE_MAXIMA.cpu, maximum_memory: SERVICE_MAXIMA.memory, maximum_gpu: SERVICE_MAXIMA.gpu,
    cpu_architecture: j.cpu_architecture ?? null, max_nb_restart: j.max_nb_restart, max_duration_seconds: j.max_duration_seconds,
    auto_preview: j.auto_preview, auto_deploy: j.auto_deploy, port: j.port, healthchecks: j.healthchecks,
    source: presentSource(ctx, j), schedule: structuredClone(j.schedule),
  };
  if (j.ephemeral_storage_in_gib !== undefined) out["ephemeral_storage_in_gib"] = j.ephemeral_storage_in_gib;
  return out;
}

/**
 * Jobs: collection under the environment, items at top level, actions (a deploy runs the job; it may name a new
 * `image_tag` for a job run from an image, or the `git_commit_id` to build for one built from git; no restart),
 * status, advanced settings, variables and secrets, and the organization's auto-deploy of a new tag.
 */
export const jobRoutes: Route[] = [
  ...runningServiceRoutes(jobKind, {
    createRequest: jobRequest, editRequest: jobRequest, response: jobResponse,
    present: presentJob, create: createJob, edit: editJob,
    history: { entry: deploymentEntry, response: jobDeploymentResponse }, settings: "job", logs: false,
  }),
  autoDeployRoute(jobKind, {
    follows: (j, imageName) => j.auto_deploy && j.source.image?.image_name === imageName,
    setTag: setJobTag,
  }),
];
