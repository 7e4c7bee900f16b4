import { createProject, deleteProject, editProject, type ProjectRec } from "../models/projects";
import { projectRequest, projectResponse } from "../schemas/projects";
import { crudRoutes } from "./crud";
import { needOrg, needProject, orgRecords } from "./lookup";
import type { Route, RouteContext } from "./types";
import { environmentsOf } from "../models/queries";

function present(ctx: RouteContext, p: ProjectRec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: p.id, created_at: p.created_at, updated_at: p.updated_at, name: p.name,
    organization: { id: p.organization_id },
    associated_environments_count: environmentsOf(ctx.world.store, p.id).length,
  };
  out["description"] = p.description ?? ""; // the live service fills an unset description with ""
  return out;
}

/** Projects: collection under the organization, items at top level. */
export const projectRoutes: Route[] = crudRoutes({
  access: { read: "read", write: "write" },
  collection: "/organization/{organizationId}/project", item: "/project/{projectId}", createStatus: 200,
  summaries: {
    list: "List projects", create: "Create a project", get: "Get a project", edit: "Edit a project",
    delete: "Delete a project and everything in it",
  },
  createRequest: projectRequest, editRequest: projectRequest, response: projectResponse, present,
  list: (ctx) => orgRecords(ctx, ctx.world.store.state.projects),
  find: (ctx) => needProject(ctx),
  create: (ctx, body) => createProject(ctx, needOrg(ctx).id, body),
  edit: editProject,
  remove: deleteProject,
});
