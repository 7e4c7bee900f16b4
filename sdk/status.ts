/**
 * Deployment status records shared by applications, databases, environments and container auto-deploy.
 */
import { z } from "zod";
import { maybe, openEnum } from "./schema";

/** The deployment states of a service, as the service spells them. */
export const SERVICE_STATES = [
  "BUILDING", "BUILD_ERROR", "CANCELED", "CANCELING", "DELETED", "DELETE_ERROR", "DELETE_QUEUED", "DELETING",
  "DEPLOYED", "DEPLOYING", "DEPLOYMENT_ERROR", "DEPLOYMENT_QUEUED", "EXECUTING", "QUEUED", "READY", "RECAP",
  "RESTARTED", "RESTARTING", "RESTART_ERROR", "RESTART_QUEUED", "STOPPED", "STOPPING", "STOP_ERROR", "STOP_QUEUED",
  "UNAVAILABLE", "WAITING_DELETING", "WAITING_RESTARTING", "WAITING_RUNNING", "WAITING_STOPPING",
] as const;

/** A deployment state (`DEPLOYED`, `BUILD_ERROR`, ...); unknown future states are accepted as strings. */
export const ServiceState = openEnum(SERVICE_STATES);
/** A deployment state; see {@link SERVICE_STATES}. */
export type ServiceState = z.infer<typeof ServiceState>;

/** Whether the running version matches the configuration. */
export const ServiceDeploymentStatus = openEnum(["NEVER_DEPLOYED", "OUT_OF_DATE", "UP_TO_DATE"] as const);
/** `NEVER_DEPLOYED`, `OUT_OF_DATE` or `UP_TO_DATE`. */
export type ServiceDeploymentStatus = z.infer<typeof ServiceDeploymentStatus>;

/** Details of the action a status refers to. */
export const StatusDetails = z.looseObject({
  /** `DEPLOY`, `DELETE`, `RESTART`, `STOP`, `UNKNOWN`. */
  action: maybe(openEnum(["DEPLOY", "DELETE", "RESTART", "STOP", "UNKNOWN"] as const)),
  /** `QUEUED`, `ONGOING`, `SUCCESS`, `ERROR`, ... */
  status: maybe(openEnum(["QUEUED", "ONGOING", "SUCCESS", "ERROR", "EXECUTING", "CANCELED", "CANCELING", "NEVER"] as const)),
  /** A part of the action, as the service spells it (`NONE` when there is none). */
  sub_action: maybe(z.string()),
});
/**
 * Details of the action a status refers to.
 * @interface
 */
export type StatusDetails = z.infer<typeof StatusDetails>;

/** Status of a service (application, database, container): `GET .../status` and every 202 action. */
export const Status = z.looseObject({
  /** Id of the service the status is about. */
  id: z.string(),
  /** The deployment state, e.g. `DEPLOYED`: what waits follow. */
  state: ServiceState,
  /** Whether the running version matches the configuration. */
  service_deployment_status: maybe(ServiceDeploymentStatus),
  /** The action the state refers to and where it is. */
  status_details: maybe(StatusDetails),
  /** Whether the service took part in the last deployment request. */
  is_part_last_deployment: maybe(z.boolean()),
  /** The deployment request the status is about, when the service says. */
  deployment_request_id: maybe(z.string()),
  /** How many deployment requests the service has had. */
  deployment_requests_count: maybe(z.number()),
  /** When the service was last deployed, as the service answers it. */
  last_deployment_date: maybe(z.string()),
  /** Id of the run the status is about, when the service sends one. */
  execution_id: maybe(z.string()),
  /** The run's steps, as the service answers them (kept, not read). */
  steps: maybe(z.looseObject({})),
});
/**
 * Status of a service; `state` is what waits follow.
 * @interface
 */
export type Status = z.infer<typeof Status>;

/**
 * The deployment record some versions of the service answer to a deploy (`{id, status: "QUEUED",
 * application_id, created_at}`) instead of a {@link Status}.
 */
export const DeploymentRecord = z.looseObject({
  /** Id of the deployment. */
  id: z.string(),
  /** Where the deployment is, e.g. `QUEUED`. */
  status: z.string(),
  /** The application deployed, when the service says. */
  application_id: maybe(z.string()),
  /** When the deployment was asked for, as the service answers it. */
  created_at: maybe(z.string()),
});
/**
 * The deployment record form of a deploy answer.
 * @interface
 */
export type DeploymentRecord = z.infer<typeof DeploymentRecord>;

/** Answer of deploy / stop / redeploy / restart: a {@link Status} or a {@link DeploymentRecord}. */
export const ActionResult = z.union([Status, DeploymentRecord]);
/** Answer of a deploy-type action; test with {@link isStatus}. */
export type ActionResult = z.infer<typeof ActionResult>;

/** True when an action result is a full {@link Status} (it has `state`). */
export function isStatus(result: ActionResult): result is Status {
  return typeof (result as { state?: unknown }).state === "string";
}

/** Status of an environment as a whole (`GET /environment/{id}/status`). */
export const EnvironmentStatus = z.looseObject({
  /** Id of the environment. */
  id: z.string(),
  /** The environment's state, e.g. `DEPLOYED`. */
  state: ServiceState,
  /** The state the last deployment ended in. */
  last_deployment_state: maybe(ServiceState),
  /** When the environment was last deployed, as the service answers it. */
  last_deployment_date: maybe(z.string()),
  /** Id of the last deployment. */
  last_deployment_id: maybe(z.string()),
  /** Whether the running versions match the configuration. */
  deployment_status: maybe(ServiceDeploymentStatus),
  /** The deployment request the status is about, when the service says. */
  deployment_request_id: maybe(z.string()),
  /** How long the last deployment took, in seconds. */
  total_deployment_duration_in_seconds: maybe(z.number()),
  /** What started the last deployment, as the service spells it. */
  origin: maybe(z.string()),
  /** Who started the last deployment, as the service answers it. */
  triggered_by: maybe(z.string()),
});
/**
 * Status of an environment.
 * @interface
 */
export type EnvironmentStatus = z.infer<typeof EnvironmentStatus>;
