/**
 * Containers: long-running services deployed from an image of a container registry, inside an environment; and the
 * organization-wide auto-deploy of every container that uses an image, to a new tag.
 */
import { z } from "zod";
import { ContainerAdvancedSettingsRequest } from "./advanced-settings";
import {
  RUNNING_SERVICE_CREATE_FIELDS, RUNNING_SERVICE_EDIT_FIELDS, RUNNING_SERVICE_RECORD_FIELDS,
  RUNNING_SERVICE_REQUEST_FIELDS, SERVICE_RECORD_FIELDS, SERVICE_REQUEST_FIELDS, type LogLine,
} from "./service-common";
import { readLogs, type LogOptions } from "./service-logs";
import { APPLICATION_DEFAULTS } from "./applications";
import { ContainerRegistryReference } from "./container-registries";
import { action, ImageAutoDeployRequest, imageServices, kindRecords } from "./deployables";
import { imageNameProblem, imageTagProblem } from "./image";
import { path } from "./path";
import { maybe, namedRecord, openEnum, ruledString } from "./schema";
import { serviceSecrets } from "./secrets";
import type { ActionResult } from "./status";
import { serviceVariables } from "./variables";

/** CPU architectures a service may be pinned to (`cpu_architecture`; `null` means the cluster's default). */
export const CPU_ARCHITECTURES = ["AMD64", "ARM64"] as const;

/**
 * What the service sets when a container request leaves a field out (the reference's defaults), in the service's
 * spelling. `auto_preview` has none: it follows the environment's.
 */
export const CONTAINER_DEFAULTS = {
  /** Millicores per instance. */
  cpu: 500,
  /** MB of memory per instance. */
  memory: 512,
  /** GPUs per instance. */
  gpu: 0,
  /** Instances kept running at least (`0`: none running). */
  min_running_instances: 1,
  /** Instances run at most (`-1`: no limit). */
  max_running_instances: 1,
  /** Health checks (none). */
  healthchecks: {},
  /** A port's `protocol`. */
  port_protocol: APPLICATION_DEFAULTS.port_protocol,
  /** A readiness or liveness probe's timings, and an `http` probe's path and scheme. */
  probe: APPLICATION_DEFAULTS.probe,
} as const;

/** An image name in a request (see {@link imageNameProblem}): no registry host, tag or digest. */
export const ImageName = ruledString(imageNameProblem);
/** An image tag in a request (see {@link imageTagProblem}). */
export const ImageTag = ruledString(imageTagProblem);

/** What a container runs, in a create and an edit alike (an edit sends it again): its name and its image. */
const containerImage = {
  /** Container name, unique within the environment. */
  name: z.string().min(1),
  /** Id of the container registry to pull from. */
  registry_id: z.string().min(1),
  /** Image name in the registry. */
  image_name: ImageName,
  /** Image tag to run. */
  tag: ImageTag,
};

const containerFields = {
  ...SERVICE_REQUEST_FIELDS,
  ...RUNNING_SERVICE_REQUEST_FIELDS,
  /** CPU architecture of the image. */
  cpu_architecture: z.enum(CPU_ARCHITECTURES).nullable().optional(),
};

/**
 * Body of a container create. `healthchecks` defaults to `{}` (the service requires it); `image_name` and `tag` are
 * checked by the Docker rules ({@link imageNameProblem}, {@link imageTagProblem}). `name` is unique within the
 * environment.
 */
export const ContainerCreateRequest = z.looseObject({
  ...containerImage,
  ...RUNNING_SERVICE_CREATE_FIELDS,
  ...containerFields,
});
/** Body of a container create. */
export type ContainerCreateRequest = z.input<typeof ContainerCreateRequest>;

/**
 * Body of a container edit: the whole request again (the service's PUT takes the same body as a create).
 * `healthchecks` is required (send the current ones to keep them); ports need their `protocol`, existing ones their
 * `id`, and the list replaces the container's ports.
 */
export const ContainerEditRequest = z.looseObject({
  ...containerImage,
  ...RUNNING_SERVICE_EDIT_FIELDS,
  ...containerFields,
});
/** Body of a container edit. */
export type ContainerEditRequest = z.input<typeof ContainerEditRequest>;

/** An image a service runs, as the service answers it (a container's, a job's `source.image`). */
export const IMAGE_SOURCE_RECORD_FIELDS = {
  /** Image name in the registry. */
  image_name: maybe(z.string()),
  /** Image tag running (or to run). */
  tag: maybe(z.string()),
  /** Id of the container registry the image is pulled from. */
  registry_id: maybe(z.string()),
  /** That registry, as the service answers it. */
  registry: maybe(ContainerRegistryReference),
};

/** Record fields of the kinds run from registry images (container, job): GPUs and the image's CPU architecture. */
export const IMAGE_KIND_RECORD_FIELDS = {
  /** The most GPUs an instance may be given. */
  maximum_gpu: maybe(z.number()),
  /** CPU architecture of the image. */
  cpu_architecture: maybe(openEnum(CPU_ARCHITECTURES)),
};

/** A container record. */
export const Container = namedRecord({
  ...SERVICE_RECORD_FIELDS,
  ...RUNNING_SERVICE_RECORD_FIELDS,
  ...IMAGE_SOURCE_RECORD_FIELDS,
  ...IMAGE_KIND_RECORD_FIELDS,
});
/**
 * A container record.
 * @interface
 */
export type Container = z.infer<typeof Container>;

/** Body of a container deploy: the image tag to deploy (it becomes the container's `tag`). */
export const ContainerDeployRequest = z.looseObject({
  /** The image tag to deploy; it becomes the container's `tag`. */
  image_tag: ImageTag,
});
/** Body of a container deploy. */
export type ContainerDeployRequest = z.input<typeof ContainerDeployRequest>;

// Defined with the auto-deploy it is the body of (`deployables.ts`); exported here, with the containers.
export { ImageAutoDeployRequest };

/** Body of a container auto-deploy. */
export const ContainerAutoDeployRequest = ImageAutoDeployRequest;
/** Body of a container auto-deploy. */
export type ContainerAutoDeployRequest = z.input<typeof ContainerAutoDeployRequest>;

/** Endpoints of a container's environment variables (`/container/{id}/environmentVariable`). */
export class ContainerVariablesApi extends serviceVariables("container", "CONTAINER") {}
/** Endpoints of a container's secrets (`/container/{id}/secret`; keys only in answers). */
export class ContainerSecretsApi extends serviceSecrets("container", "CONTAINER") {}

/**
 * Endpoints of containers (records, actions, logs, advanced settings, variables, secrets, auto-deploy). An update
 * takes the whole request again (`healthchecks` required; ports need their `id` and `protocol`).
 */
export class ContainersApi extends imageServices({
  ...kindRecords("container"), record: Container, variables: ContainerVariablesApi, secrets: ContainerSecretsApi,
  createRequest: ContainerCreateRequest, editRequest: ContainerEditRequest, advancedSettings: ContainerAdvancedSettingsRequest,
}) {
  /**
   * Starts a deployment: of `image_tag` (which becomes the container's `tag`), or of the container's current tag
   * when no request is given. Follow it with `waitForContainer`.
   */
  override deploy(containerId: string, request?: ContainerDeployRequest): Promise<ActionResult> {
    return action(this.core, path`/container/${containerId}/deploy`, request && { body: request, requestSchema: ContainerDeployRequest });
  }

  /** Restarts the running containers without a new deployment (`/restart-service`). */
  restart(containerId: string): Promise<ActionResult> {
    return action(this.core, path`/container/${containerId}/restart-service`);
  }

  /** Reads the container's log lines, oldest first; `tail` keeps the last ones. */
  logs(containerId: string, options: LogOptions = {}): Promise<LogLine[]> {
    return readLogs(this.core, path`/container/${containerId}/log`, options);
  }
}
