import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { ArgsMatch } from "../framework/args";
import { childCalls, defineResource } from "../framework/define";
import { field } from "../framework/fields";
import { idInput, nameInput } from "../framework/rules";
import { ServiceObjectResource } from "../framework/resource";

/** Inputs of a {@link Project}. */
export interface ProjectArgs {
  /** Organization that owns the project (wire: the `{organizationId}` of the create path). Changing it replaces the project. */
  organizationId: pulumi.Input<string>;
  /** Project name, unique within the organization (case-insensitive), 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
}

/** Validated project inputs: the single source of field names, types, defaults and wire spellings. */
export const projectSchema = z.strictObject({
  organizationId: field(idInput(), { parent: "organization" }),
  name: nameInput(255),
  description: z.string().default(""),
});
/** Project inputs after validation (defaults applied). */
export type ProjectInputs = z.output<typeof projectSchema>;
const argsMatchSchema: ArgsMatch<ProjectArgs, typeof projectSchema> = true;
void argsMatchSchema;

/** The project family: its schema and calls; everything else is derived. */
export const project = defineResource({
  kind: "Project",
  noun: "project",
  schema: projectSchema,
  calls: childCalls((client) => client.projects, "organizationId"),

});

/** The dynamic provider of {@link Project}. */
export const projectProvider = project.provider;

/**
 * A project of an organization: the container of environments.
 *
 * @example
 * const project = new Project("web", { organizationId: org.id, name: "web" });
 */
export class Project extends ServiceObjectResource {
  /** Organization that owns the project. */
  declare readonly organizationId: pulumi.Output<string>;
  /** Project name. */
  declare readonly name: pulumi.Output<string>;
  /** Free text. */
  declare readonly description: pulumi.Output<string>;

  /**
   * @param name the Pulumi resource name.
   * @param args the project's inputs.
   * @param opts resource options.
   */
  constructor(name: string, args: ProjectArgs, opts?: pulumi.CustomResourceOptions) {
    super(project, name, args, opts);
  }
}
