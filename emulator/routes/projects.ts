import { baseFields, iso } from "../store";
import { assertNameFree } from "../uniqueness";
import { listOf } from "../schemas/common";
import { projectRequest, projectResponse } from "../schemas/projects";
import type { ProjectRec } from "../types";
import { needOrg, needProject, paginate } from "./lookup";
import { route, type Route, type RouteContext } from "./types";
import type { z } from "zod";

type ProjectBody = z.output<typeof projectRequest>;

function present(ctx: RouteContext, p: ProjectRec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: p.id, created_at: p.created_at, updated_at: p.updated_at, name: p.name,
    organization: { id: p.organization_id },
    associated_environments_count: ctx.world.store.environmentsOf(p.id).length,
  };
  if (p.description !== undefined) out["description"] = p.description;
  return out;
}

function assertFreeName(ctx: RouteContext, name: string, self?: string): void {
  assertNameFree(ctx.world.store.state.projects.values(), name, "case-insensitive", "project", "this organization", self);
}

/** Projects: collection under the organization, items at top level. */
export const projectRoutes: Route[] = [
  route({
    method: "GET", path: "/organization/{organizationId}/project", status: 200, summary: "List projects",
    response: listOf(projectResponse),
    handler: (ctx) => {
      needOrg(ctx);
      const all = [...ctx.world.store.state.projects.values()].map((p) => present(ctx, p));
      return paginate(ctx, all);
    },
  }),
  route({
    method: "POST", path: "/organization/{organizationId}/project", status: 200, summary: "Create a project",
    request: projectRequest, response: projectResponse,
    handler: (ctx) => {
      const org = needOrg(ctx);
      const body = ctx.body as ProjectBody;
      assertFreeName(ctx, body.name);
      const p: ProjectRec = { ...baseFields(ctx.now), organization_id: org.id, name: body.name, description: body.description ?? undefined };
      ctx.world.store.state.projects.set(p.id, p);
      return present(ctx, p);
    },
  }),
  route({
    method: "GET", path: "/project/{projectId}", status: 200, summary: "Get a project", response: projectResponse,
    handler: (ctx) => present(ctx, needProject(ctx)),
  }),
  route({
    method: "PUT", path: "/project/{projectId}", status: 200, summary: "Edit a project",
    request: projectRequest, response: projectResponse,
    handler: (ctx) => {
      const p = needProject(ctx);
      const body = ctx.body as ProjectBody;
      assertFreeName(ctx, body.name, p.id);
      p.name = body.name;
      if (body.description !== undefined) p.description = body.description ?? undefined;
      p.updated_at = iso(ctx.now);
      return present(ctx, p);
    },
  }),
  route({
    method: "DELETE", path: "/project/{projectId}", status: 204, summary: "Delete a project and everything in it",
    handler: (ctx) => {
      const p = needProject(ctx);
      ctx.world.store.removeProject(p.id);
    },
  }),
];
