/** Environments: created inside a project, bound to a cluster; they hold applications, databases and deployment stages. */
import { z } from "zod";
import { deployables } from "./deployables";
import { path } from "./path";
import { Reference, maybe, namedRecord, openEnum } from "./schema";
import { EnvironmentStatus, type ActionResult } from "./status";

/** Modes an environment can be created or edited with (`PREVIEW` is set by the service only). */
export const ENVIRONMENT_MODES = ["DEVELOPMENT", "PRODUCTION", "STAGING"] as const;
/** Every mode the service may report, `PREVIEW` (environments it makes for pull requests) included. */
export const REPORTED_ENVIRONMENT_MODES = ["DEVELOPMENT", "PREVIEW", "PRODUCTION", "STAGING"] as const;
/** Mode of an environment in a request. */
export const EnvironmentModeInput = z.enum(ENVIRONMENT_MODES);
/** `DEVELOPMENT`, `PRODUCTION` or `STAGING` (`PREVIEW` is set by the service only). */
export type EnvironmentModeInput = z.infer<typeof EnvironmentModeInput>;

/** An environment record. */
export const Environment = namedRecord({
  mode: maybe(openEnum(REPORTED_ENVIRONMENT_MODES)),
  cluster_id: maybe(z.string()),
  cluster_name: maybe(z.string()),
  organization: maybe(Reference),
  project: maybe(Reference),
  last_updated_by: maybe(z.string()),
  cloud_provider: maybe(z.looseObject({ provider: maybe(z.string()), cluster: maybe(z.string()) })),
  expires_at: maybe(z.string()),
});
/** An environment record. */
export type Environment = z.infer<typeof Environment>;

/** Body of an environment create; `cluster` is the cluster id (the service's default cluster when absent). */
export const EnvironmentCreateRequest = z.looseObject({
  name: z.string().min(1),
  cluster: z.string().min(1).optional(),
  mode: EnvironmentModeInput.optional(),
});
/** Body of an environment create. */
export type EnvironmentCreateRequest = z.input<typeof EnvironmentCreateRequest>;

/** Body of an environment edit; the cluster cannot change. */
export const EnvironmentEditRequest = z.looseObject({
  name: z.string().min(1).optional(),
  mode: EnvironmentModeInput.optional(),
});
/** Body of an environment edit. */
export type EnvironmentEditRequest = z.input<typeof EnvironmentEditRequest>;

/** Endpoints of environments. */
export class EnvironmentsApi extends deployables({
  what: "environment", naturalKey: "name", record: Environment, status: EnvironmentStatus,
  createRequest: EnvironmentCreateRequest, editRequest: EnvironmentEditRequest,
  list: (projectId: string) => path`/project/${projectId}/environment`,
  item: (environmentId: string) => path`/environment/${environmentId}`,
}) {}

export interface EnvironmentsApi {
  /** Lists the environments of a project. */
  list(projectId: string): Promise<Environment[]>;
  /** Creates an environment (the service adds its default deployment stages). A lost answer is recovered by name. */
  create(projectId: string, request: EnvironmentCreateRequest): Promise<Environment>;
  /** Reads one environment. */
  get(environmentId: string): Promise<Environment>;
  /** Edits an environment's name or mode. */
  update(environmentId: string, request: EnvironmentEditRequest): Promise<Environment>;
  /** Deletes an environment (asynchronous on the service: follow with `waitUntilGone`). */
  delete(environmentId: string): Promise<void>;
  /** Reads the deployment status of the environment as a whole. */
  status(environmentId: string): Promise<EnvironmentStatus>;
  /** Deploys every service of the environment, stage by stage. */
  deploy(environmentId: string): Promise<ActionResult>;
  /** Stops every service of the environment. */
  stop(environmentId: string): Promise<ActionResult>;
  /** Redeploys every service of the environment. */
  redeploy(environmentId: string): Promise<ActionResult>;
}
