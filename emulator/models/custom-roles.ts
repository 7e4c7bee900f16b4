/**
 * Custom roles: a permission per cluster and per project (per environment type, or project admin). The record keeps
 * the permissions an update gave; every cluster and project without one has the lowest (`VIEWER`, `NO_ACCESS`), and
 * the answer lists every cluster and project there is (a deleted project's entry is dropped).
 */
import { z } from "zod";
import { ApiError, badRequest, conflict } from "../server/errors";
import type { customRoleCreateRequest, customRoleUpdateRequest } from "../schemas/team";
import { ROLE_ENVIRONMENT_TYPES } from "../schemas/team";
import { baseFields, touch, type BaseRec, type ModelContext } from "./records";
import { BUILTIN_ROLES } from "./roles";
import { sameName } from "./uniqueness";
import { base, str } from "./record-forms";
import { read, slice, view } from "./slice";
import type { clusterSlice } from "./clusters";
import type { invitationSlice } from "./invitations";
import type { memberSlice } from "./members";
import type { tokenSlice } from "./organization";
import type { projectSlice } from "./projects";

/** A project's permission per environment type. */
export interface EnvironmentPermission {
  environment_type: (typeof ROLE_ENVIRONMENT_TYPES)[number];
  permission: "NO_ACCESS" | "VIEWER" | "DEPLOYER" | "MANAGER";
}

/** A custom role. */
export interface CustomRoleRec extends BaseRec {
  organization_id: string;
  name: string;
  description: string;
  cluster_permissions: Array<{ cluster_id: string; permission: "VIEWER" | "ENV_CREATOR" | "ADMIN" }>;
  project_permissions: Array<{ project_id: string; is_admin: boolean; permissions: EnvironmentPermission[] }>;
}

/** The customRoles of the state (see `slice.ts`). */
export const customRoleSlice = slice<CustomRoleRec>().keyed("customRoles", z.looseObject({
  ...base, organization_id: str, name: str, description: str,
  cluster_permissions: z.array(z.looseObject({ cluster_id: str, permission: str })),
  project_permissions: z.array(z.looseObject({ project_id: str, is_admin: z.boolean(), permissions: z.array(z.looseObject({ environment_type: str, permission: str })) })),
}));

type CreateInput = z.output<typeof customRoleCreateRequest>;
type UpdateInput = z.output<typeof customRoleUpdateRequest>;

/** 409 when the name is a built-in role's or another custom role's (names compared ignoring case; see `uniqueness.ts`). */
function checkName(m: ModelContext, name: string, self?: string): void {
  const taken = [...BUILTIN_ROLES, ...customRoleSlice.of(m.world.store).values()].find((r) => r.id !== self && sameName(r.name, name, "case-insensitive"));
  if (taken) throw conflict(`name: the organization already has a role named '${taken.name}'`);
}

/** Creates a custom role with the lowest permissions everywhere. */
export function createCustomRole(m: ModelContext, orgId: string, b: CreateInput): CustomRoleRec {
  checkName(m, b.name);
  const rec: CustomRoleRec = {
    ...baseFields(m.now), organization_id: orgId, name: b.name, description: b.description ?? "", cluster_permissions: [], project_permissions: [],
  };
  customRoleSlice.of(m.world.store).set(rec.id, rec);
  return rec;
}

function checkUnique(ids: string[], field: string): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) throw badRequest(`${field}[${i}]`, `lists ${id} twice`);
    seen.add(id);
  });
}

/** Replaces a custom role's name, description and permissions. */
export function updateCustomRole(m: ModelContext, rec: CustomRoleRec, b: UpdateInput): void {
  const s = view<typeof clusterSlice | typeof projectSlice>(m.world.store);
  checkName(m, b.name, rec.id);
  checkUnique(b.cluster_permissions.map((p) => p.cluster_id), "cluster_permissions");
  checkUnique(b.project_permissions.map((p) => p.project_id), "project_permissions");
  b.cluster_permissions.forEach((p, i) => {
    if (!s.clusters.some((c) => c.id === p.cluster_id)) throw badRequest(`cluster_permissions[${i}].cluster_id`, `no cluster ${p.cluster_id} in this organization`);
  });
  b.project_permissions.forEach((p, i) => {
    if (!s.projects.has(p.project_id)) throw badRequest(`project_permissions[${i}].project_id`, `no project ${p.project_id} in this organization`);
    if (!p.is_admin && p.permissions === undefined) throw badRequest(`project_permissions[${i}].permissions`, "required unless is_admin is true");
    checkUnique((p.permissions ?? []).map((e) => e.environment_type), `project_permissions[${i}].permissions`);
  });
  rec.name = b.name;
  rec.description = b.description ?? "";
  rec.cluster_permissions = b.cluster_permissions.map((p) => ({ cluster_id: p.cluster_id, permission: p.permission }));
  rec.project_permissions = b.project_permissions.map((p) => ({
    project_id: p.project_id, is_admin: p.is_admin, permissions: (p.permissions ?? []).map((e) => ({ ...e })),
  }));
  touch(rec, m.now);
}

/** Deletes a custom role; 400 while a member, an invitation or an API token has it. */
export function deleteCustomRole(m: ModelContext, rec: CustomRoleRec): void {
  const s = view<typeof customRoleSlice | typeof invitationSlice | typeof memberSlice | typeof tokenSlice>(m.world.store);
  const users = [
    ...[...s.members.values()].filter((x) => x.role_id === rec.id).map((x) => `member ${x.email}`),
    ...[...s.invitations.values()].filter((x) => x.role_id === rec.id).map((x) => `invitation of ${x.email}`),
    ...s.tokens.filter((t) => t.role_id === rec.id).map((t) => `API token '${t.name}'`),
  ];
  if (users.length > 0) throw new ApiError(400, `customRoleId: role '${rec.name}' is still given to ${users.sort().join(", ")}`);
  s.customRoles.delete(rec.id);
}

/** The role's permission on every cluster of the organization. */
export function effectiveClusterPermissions(m: ModelContext, rec: CustomRoleRec): Array<{ cluster_id: string; cluster_name: string; permission: string }> {
  return read<typeof clusterSlice>(m.world.store, "clusters").map((c) => ({
    cluster_id: c.id, cluster_name: c.name,
    permission: rec.cluster_permissions.find((p) => p.cluster_id === c.id)?.permission ?? "VIEWER",
  }));
}

/** The role's permissions on every project of the organization, one per environment type. */
export function effectiveProjectPermissions(m: ModelContext, rec: CustomRoleRec): Array<Record<string, unknown>> {
  return [...read<typeof projectSlice>(m.world.store, "projects").values()].map((project) => {
    const given = rec.project_permissions.find((p) => p.project_id === project.id);
    const isAdmin = given?.is_admin ?? false;
    return {
      project_id: project.id, project_name: project.name, is_admin: isAdmin,
      permissions: ROLE_ENVIRONMENT_TYPES.map((type) => ({
        environment_type: type,
        permission: isAdmin ? "MANAGER" : given?.permissions.find((e) => e.environment_type === type)?.permission ?? "NO_ACCESS",
      })),
    };
  });
}
