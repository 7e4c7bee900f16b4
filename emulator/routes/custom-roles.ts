import { createCustomRole, deleteCustomRole, effectiveClusterPermissions, effectiveProjectPermissions, updateCustomRole, type CustomRoleRec } from "../models/custom-roles";
import { customRoleCreateRequest, customRoleResponse, customRoleUpdateRequest } from "../schemas/team";
import { crudRoutes } from "./crud";
import { needOrg, needOrgRecord, orgRecords } from "./lookup";
import type { Route, RouteContext } from "./types";

function present(ctx: RouteContext, r: CustomRoleRec): Record<string, unknown> {
  return {
    id: r.id, name: r.name, description: r.description,
    cluster_permissions: effectiveClusterPermissions(ctx, r), project_permissions: effectiveProjectPermissions(ctx, r),
  };
}

/** Custom roles: create (name, description), get, update (name, description, permissions), delete. */
export const customRoleRoutes: Route[] = crudRoutes({
  access: { read: "admin", write: "admin" },
  collection: "/organization/{organizationId}/customRole", item: "/organization/{organizationId}/customRole/{customRoleId}",
  summaries: {
    list: "List custom roles", create: "Create a custom role (lowest permissions everywhere)", get: "Get a custom role",
    edit: "Update a custom role's name, description and permissions (entries left out go back to the lowest)", delete: "Delete a custom role",
  },
  createStatus: 201, createRequest: customRoleCreateRequest, editRequest: customRoleUpdateRequest, response: customRoleResponse,
  list: (ctx) => orgRecords(ctx, ctx.world.store.state.customRoles).sort((a, b) => a.name.localeCompare(b.name)),
  find: (ctx) => needOrgRecord(ctx, ctx.world.store.state.customRoles, "custom role", "customRoleId"),
  create: (ctx, body) => createCustomRole(ctx, needOrg(ctx).id, body),
  edit: updateCustomRole, remove: deleteCustomRole, present,
});
