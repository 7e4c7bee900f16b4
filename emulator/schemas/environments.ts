import { z } from "zod";
import { STATES, baseResponse, imageTag, nonEmpty, referenceObject, statusResponse, uuidString } from "./common";

/** Environment modes an environment may report (`PREVIEW`: made by the service for a pull request). */
export const ENVIRONMENT_MODES = ["DEVELOPMENT", "PREVIEW", "PRODUCTION", "STAGING"] as const;

/** Environment modes a request may set: the reference's create enum, without `PREVIEW` (set by the service only). */
export const REQUESTABLE_ENVIRONMENT_MODES = ["DEVELOPMENT", "PRODUCTION", "STAGING"] as const;

const requestedMode = z.enum(REQUESTABLE_ENVIRONMENT_MODES, {
  error: (issue) => (issue.input === "PREVIEW"
    ? "PREVIEW is set by the service for pull-request environments; a request may set DEVELOPMENT, PRODUCTION or STAGING"
    : undefined),
});

/** Create an environment: `cluster` (reference) and `cluster_id` (published description) both accepted. */
export const environmentCreateRequest = z.object({
  name: nonEmpty,
  cluster: uuidString.optional(),
  cluster_id: uuidString.optional(),
  mode: requestedMode.optional(),
});

/** Edit an environment; the cluster cannot change, the mode cannot become `PREVIEW`. */
export const environmentEditRequest = z.object({
  name: nonEmpty.optional(),
  mode: requestedMode.optional(),
  cluster: uuidString.optional(),
  cluster_id: uuidString.optional(),
});

/** An environment. */
export const environmentResponse = baseResponse.extend({
  name: z.string(),
  organization: referenceObject,
  project: referenceObject,
  cloud_provider: z.object({ provider: z.string(), cluster: z.string() }),
  mode: z.enum(ENVIRONMENT_MODES),
  cluster_id: z.string(),
  cluster_name: z.string(),
});

/** Aggregated status of an environment (`EnvironmentStatus`): its status read and the answer of most environment actions. */
export const environmentStatusResponse = z.object({
  id: z.string(),
  state: z.enum(STATES),
  last_deployment_state: z.enum(STATES),
  last_deployment_date: z.string().nullable(),
  last_deployment_id: z.string().nullable(),
  total_deployment_duration_in_seconds: z.number().int().nullable(),
  origin: z.string(),
  triggered_by: z.string().nullable(),
  deployment_status: z.enum(["NEVER_DEPLOYED", "UP_TO_DATE", "OUT_OF_DATE"]),
  deployment_request_id: z.string().nullable(),
});

/** A pin naming no version: empty, or absent. */
const commitPin = z.string().optional();
const tagPin = z.union([z.literal(""), imageTag]).optional();

/**
 * `DeployAllRequest` (`POST /environment/{id}/service/deploy`): the services to deploy, per kind, with their pins.
 * A job item may name either pin; which one fits its source is checked against the job.
 */
export const deployAllRequest = z.object({
  applications: z.array(z.object({ application_id: uuidString, git_commit_id: commitPin })).optional(),
  databases: z.array(uuidString).optional(),
  containers: z.array(z.object({ id: uuidString, image_tag: tagPin })).optional(),
  jobs: z.array(z.object({ id: uuidString, image_tag: tagPin, git_commit_id: commitPin })).optional(),
  helms: z.array(z.object({
    id: uuidString, chart_version: z.string().optional(), git_commit_id: commitPin, values_override_git_commit_id: z.string().optional(),
  })).optional(),
  terraforms: z.array(z.object({
    id: uuidString, git_commit_id: commitPin, action: z.enum(["PLAN", "FORCE_UNLOCK", "MIGRATE_STATE"]).nullable().optional(),
  })).optional(),
});

const ids = z.array(uuidString).optional();

/** `EnvironmentServiceIdsAllRequest` (`POST /environment/{id}/service/stop`): the services to stop, per kind. */
export const serviceIdsRequest = z.object({
  application_ids: ids, container_ids: ids, database_ids: ids, job_ids: ids, helm_ids: ids, terraform_ids: ids,
});

/** `RebootServicesRequest` (`POST /environment/{id}/service/restart-service`): the services to restart (jobs have no restart). */
export const rebootServicesRequest = z.object({ application_ids: ids, database_ids: ids, container_ids: ids });

/** Body of `POST /environment/{id}/cancelDeployment`. */
export const cancelDeploymentRequest = z.object({ force_cancel: z.boolean().optional() });

/** `StageStatusEnum`. */
export const STAGE_STATES = ["QUEUED", "ONGOING", "DONE", "ERROR", "SKIPPED", "CANCELED"] as const;

/** `EnvironmentStatusesWithStages`: the environment's status, then each stage in order with its services' statuses under `kindKeys`. */
export function environmentStatusesResponse(kindKeys: string[]) {
  return z.object({
    environment: environmentStatusResponse,
    stages: z.array(z.object({
      stage: z.object({
        id: z.string(), name: z.string(), description: z.string(), status: z.enum(STAGE_STATES).optional(),
      }),
      ...Object.fromEntries(kindKeys.map((k) => [k, z.array(statusResponse)])),
    })),
  });
}
