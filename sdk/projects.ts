/** Projects: created inside an organization; they hold environments. */
import { z } from "zod";
import type { RequestCore } from "./core";
import { path } from "./path";
import { Reference, maybe } from "./schema";

/** A project record. */
export const Project = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: maybe(z.string()),
  created_at: maybe(z.string()),
  updated_at: maybe(z.string()),
  associated_environments_count: maybe(z.number()),
  organization: maybe(Reference),
});
/** A project record. */
export type Project = z.infer<typeof Project>;

/** Body of a project create or update; `name` is unique within the organization. */
export const ProjectRequest = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
});
/** Body of a project create or update. */
export type ProjectRequest = z.input<typeof ProjectRequest>;

/** Endpoints of projects. */
export class ProjectsApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Lists the projects of an organization. */
  async list(organizationId: string): Promise<Project[]> {
    return this.core.list(path`/organization/${organizationId}/project`, Project);
  }

  /** Creates a project. If the answer is lost, finds the project by name instead of creating a second. */
  create(organizationId: string, request: ProjectRequest): Promise<Project> {
    return this.core.call({
      method: "POST", path: path`/organization/${organizationId}/project`, body: request, requestSchema: ProjectRequest,
      response: Project,
      what: `project ${JSON.stringify(request.name)}`,
      recover: async () => (await this.list(organizationId)).find((p) => p.name === request.name),
    });
  }

  /** Reads one project. */
  get(projectId: string): Promise<Project> {
    return this.core.call({ method: "GET", path: path`/project/${projectId}`, response: Project });
  }

  /** Replaces a project's name and description. */
  update(projectId: string, request: ProjectRequest): Promise<Project> {
    return this.core.call({ method: "PUT", path: path`/project/${projectId}`, body: request, requestSchema: ProjectRequest, response: Project });
  }

  /** Deletes a project; a missing project throws NotFoundError (test with `isNotFound`). */
  async delete(projectId: string): Promise<void> {
    await this.core.call({ method: "DELETE", path: path`/project/${projectId}` });
  }
}
