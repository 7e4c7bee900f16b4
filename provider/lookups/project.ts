import type { Project } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import { projectSchema, type ProjectArgs } from "../resources/project";
import type { PlainArgs } from "./core";
import { lookups, parentLookup, type NameInParentArgs } from "./family";

/** Arguments of {@link getProjectOutput}: the project's id, or its name in its organization (`organizationId`, checked when given with `id`). */
export type GetProjectOutputArgs = NameInParentArgs<"organizationId">;
/** Arguments of {@link getProject}: those of {@link GetProjectOutputArgs} with plain values. */
export type GetProjectArgs = PlainArgs<GetProjectOutputArgs>;

/** A project found by {@link getProject} or {@link getProjectOutput}, in the spelling of `ProjectArgs`. */
export interface ProjectResult extends LookupResult<Pick<ProjectArgs, "name" | "organizationId" | "description">, "name" | "organizationId"> {}

const projects = parentLookup<typeof projectSchema, Project, ProjectResult>("Project", {
  schema: projectSchema, fields: ["name", "description"], get: (client, id) => client.projects.get(id), timestamps: true,
});

export const { findProject,
  /**
   * Looks up a project the stack uses but does not manage, by id or by name in its organization (compared ignoring
   * letter case, as the service does), with plain values, in a Promise. None or several matching fail naming the
   * organization's projects.
   *
   * @example
   * const shop = getProjectOutput({ organizationId: org.id, name: "shop" });
   * new Environment("qa", { projectId: shop.id, name: "qa" });
   */
  getProject,
  /** {@link getProject} taking Inputs and answering an Output. */
  getProjectOutput } = lookups<"Project", GetProjectOutputArgs, ProjectResult>("Project", projects);
