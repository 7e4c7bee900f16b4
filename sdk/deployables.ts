/**
 * What the families the service deploys (environments, databases, applications, containers, jobs) share besides
 * their records' endpoints: the deployment status and the deploy-type actions, which the service answers with 202;
 * for the service kinds, their advanced settings; for the kinds run from registry images (containers, jobs), their
 * variables and secrets and the organization-wide auto-deploy of an image.
 */
import { z } from "zod";
import { AdvancedSettings } from "./advanced-settings";
import { CloneServiceRequest, cloneAt } from "./clones";
import type { RequestCore } from "./core";
import { Records, withSpec, type CollectionSpec, type Ids, type KeyedRecord, type KeyedRequest, type KeyedSpec } from "./crud";
import { path, under, type ApiPath } from "./path";
import type { ServiceSecretsApi } from "./secrets";
import { SERVICE_KINDS, type DeployableServiceKind } from "./service-kinds";
import { ActionResult, Status } from "./status";
import type { ServiceVariablesApi } from "./variables";

/** The body of an action that takes one, and its schema. */
export interface ActionBody {
  body: unknown;
  requestSchema: z.ZodType;
}

/**
 * POSTs a deploy-type action (`deploy`, `stop`, `redeploy`, `restart-service`); the service answers 202 with a
 * Status or a deployment record. Never sent twice after a lost answer (an action has no `recover`).
 */
export function action(core: RequestCore, path: ApiPath, body?: ActionBody): Promise<ActionResult> {
  return core.call({ method: "POST", path, response: ActionResult, ...body });
}

/** GETs the advanced settings at `path` (the service answers with every key, defaults included). */
export function readAdvancedSettings(core: RequestCore, path: ApiPath): Promise<Record<string, unknown>> {
  return core.call({ method: "GET", path, response: AdvancedSettings });
}

/**
 * PUTs advanced settings at `path` (flat dotted keys; only the keys given are sent), checked by `requestSchema`, the
 * kind's request from the catalogue. Answers with every key.
 */
export function writeAdvancedSettings(
  core: RequestCore, path: ApiPath, settings: Record<string, unknown>, requestSchema: z.ZodType,
): Promise<Record<string, unknown>> {
  return core.call({ method: "PUT", path, body: settings, requestSchema, response: AdvancedSettings });
}

/** The paths and schemas of a deployable family; `status` is the schema of its status record. */
export type DeployablesSpec<P extends Ids, I extends Ids, R extends z.ZodType, C extends z.ZodType, E extends z.ZodType, S extends z.ZodType> =
  CollectionSpec<P, I, R, C, E> & { status: S };

/** Records with a deployment status and deploy, stop and redeploy (each under the record's path). */
export class Deployables<P extends Ids, I extends Ids, R extends z.ZodType<{ id: string }>, C extends z.ZodType, E extends z.ZodType, S extends z.ZodType>
  extends Records<P, I, R, C, E> {
  private readonly statusRecord: S;

  /** @param core the client's request core; @param spec the family's paths and schemas, `status` its status record. */
  constructor(core: RequestCore, spec: DeployablesSpec<P, I, R, C, E, S>) {
    super(core, spec);
    this.statusRecord = spec.status;
  }

  /** Reads the deployment status (of an environment: of the environment as a whole). */
  status(...id: I): Promise<z.output<S>> {
    return this.core.call({ method: "GET", path: this.at(id, "status"), response: this.statusRecord }) as Promise<z.output<S>>;
  }

  /**
   * Deploys (an environment: every service, stage by stage). Follow it with the client's wait of the family
   * (`waitForDatabase`, `waitForEnvironment`, ...).
   */
  deploy(...id: I): Promise<ActionResult> {
    return action(this.core, this.at(id, "deploy"));
  }

  /** Stops (an environment: every service; a job: its running run, and a cron job's schedule is removed). */
  stop(...id: I): Promise<ActionResult> {
    return action(this.core, this.at(id, "stop"));
  }

  /** Redeploys (an environment: every service). */
  redeploy(...id: I): Promise<ActionResult> {
    return action(this.core, this.at(id, "redeploy"));
  }

  /** The path of `segment` under the record: `/database/{id}/deploy`. */
  protected at(id: I, segment: string): ApiPath {
    return under(() => this.spec.item(...id), segment);
  }
}

/**
 * What a deployed service kind's spec takes from the kind table ({@link SERVICE_KINDS}): its name in messages, the
 * `name` a lost create is found by, its status record and its paths (`/environment/{environmentId}/<kind>`,
 * `/<kind>/{id}` and, for the kinds run from images, the organization-wide `/organization/{organizationId}/<kind>/deploy`).
 */
export function kindRecords<K extends DeployableServiceKind>(kind: K) {
  return {
    what: kind, naturalKey: "name" as const, status: Status,
    list: (environmentId: string) => under(() => path`/environment/${environmentId}`, kind),
    item: (serviceId: string) => SERVICE_KINDS[kind].item(serviceId),
    autoDeploy: (organizationId: string) => under(() => under(() => path`/organization/${organizationId}`, kind), "deploy"),
  };
}

/** The base class of a deployable family: records' endpoints, status, deploy, stop and redeploy. */
export function deployables<P extends Ids, I extends Ids, K extends string, R extends KeyedRecord<K>, C extends KeyedRequest<K>, E extends z.ZodType, S extends z.ZodType>(
  spec: KeyedSpec<P, I, K, R, C, E> & { status: S },
): new (core: RequestCore) => Deployables<P, I, R, C, E, S> {
  return withSpec(Deployables<P, I, R, C, E, S>, spec);
}

/** The spec of a service kind (application, container, job): a deployable family and the request of its advanced settings. */
export type ServicesSpec<P extends Ids, I extends Ids, R extends z.ZodType, C extends z.ZodType, E extends z.ZodType, S extends z.ZodType, A extends z.ZodType> =
  DeployablesSpec<P, I, R, C, E, S> & {
    /** The kind's advanced-settings request from the catalogue: `ContainerAdvancedSettingsRequest`. */
    advancedSettings: A;
  };

/** Records of a service kind (application, container, job): {@link Deployables} and the service's advanced settings. */
export class Services<P extends Ids, I extends Ids, R extends z.ZodType<{ id: string }>, C extends z.ZodType, E extends z.ZodType, S extends z.ZodType, A extends z.ZodType>
  extends Deployables<P, I, R, C, E, S> {
  private readonly settingsRequest: A;

  /** @param core the client's request core; @param spec the kind's paths and schemas. */
  constructor(core: RequestCore, spec: ServicesSpec<P, I, R, C, E, S, A>) {
    super(core, spec);
    this.settingsRequest = spec.advancedSettings;
  }

  /** Reads every advanced setting (the service answers with all keys, defaults included). */
  getAdvancedSettings(...id: I): Promise<Record<string, unknown>> {
    return readAdvancedSettings(this.core, this.at(id, "advancedSettings"));
  }

  /**
   * Sets advanced settings (flat dotted keys of the kind's catalogue, checked; only the keys given are sent).
   * Answers with all keys.
   */
  updateAdvancedSettings(...args: [...id: I, settings: z.input<A>]): Promise<Record<string, unknown>> {
    const id = args.slice(0, this.spec.item.length) as I;
    const settings = args[this.spec.item.length] as Record<string, unknown>;
    return writeAdvancedSettings(this.core, this.at(id, "advancedSettings"), settings, this.settingsRequest);
  }

  /**
   * Copies the service (its settings and variables, with new ids) into the environment `environment_id` under
   * `name` (`POST /<kind>/{id}/clone`); answers 202 with the copy, not deployed.
   */
  clone(...args: [...id: I, request: CloneServiceRequest]): Promise<z.output<R>> {
    const id = args.slice(0, this.spec.item.length) as I;
    return cloneAt(this.core, () => this.spec.item(...id), args[this.spec.item.length], CloneServiceRequest, this.spec.record);
  }
}

/** The base class of a service kind: {@link deployables} and advanced settings. */
export function services<P extends Ids, I extends Ids, K extends string, R extends KeyedRecord<K>, C extends KeyedRequest<K>, E extends z.ZodType, S extends z.ZodType, A extends z.ZodType>(
  spec: KeyedSpec<P, I, K, R, C, E> & { status: S; advancedSettings: A },
): new (core: RequestCore) => Services<P, I, R, C, E, S, A> {
  return withSpec(Services<P, I, R, C, E, S, A>, spec);
}

/** Body of an organization-wide auto-deploy: every service using `image_name` is deployed with `tag`. */
export const ImageAutoDeployRequest = z.looseObject({
  image_name: z.string().min(1),
  tag: z.string().min(1),
});
/** Body of an organization-wide auto-deploy. */
export type ImageAutoDeployRequest = z.input<typeof ImageAutoDeployRequest>;

/** What a service kind run from registry images (container, job) adds to {@link ServicesSpec}. */
export interface ImageServicesExtra {
  /** The kind's variables group: `ContainerVariablesApi`. */
  variables: new (core: RequestCore) => ServiceVariablesApi;
  /** The kind's secrets group: `ContainerSecretsApi`. */
  secrets: new (core: RequestCore) => ServiceSecretsApi;
  /** The organization-wide auto-deploy: `(organizationId: string) => path\`/organization/${organizationId}/container/deploy\``. */
  autoDeploy: (organizationId: string) => ApiPath;
}

/**
 * Records of a service kind run from registry images (container, job): {@link Services}, the variables and secrets
 * groups, and the organization-wide auto-deploy of an image.
 */
export class ImageServices<P extends Ids, I extends Ids, R extends z.ZodType<{ id: string }>, C extends z.ZodType, E extends z.ZodType, S extends z.ZodType, A extends z.ZodType>
  extends Services<P, I, R, C, E, S, A> {
  /** Environment variables of the kind's services: `client.containers.variables.list(containerId)`. */
  readonly variables: ServiceVariablesApi;
  /** Secrets of the kind's services: `client.containers.secrets.create(containerId, {key, value})`. */
  readonly secrets: ServiceSecretsApi;
  private readonly autoDeployPath: (organizationId: string) => ApiPath;

  /** @param core the client's request core; @param spec the kind's paths, schemas and groups. */
  constructor(core: RequestCore, spec: ServicesSpec<P, I, R, C, E, S, A> & ImageServicesExtra) {
    super(core, spec);
    this.variables = new spec.variables(core);
    this.secrets = new spec.secrets(core);
    this.autoDeployPath = spec.autoDeploy;
  }

  /** Deploys `tag` to every service of the kind in the organization whose image is `image_name`. */
  autoDeploy(organizationId: string, request: ImageAutoDeployRequest): Promise<Status> {
    return this.core.call({
      method: "POST", path: this.autoDeployPath(organizationId), body: request, requestSchema: ImageAutoDeployRequest, response: Status,
    });
  }
}

/** The base class of a service kind run from registry images: {@link services}, variables, secrets and auto-deploy. */
export function imageServices<P extends Ids, I extends Ids, K extends string, R extends KeyedRecord<K>, C extends KeyedRequest<K>, E extends z.ZodType, S extends z.ZodType, A extends z.ZodType>(
  spec: KeyedSpec<P, I, K, R, C, E> & { status: S; advancedSettings: A } & ImageServicesExtra,
): new (core: RequestCore) => ImageServices<P, I, R, C, E, S, A> {
  return withSpec(ImageServices<P, I, R, C, E, S, A>, spec);
}
