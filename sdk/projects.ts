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

/** Endpoints of projects. */
export class ProjectsApi extends records({
  what: "project", naturalKey: "name", record: Project, createRequest: ProjectRequest, editRequest: ProjectRequest,
  list: (organizationId: string) => path`/organization/${organizationId}/project`,
  item: (projectId: string) => path`/project/${projectId}`,
}) {}

export interface ProjectsApi {
  /** Lists the projects of an organization. */
  list(organizationId: string): Promise<Project[]>;
  /** Creates a project. If the answer is lost, finds the project by name instead of creating a second. */
  create(organizationId: string, request: ProjectRequest): Promise<Project>;
  /** Reads one project. */
  get(projectId: string): Promise<Project>;
  /** Replaces a project's name and description. */
  update(projectId: string, request: ProjectRequest): Promise<Project>;
  /** Deletes a project; a missing project throws NotFoundError (test with `isNotFound`). */
  delete(projectId: string): Promise<void>;
}
