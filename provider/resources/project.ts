import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { argsSchema } from "../framework/args";
import { field } from "../framework/fields";
import { idInput, nameInput } from "../framework/rules";
import type { ServiceValuesArgs } from "../framework/service-values";
import { defineValueOwner, valueOwnerSchema } from "../framework/value-owner";
import { serviceObjectClass, type ValueOwnerComputed } from "../framework/resource";
import type { AdoptableArgs } from "../framework/adoption";

/**
 * Inputs of a {@link Project}. The variable maps (`environmentVariables`, `secrets`, their files, aliases and
 * overrides) are the project's own (scope `PROJECT`, wire `/project/{id}/environmentVariable`, `/project/{id}/secret`),
 * seen by every environment and service of the project; an environment or a service may override or alias them.
 */
export interface ProjectArgs extends ServiceValuesArgs, AdoptableArgs {
  /** Organization that owns the project (wire: the `{organizationId}` of the create path). Changing it replaces the project. */
  organizationId: pulumi.Input<string>;
  /** Project name, unique within the organization (case-insensitive), 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
}

/** Validated project inputs: the single source of field names, types, defaults and wire spellings. */
export const projectSchema = argsSchema<ProjectArgs>()(valueOwnerSchema({
  organizationId: field(idInput(), { parent: "organization" }),
  name: nameInput(255),
  description: z.string().default(""),
}));
/** Project inputs after validation (defaults applied). */
export type ProjectInputs = z.output<typeof projectSchema>;

/** The project family: its schema and calls; everything else is derived. */
export const project = defineValueOwner({
  kind: "Project", noun: "project", scope: "PROJECT", schema: projectSchema, parentKey: "organizationId", group: (client) => client.projects,
});

/** The dynamic provider of {@link Project}. */
export const projectProvider = project.provider;

/**
 * A project of an organization: the container of environments, with the variables and secrets every environment
 * and service of it sees.
 *
 * @example
 * const project = new Project("web", {
 *   organizationId: org.id, name: "web",
 *   environmentVariables: { LOG_LEVEL: "info" },
 *   secrets: { SENTRY_DSN: config.requireSecret("sentryDsn") },
 * });
 *
 * @class
 */
export const Project = serviceObjectClass<ProjectArgs, typeof projectSchema, ValueOwnerComputed>(project);
/** {@link Project} as a type: its outputs are every input as stored and what the service computes. */
export type Project = InstanceType<typeof Project>;
