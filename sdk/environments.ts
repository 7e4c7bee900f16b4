/**
 * Environments: created inside a project, bound to a cluster; they hold applications, databases, containers, jobs and
 * deployment stages. Besides deploy, stop and redeploy of the whole environment, the environment acts on selected
 * services (deploy with pins, stop, restart), cancels its deployment and reports every service's status stage by
 * stage (`statusesWithStages`).
 */
import { z } from "zod";
import { cloneAt } from "./clones";
import { deployables } from "./deployables";
import { path } from "./path";
import { Reference, maybe, namedRecord, openEnum } from "./schema";
import { EnvironmentStatus, Status } from "./status";

/**
 * Every type (mode) an environment has, as the service spells it: `PREVIEW` is the type of the environments the
 * service makes for pull requests. The one list environments, webhook filters and custom roles' permissions read.
 */
export const ENVIRONMENT_TYPES = ["DEVELOPMENT", "PREVIEW", "PRODUCTION", "STAGING"] as const;
/** `DEVELOPMENT`, `PREVIEW`, `PRODUCTION` or `STAGING`. */
export type EnvironmentType = (typeof ENVIRONMENT_TYPES)[number];
/** Modes an environment can be created or edited with: every {@link ENVIRONMENT_TYPES} but `PREVIEW` (set by the service only). */
export const ENVIRONMENT_MODES = ["DEVELOPMENT", "PRODUCTION", "STAGING"] as const satisfies ReadonlyArray<Exclude<EnvironmentType, "PREVIEW">>;
/** Every mode the service may report, `PREVIEW` (environments it makes for pull requests) included. */
export const REPORTED_ENVIRONMENT_MODES = ENVIRONMENT_TYPES;
/** Mode of an environment in a request. */
export const EnvironmentModeInput = z.enum(ENVIRONMENT_MODES);
/** `DEVELOPMENT`, `PRODUCTION` or `STAGING` (`PREVIEW` is set by the service only). */
export type EnvironmentModeInput = z.infer<typeof EnvironmentModeInput>;

/** An environment record. */
export const Environment = namedRecord({
  /** `DEVELOPMENT`, `PREVIEW`, `PRODUCTION` or `STAGING`. */
  mode: maybe(openEnum(REPORTED_ENVIRONMENT_MODES)),
  /** Id of the cluster the environment runs on. */
  cluster_id: maybe(z.string()),
  /** Name of that cluster. */
  cluster_name: maybe(z.string()),
  /** The organization the environment belongs to. */
  organization: maybe(Reference),
  /** The project that holds the environment. */
  project: maybe(Reference),
  /** Who last changed the environment, as the service answers it. */
  last_updated_by: maybe(z.string()),
  /** The cluster's cloud provider, as the service answers it. */
  cloud_provider: maybe(z.looseObject({
    /** Cloud provider name. */
    provider: maybe(z.string()),
    /** The provider's name of the cluster. */
    cluster: maybe(z.string()),
  })),
  /** When the environment expires, if it has an expiry, as the service answers it. */
  expires_at: maybe(z.string()),
});
/**
 * An environment record.
 * @interface
 */
export type Environment = z.infer<typeof Environment>;

/** Body of an environment create; `cluster` is the cluster id (the service's default cluster when absent). */
export const EnvironmentCreateRequest = z.looseObject({
  /** Environment name. */
  name: z.string().min(1),
  /** Id of the cluster to run on (the service's default cluster when absent). */
  cluster: z.string().min(1).optional(),
  /** `DEVELOPMENT`, `PRODUCTION` or `STAGING`. */
  mode: EnvironmentModeInput.optional(),
});
/** Body of an environment create. */
export type EnvironmentCreateRequest = z.input<typeof EnvironmentCreateRequest>;

/** Body of an environment edit; the cluster cannot change. */
export const EnvironmentEditRequest = z.looseObject({
  /** New environment name. */
  name: z.string().min(1).optional(),
  /** New mode: `DEVELOPMENT`, `PRODUCTION` or `STAGING`. */
  mode: EnvironmentModeInput.optional(),
});
/** Body of an environment edit. */
export type EnvironmentEditRequest = z.input<typeof EnvironmentEditRequest>;

/**
 * Body of an environment clone (`CloneEnvironmentRequest`): the new environment's name (case insensitive, unique in
 * its project), and optionally its cluster, its mode and its project (default: the source's).
 */
export const CloneEnvironmentRequest = z.looseObject({
  /** Name of the new environment. */
  name: z.string().min(1),
  /** Cluster of the new environment (default: the source's). */
  cluster_id: z.string().min(1).optional(),
  /** `DEVELOPMENT`, `PREVIEW`, `PRODUCTION` or `STAGING`: a clone is the one request that takes `PREVIEW`. */
  mode: z.enum(ENVIRONMENT_TYPES).optional(),
  /** Apply the project's deployment rules to the new environment (default false). */
  apply_deployment_rule: z.boolean().optional(),
  /** Project of the new environment (default: the source's). */
  project_id: z.string().min(1).optional(),
});
/** Body of an environment clone: `{ name, cluster_id?, mode?, apply_deployment_rule?, project_id? }`. */
export type CloneEnvironmentRequest = z.input<typeof CloneEnvironmentRequest>;

const serviceId = z.string().min(1);
const ids = z.array(serviceId).optional();

/** An application to deploy and the git commit to deploy it at. */
export const ApplicationDeployItem = z.looseObject({
  /** The application's id. */
  application_id: serviceId,
  /** Commit to deploy; absent or empty keeps the application's version (only once it has been deployed). */
  git_commit_id: z.string().optional(),
});
/** A container to deploy and the image tag to deploy it with. */
export const ContainerDeployItem = z.looseObject({
  /** The container's id. */
  id: serviceId,
  /** The image tag to deploy (kept by the service as the container's tag); absent keeps its tag. */
  image_tag: z.string().optional(),
});
/** A job to deploy: `image_tag` for a job run from an image, `git_commit_id` for one built from git. */
export const JobDeployItem = z.looseObject({
  /** The job's id. */
  id: serviceId,
  /** The image tag, for a job run from an image. */
  image_tag: z.string().optional(),
  /** The commit, for a job built from git. */
  git_commit_id: z.string().optional(),
});
/** A helm service to deploy (the client has no other endpoint for helm services). */
export const HelmDeployItem = z.looseObject({
  id: serviceId,
  chart_version: z.string().optional(),
  git_commit_id: z.string().optional(),
  values_override_git_commit_id: z.string().optional(),
});
/** A terraform service to deploy (the client has no other endpoint for terraform services). */
export const TerraformDeployItem = z.looseObject({
  id: serviceId,
  git_commit_id: z.string().optional(),
  action: z.string().nullable().optional(),
});

const SERVICE_LISTS = ["applications", "databases", "containers", "jobs", "helms", "terraforms"] as const;

/** The refinement of a request listing services per kind: at least one of `keys` holds a non-empty list. */
function listsAService(keys: readonly string[], verb: string): [(r: Record<string, unknown>) => boolean, { message: string; path: PropertyKey[] }] {
  return [
    (r) => keys.some((k) => Array.isArray(r[k]) && (r[k] as unknown[]).length > 0),
    { message: `lists no service to ${verb}`, path: [keys[0] ?? ""] },
  ];
}

/** A request listing service ids under `keys` (`application_ids`...), at least one. */
function idLists<const K extends readonly string[]>(keys: K, verb: string) {
  const shape = Object.fromEntries(keys.map((k) => [k, ids])) as { [key in K[number]]: typeof ids };
  return z.looseObject(shape).refine(...listsAService(keys, verb));
}

/**
 * Body of `POST /environment/{id}/service/deploy` (`DeployAllRequest`): the services to deploy, per kind, with their
 * pins. Only the listed services are deployed, stage by stage; at least one must be listed.
 */
export const DeployAllRequest = z.looseObject({
  applications: z.array(ApplicationDeployItem).optional(),
  /** Database ids. */
  databases: ids,
  containers: z.array(ContainerDeployItem).optional(),
  jobs: z.array(JobDeployItem).optional(),
  helms: z.array(HelmDeployItem).optional(),
  terraforms: z.array(TerraformDeployItem).optional(),
}).refine(...listsAService(SERVICE_LISTS, "deploy"));
/**
 * The services to deploy with their pins: `{ applications: [{ application_id, git_commit_id? }], databases: [id],
 * containers: [{ id, image_tag? }], jobs: [{ id, image_tag?, git_commit_id? }] }`.
 */
export type DeployAllRequest = z.input<typeof DeployAllRequest>;

/** Body of `POST /environment/{id}/service/stop` (`EnvironmentServiceIdsAllRequest`): the services to stop, per kind. */
export const EnvironmentServiceIdsAllRequest = idLists(
  ["application_ids", "container_ids", "database_ids", "job_ids", "helm_ids", "terraform_ids"], "stop",
);
/** The services to act on, per kind: `{ application_ids?, container_ids?, database_ids?, job_ids? }`. */
export type EnvironmentServiceIdsAllRequest = z.input<typeof EnvironmentServiceIdsAllRequest>;

/** Body of `POST /environment/{id}/service/restart-service` (`RebootServicesRequest`): jobs do not restart. */
export const RebootServicesRequest = idLists(["application_ids", "database_ids", "container_ids"], "restart");
/** The services to restart, per kind: `{ application_ids?, database_ids?, container_ids? }`. */
export type RebootServicesRequest = z.input<typeof RebootServicesRequest>;

/** Body of `POST /environment/{id}/cancelDeployment`. */
export const CancelDeploymentRequest = z.looseObject({
  /** Also cancel everything else running in the environment (e.g. lifecycle jobs the deployment started). Default false. */
  force_cancel: z.boolean().optional(),
});
/** Options of a cancel: `{ force_cancel? }`. */
export type CancelDeploymentRequest = z.input<typeof CancelDeploymentRequest>;

/** The statuses of a deployment stage (`StageStatusEnum`). */
export const STAGE_STATUSES = ["QUEUED", "ONGOING", "DONE", "ERROR", "SKIPPED", "CANCELED"] as const;

/** A deployment stage as `statusesWithStages` reports it (`Stage`). */
export const Stage = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: maybe(z.string()),
  /** `QUEUED`, `ONGOING`, `DONE`, `ERROR`, `SKIPPED`, `CANCELED`; absent before the stage's first deployment. */
  status: maybe(openEnum(STAGE_STATUSES)),
  deployment_order: maybe(z.number()),
  steps: maybe(z.looseObject({})),
});
/** A deployment stage as `statusesWithStages` reports it. */
export type Stage = z.infer<typeof Stage>;

/** One deployment stage with the statuses of its services, per kind (`DeploymentStageWithServicesStatuses`). */
export const DeploymentStageWithServicesStatuses = z.looseObject({
  stage: maybe(Stage),
  applications: maybe(z.array(Status)),
  containers: maybe(z.array(Status)),
  jobs: maybe(z.array(Status)),
  databases: maybe(z.array(Status)),
  helms: maybe(z.array(Status)),
  terraforms: maybe(z.array(Status)),
});
/** One deployment stage with the statuses of its services. */
export type DeploymentStageWithServicesStatuses = z.infer<typeof DeploymentStageWithServicesStatuses>;

/**
 * Answer of `GET /environment/{id}/statusesWithStages` (`EnvironmentStatusesWithStages`): the environment's status
 * and each deployment stage, in deployment order, with its services' statuses.
 */
export const EnvironmentStatusesWithStages = z.looseObject({
  environment: maybe(EnvironmentStatus),
  stages: maybe(z.array(DeploymentStageWithServicesStatuses)),
  pre_check_stage: maybe(z.looseObject({ status: maybe(z.string()), total_duration_sec: maybe(z.number()) })),
});
/** The environment's status and each stage's services' statuses. */
export type EnvironmentStatusesWithStages = z.infer<typeof EnvironmentStatusesWithStages>;

/**
 * Endpoints of environments. A create adds the service's default deployment stages; an update edits the name or
 * mode; a delete is asynchronous on the service (follow with `waitUntilGone`).
 */
export class EnvironmentsApi extends deployables({
  what: "environment", naturalKey: "name", record: Environment, status: EnvironmentStatus,
  createRequest: EnvironmentCreateRequest, editRequest: EnvironmentEditRequest,
  list: (projectId: string) => path`/project/${projectId}/environment`,
  item: (environmentId: string) => path`/environment/${environmentId}`,
}) {
  /**
   * Deploys only the listed services, stage by stage, each at its pin (an application's or a git job's commit, a
   * container's or an image job's tag; a pin left out keeps the service's version). Answers with the environment's
   * status, whose `deployment_request_id` names the request: pass it as `after` to
   * {@link DeployServiceClient.waitForEnvironmentDeployment} with the listed ids as `services`.
   */
  deployServices(environmentId: string, request: DeployAllRequest): Promise<EnvironmentStatus> {
    return this.core.call({
      method: "POST", path: path`/environment/${environmentId}/service/deploy`, body: request, requestSchema: DeployAllRequest,
      response: EnvironmentStatus,
    });
  }

  /**
   * Stops the listed services, stage by stage. The service documents no answer body: the result is `undefined`
   * then, else the environment's status (follow with `previous`, or `after` when it carries a request id).
   */
  async stopServices(environmentId: string, request: EnvironmentServiceIdsAllRequest): Promise<EnvironmentStatus | undefined> {
    return this.core.call({
      method: "POST", path: path`/environment/${environmentId}/service/stop`, body: request,
      requestSchema: EnvironmentServiceIdsAllRequest, response: EnvironmentStatus, bodyOptional: true,
    });
  }

  /** Restarts the listed services (applications, databases, containers), stage by stage. */
  restartServices(environmentId: string, request: RebootServicesRequest): Promise<Status> {
    return this.core.call({
      method: "POST", path: path`/environment/${environmentId}/service/restart-service`, body: request,
      requestSchema: RebootServicesRequest, response: Status,
    });
  }

  /**
   * Cancels the environment's deployment in progress (its services still queued end `CANCELED`); 409 when there is
   * none. `force_cancel` also cancels everything else running in the environment.
   */
  cancelDeployment(environmentId: string, request: CancelDeploymentRequest = {}): Promise<EnvironmentStatus> {
    return this.core.call({
      method: "POST", path: path`/environment/${environmentId}/cancelDeployment`, body: request,
      requestSchema: CancelDeploymentRequest, response: EnvironmentStatus,
    });
  }

  /**
   * Copies the environment (its services, variables and settings, with new ids) into a new one, on `cluster_id`, in
   * `project_id` and `mode` when given (else the source's); the one request that takes mode `PREVIEW`. Answers 202
   * with the new environment (its services are being copied: list them under its id).
   */
  clone(environmentId: string, request: CloneEnvironmentRequest): Promise<Environment> {
    return cloneAt(this.core, () => path`/environment/${environmentId}`, request, CloneEnvironmentRequest, Environment);
  }

  /** Reads the environment's status and, stage by stage in deployment order, every service's status. */
  statusesWithStages(environmentId: string): Promise<EnvironmentStatusesWithStages> {
    return this.core.call({ method: "GET", path: path`/environment/${environmentId}/statusesWithStages`, response: EnvironmentStatusesWithStages });
  }
}
