import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { ENVIRONMENT_MODES } from "../../sdk";
import { argsSchema } from "../framework/args";
import { field } from "../framework/fields";
import { idInput, nameInput } from "../framework/rules";
import type { ServiceValuesArgs } from "../framework/service-values";
import { defineValueOwner, valueOwnerSchema } from "../framework/value-owner";
import { ServiceObjectResource, familyResourceArgs, type ValueOwnerComputed } from "../framework/resource";
import type { ResourceOutputs } from "../framework/outputs";
import type { AdoptableArgs } from "../framework/adoption";

/** Modes a program may give an environment (`PREVIEW` is set by the service only). */
export { ENVIRONMENT_MODES };

/** Mode of an environment. */
export type EnvironmentMode = (typeof ENVIRONMENT_MODES)[number];

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
  /** `DEVELOPMENT`, `STAGING` or `PRODUCTION`. Default: `DEVELOPMENT`. Wire: `mode`. */
  mode?: pulumi.Input<EnvironmentMode>;
  /**
   * Cluster the environment runs on (wire: `cluster` on create, `cluster_id` in responses). Default: the
   * organization's default cluster, chosen by the service. The cluster cannot change: changing it replaces the environment.
   */
  clusterId?: pulumi.Input<string>;
}

/** What the service says of an environment beyond its inputs: outputs of an {@link Environment}, members of a lookup's result. */
export interface EnvironmentComputed extends ValueOwnerComputed {
  /** `DEVELOPMENT`, `STAGING`, `PRODUCTION`, or `PREVIEW` for an environment the service made. */
  mode: EnvironmentMode | "PREVIEW";
  /** Cluster the environment runs on: the one given, else the one the service chose. */
  clusterId: string;
}

/** Validated environment inputs: the single source of field names, types and defaults. */
export const environmentSchema = argsSchema<EnvironmentArgs>()(valueOwnerSchema({
  projectId: field(idInput(), { parent: "project" }),
  name: nameInput(255),
  mode: z.enum(ENVIRONMENT_MODES).default("DEVELOPMENT"),
  // Sent as `cluster` (WIRE difference 1), answered as `cluster_id`; the service cannot move an environment.
  clusterId: field(idInput().optional(), { wire: "cluster", readAs: "cluster_id", replace: true, computed: true, createOnly: true }),
}));
/** Environment inputs after validation (defaults applied). */
export type EnvironmentInputs = z.output<typeof environmentSchema>;

/** The environment family: its schema and calls; everything else is derived. */
export const environment = defineValueOwner({
  kind: "Environment", noun: "environment", scope: "ENVIRONMENT", schema: environmentSchema, parentKey: "projectId", group: (client) => client.environments,
});

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
 */
export class Environment extends ServiceObjectResource {
  /**
   * @param name the Pulumi resource name.
   * @param args the environment's inputs.
   * @param opts resource options.
   */
  constructor(name: string, args: EnvironmentArgs, opts?: pulumi.CustomResourceOptions) {
    super(...familyResourceArgs(environment, name, args, opts));
  }
}
// Its outputs: every input as stored and what the service computes (see framework/outputs.ts).
export interface Environment extends ResourceOutputs<EnvironmentArgs, typeof environmentSchema, EnvironmentComputed> {}
