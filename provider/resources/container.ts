import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
  APPLICATION_DEFAULTS, CONTAINER_DEFAULTS, imageNameProblem, imageTagProblem, type CONTAINER_ADVANCED_SETTINGS,
  type DeployServiceClient,
} from "../../sdk";
import { argsSchema } from "../framework/args";
import { childCalls, defineResource } from "../framework/define";
import { field } from "../framework/fields";
import { idInput, nameInput, ruledInput } from "../framework/rules";
import { serviceObjectClass, type ServiceComputed } from "../framework/resource";
import { serviceFromWire, serviceImpliedOutputs, serviceOutputNames, serviceParts } from "../service-kinds/parts";
import { refineRunningService, runningServiceFields, withRuntimeChoices, type RuntimeArgs, type RuntimeDefaults } from "../service-kinds/shape";
import type { ValueOwner } from "../framework/service-values";
import { HOST_OUTPUTS, type ServiceHostsComputed } from "../service-kinds/hosts";
import { advancedSettingsField, type InlineAdvancedSettingsArgs } from "../service-kinds/advanced-settings";

/** Inputs of a {@link Container}. */
export interface ContainerArgs
  extends RuntimeArgs, InlineAdvancedSettingsArgs<typeof CONTAINER_ADVANCED_SETTINGS> {
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
  /** Id of the {@link ContainerRegistry} the image is pulled from. Changed in place. Wire: `registry_id`. */
  registryId: pulumi.Input<string>;
  /**
   * Image name within the registry, without registry host, tag or digest: lowercase path components separated by
   * `/` (e.g. `nginx`, `bitnami/redis`; for ECR the repository). Checked at preview. Changed in place. Wire: `image_name`.
   */
  imageName: pulumi.Input<string>;
  /**
   * Image tag to run: 1 to 128 letters, digits, `_`, `.` and `-`, not starting with `.` or `-` (e.g. `1.27`).
   * Checked at preview. A change updates the container in place, and with `deploy: true` deploys the new tag.
   * Wire: `tag` (and `image_tag` of the deploy call).
   */
  tag: pulumi.Input<string>;
  /** Clone the container into preview environments. Default: `true` (always sent, so the environment's setting does not apply). Wire: `auto_preview`. */
  autoPreview?: pulumi.Input<boolean>;
  /**
   * Redeploy when the organization-wide auto-deploy call (`POST /organization/{id}/container/deploy`) announces a new
   * tag of `imageName`. Default: `false`. Wire: `auto_deploy`.
   */
  autoDeploy?: pulumi.Input<boolean>;
  /**
   * Deploy after create and after each update that changed anything but `deployTimeoutSeconds` (the container's
   * fields, its tag, variables, secrets, advanced settings or stage), sending `tag` as the image tag to deploy, and wait until the
   * deployment ends (a failure or a timeout fails the update; it is recorded as not deployed, so the next `up`
   * deploys again). Default: `false` (the container is configured, not started).
   */
  deploy?: pulumi.Input<boolean>;
}

/** What the service says of a container beyond its inputs: outputs of a {@link Container}. */
export interface ContainerComputed extends ServiceComputed, ServiceHostsComputed {
  /** URL of the registry the image is pulled from, when the service says. */
  registryUrl?: string;
}

/** What the service sets for a container when a request leaves a field out (`auto_preview` is always sent). */
const DEFAULTS: RuntimeDefaults = { ...CONTAINER_DEFAULTS, auto_preview: APPLICATION_DEFAULTS.auto_preview };

/** Validated container inputs: the single source of field names, types and defaults. */
export const containerSchema = argsSchema<ContainerArgs>()(z
  .strictObject({
    environmentId: field(idInput(), { parent: "environment" }),
    name: nameInput(255),
    description: z.string().default(""),
    registryId: field(idInput(), { readAs: ["registry.id", "registry_id"] }),
    imageName: ruledInput(imageNameProblem),
    tag: ruledInput(imageTagProblem),
    ...runningServiceFields(DEFAULTS),
    advancedSettings: advancedSettingsField<typeof CONTAINER_ADVANCED_SETTINGS>("container"),
  })
  .superRefine(refineRunningService));
/** Container inputs after validation (defaults applied). */
export type ContainerInputs = z.output<typeof containerSchema>;

/** A container record as the client returns it. */
type ContainerRecord = Awaited<ReturnType<DeployServiceClient["containers"]["get"]>>;

/** The container as an owner of variables (scope CONTAINER). */
const owner: ValueOwner = {
  noun: "container", scope: "CONTAINER",
  groups: (client) => ({ variables: client.containers.variables, secrets: client.containers.secrets }),
};

/** The container family: an image from a registry, run with its variables, secrets, stage and optional deployment. */
export const container = defineResource({
  kind: "Container",
  noun: "container",
  schema: containerSchema,
  outputNames: [...serviceOutputNames, ...HOST_OUTPUTS, "registryUrl"],
  impliedOutputs: serviceImpliedOutputs,
  outputs: (record: ContainerRecord) => ({ registryUrl: record.registry?.url ?? undefined }),
  fromWire: serviceFromWire,
  fillServiceChoices: withRuntimeChoices,
  parts: serviceParts<ContainerInputs, ContainerRecord>("container", owner),
  calls: childCalls((client) => client.containers, "environmentId"),
});

/** The dynamic provider of {@link Container}. */
export const containerProvider = container.provider;

/**
 * A container run from an image of a {@link ContainerRegistry}, with its ports, probes, volumes, environment
 * variables, secrets and deployment stage. `secrets` is stored as a Pulumi secret. Changing `tag` updates the
 * container in place; with `deploy: true` the new tag is deployed and waited for.
 *
 * @example
 * const hub = new ContainerRegistry("hub", { organizationId: org.id, name: "docker-hub", kind: "DOCKER_HUB" });
 * const web = new Container("web", {
 *   environmentId: env.id, name: "web", registryId: hub.id, imageName: "nginx", tag: "1.27",
 *   ports: [{ internalPort: 80, publiclyAccessible: true }],
 *   environmentVariables: { LOG_LEVEL: "info" },
 *   deploy: true,
 * });
 *
 * @class
 */
export const Container = serviceObjectClass<ContainerArgs, typeof containerSchema, ContainerComputed>(container);
/** {@link Container} as a type: its outputs are every input as stored and what the service computes. */
export type Container = InstanceType<typeof Container>;
