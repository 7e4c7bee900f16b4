import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { ENVIRONMENT_MODES, ENVIRONMENT_TYPES } from "../../sdk";
import { argsSchema } from "../framework/args";
import { field } from "../framework/fields";
import { idInput, nameInput } from "../framework/rules";
import type { ServiceValuesArgs } from "../framework/service-values";
import { defineValueOwner, valueOwnerSchema } from "../framework/value-owner";
import { serviceObjectClass, type ValueOwnerComputed } from "../framework/resource";
import type { AdoptableArgs } from "../framework/adoption";
import { cloneAwareCalls, refineCloneInputs, withPreviewReplacement } from "./environment-clone";

/** Modes a program may give an environment it creates (`PREVIEW` is made by a clone only). */
export { ENVIRONMENT_MODES };

/** Mode of an environment: `PREVIEW` only on a clone (`cloneFrom`). */
export type EnvironmentMode = (typeof ENVIRONMENT_TYPES)[number];

/**
 * Inputs of an {@link Environment}. The variable maps (`environmentVariables`, `secrets`, their files, aliases and
 * overrides) are the environment's own (scope `ENVIRONMENT`, wire `/environment/{id}/environmentVariable`,
 * `/environment/{id}/secret`), seen by every service of the environment; `environmentVariableOverrides` and
 * `secretOverrides` give the environment its own value of a project's variable.
 */
export interface EnvironmentArgs extends ServiceValuesArgs, AdoptableArgs {
  /** Project holding the environment (wire: the `{projectId}` of the create path). Changing it replaces the environment. */
  projectId: pulumi.Input<string>;
  /** Environment name, unique within the project (case-insensitive), 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /**
   * `DEVELOPMENT`, `STAGING` or `PRODUCTION`; `PREVIEW` on a clone only (`cloneFrom`: the service's create refuses it,
   * its clone takes it), the mode of the service's own pull-request environments, whose services deploy each new
   * commit of their branch when they have `autoPreview`. Default: `DEVELOPMENT` (a clone too: the source's mode is
   * not kept unless given). Wire: `mode`. A change between the three is an edit, and so is a move away from
   * `PREVIEW`; a move to `PREVIEW` replaces the environment (a new clone: the service's edit does not take it).
   */
  mode?: pulumi.Input<EnvironmentMode>;
  /**
   * Id of an environment to copy: the environment is then made by the service's clone
   * (`POST /environment/{cloneFrom}/clone`), with copies of the source's services (new ids, not deployed), variables,
   * secrets and settings, in `projectId` under `name`, on `clusterId` (default: the source's cluster) and in `mode`.
   * After the create it is an environment like any other: its services can be adopted by name in the same program
   * (`new Application("front", { environmentId: env.id, name: "front", ..., adopt: true })`) to change their branch
   * or image tag. Changing it (or setting or removing it) replaces the environment.
   */
  cloneFrom?: pulumi.Input<string>;
  /**
   * With `cloneFrom`: apply the project's deployment rules to the new environment (wire: `apply_deployment_rule`).
   * Default: false, the service's. Changing it replaces the environment.
   */
  applyDeploymentRule?: pulumi.Input<boolean>;
  /**
   * Cluster the environment runs on (wire: `cluster` on create, `cluster_id` in responses). Default: the
   * organization's default cluster, chosen by the service. The cluster cannot change: changing it replaces the environment.
   */
  clusterId?: pulumi.Input<string>;
}

/** What the service says of an environment beyond its inputs: outputs of an {@link Environment}, members of a lookup's result. */
export interface EnvironmentComputed extends ValueOwnerComputed {
  /** `DEVELOPMENT`, `STAGING`, `PRODUCTION`, or `PREVIEW` for a clone or an environment the service made. */
  mode: EnvironmentMode;
  /** Cluster the environment runs on: the one given, else the one the service chose. */
  clusterId: string;
}

/** Validated environment inputs: the single source of field names, types and defaults. */
export const environmentSchema = argsSchema<EnvironmentArgs>()(valueOwnerSchema({
  projectId: field(idInput(), { parent: "project" }),
  name: nameInput(255),
  mode: z.enum(ENVIRONMENT_TYPES).default("DEVELOPMENT"),
  // Sent as `cluster` (WIRE difference 1), answered as `cluster_id`; the service cannot move an environment.
  clusterId: field(idInput().optional(), { wire: "cluster", readAs: "cluster_id", replace: true, computed: true, createOnly: true }),
  // Never in a body: the clone's path and its own fields (environment-clone.ts); the record does not say them.
  cloneFrom: field(idInput().optional(), { wire: false, replace: true }),
  applyDeploymentRule: field(z.boolean().optional(), { wire: false, replace: true }),
}).superRefine(refineCloneInputs));
/** Environment inputs after validation (defaults applied). */
export type EnvironmentInputs = z.output<typeof environmentSchema>;

const defined = defineValueOwner({
  kind: "Environment", noun: "environment", scope: "ENVIRONMENT", schema: environmentSchema, parentKey: "projectId",
  group: (client) => client.environments, calls: cloneAwareCalls,
});
/** The environment family: its schema and calls; everything else is derived (a move to `PREVIEW` replaces). */
export const environment = { ...defined, provider: withPreviewReplacement(defined.provider) };

/** The dynamic provider of {@link Environment}. */
export const environmentProvider = environment.provider;

/**
 * An environment of a project, bound to a cluster: the container of applications, databases and deployment stages.
 *
 * @example
 * const staging = new Environment("staging", {
 *   projectId: project.id, name: "staging", mode: "STAGING", clusterId: cluster.id,
 *   environmentVariableOverrides: { LOG_LEVEL: "debug" },   // the project's LOG_LEVEL, set for this environment
 *   environmentVariableAliases: { NAMESPACE: "QOVERY_KUBERNETES_NAMESPACE_NAME" },
 * });
 *
 * @class
 */
export const Environment = serviceObjectClass<EnvironmentArgs, typeof environmentSchema, EnvironmentComputed>(environment);
/** {@link Environment} as a type: its outputs are every input as stored and what the service computes. */
export type Environment = InstanceType<typeof Environment>;
