import type * as pulumi from "@pulumi/pulumi";
import type { DeployServiceClient, Project } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import { projectSchema } from "../resources/project";
import { defined, definedFields, idOf, lookupPair, timestampsOf, type LookupFamily, type NameOrIdArgs, type PlainArgs } from "./core";
import type { ResultMatch } from "./result-match";

/** Arguments of {@link getProjectOutput}: the project's id, or its name in its organization. */
export interface GetProjectOutputArgs extends NameOrIdArgs {
  /** Organization owning the project: needed with `name`, checked when given with `id`. */
  organizationId?: pulumi.Input<string>;
}

/** Arguments of {@link getProject}: those of {@link GetProjectOutputArgs} with plain values. */
export type GetProjectArgs = PlainArgs<GetProjectOutputArgs>;

/** A project found by {@link getProject} or {@link getProjectOutput}, in the spelling of `ProjectArgs`. */
export interface ProjectResult {
  /** Project id (use it as an environment's `projectId`). */
  id: string;
  /** Project name. */
  name: string;
  /** Organization owning the project. */
  organizationId: string;
  /** Free text, when the project has one. */
  description?: string;
  /** When it was created (ISO 8601), when the service says. */
  createdAt?: string;
  /** When it last changed (ISO 8601), when the service says. */
  updatedAt?: string;
}

const projects: LookupFamily<Project, ProjectResult> = {
  lookup: "getProject", nouns: "projects", key: NATURAL_KEYS["Project"]!,
  get: (client, id) => client.projects.get(id),
  parentOf: (r) => idOf(r.organization),
  result: (r, organizationId) => defined<ProjectResult>({
    id: r.id, name: r.name, organizationId, ...definedFields(projectSchema, r, ["description"]), ...timestampsOf(r),
  }),
};

const projectLookup = lookupPair<GetProjectOutputArgs, ProjectResult, Project>(projects);
const resultMatchesSchema: ResultMatch<ProjectResult, typeof projectSchema> = true;
void resultMatchesSchema;

/**
 * Finds a project by id, or by name in its organization (compared ignoring letter case, as the service does).
 * None or several matching fail naming the organization's projects.
 */
export const findProject: (client: DeployServiceClient, args: GetProjectArgs) => Promise<ProjectResult> = projectLookup.find;

/**
 * Looks up a project the stack uses but does not manage, with plain arguments; give exactly one of `id` and `name`
 * (`name` needs `organizationId`).
 *
 * @example
 * const shop = await getProject({ organizationId: "3f2a...", name: "shop" });
 * new Environment("qa", { projectId: shop.id, name: "qa" });
 */
export const getProject: (args: GetProjectArgs) => Promise<ProjectResult> = projectLookup.get;

/**
 * Looks up a project, accepting Inputs (outputs of other resources or lookups) and returning an Output.
 *
 * @example
 * const shop = getProjectOutput({ organizationId: org.id, name: "shop" });
 * new Environment("qa", { projectId: shop.id, name: "qa" });
 */
export const getProjectOutput: (args: GetProjectOutputArgs) => pulumi.Output<ProjectResult> = projectLookup.getOutput;
