/** Projects: created inside an organization; they hold environments. */
import { z } from "zod";
import { records } from "./crud";
import { path } from "./path";
import { Reference, maybe, namedRecord } from "./schema";

/** A project record. */
export const Project = namedRecord({
  /** Free text. */
  description: maybe(z.string()),
  /** How many environments the project holds. */
  associated_environments_count: maybe(z.number()),
  /** The organization that owns the project. */
  organization: maybe(Reference),
});
/**
 * A project record.
 * @interface
 */
export type Project = z.infer<typeof Project>;

/** Body of a project create or update; `name` is unique within the organization. */
export const ProjectRequest = z.looseObject({
  /** Project name, unique within the organization. */
  name: z.string().min(1),
  /** Free text. */
  description: z.string().optional(),
});
/** Body of a project create or update. */
export type ProjectRequest = z.input<typeof ProjectRequest>;

/** Endpoints of projects: an update replaces the name and description. */
export class ProjectsApi extends records({
  what: "project", naturalKey: "name", record: Project, createRequest: ProjectRequest, editRequest: ProjectRequest,
  list: (organizationId: string) => path`/organization/${organizationId}/project`,
  item: (projectId: string) => path`/project/${projectId}`,
}) {}
