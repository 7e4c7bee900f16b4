/**
 * What the organization families share about roles: the permission levels of custom roles, and how a role the
 * program names (a built-in role's name, or a custom role's id) becomes the `role_id` the service takes.
 */
import type { z } from "zod";
import { CLUSTER_PERMISSIONS, PROJECT_PERMISSIONS, ROLE_ENVIRONMENT_TYPES, type DeployServiceClient } from "../../sdk";
import { describeFailure } from "../framework/errors";

/** Permission levels on a cluster, from the lowest to the highest: the sdk's. */
export { CLUSTER_PERMISSIONS, PROJECT_PERMISSIONS };
/** A permission level on a cluster. */
export type ClusterPermission = (typeof CLUSTER_PERMISSIONS)[number];
/** A permission level in a project's environments of one type. */
export type ProjectPermission = (typeof PROJECT_PERMISSIONS)[number];
/** Environment types a project permission is given for: the sdk's. */
export const ENVIRONMENT_TYPES = ROLE_ENVIRONMENT_TYPES;
/** An environment type. */
export type EnvironmentType = (typeof ROLE_ENVIRONMENT_TYPES)[number];

/** A custom role's permission on one cluster, as the resource's outputs and the lookups give it. */
export interface ClusterPermissionEntry {
  /** The cluster. */
  clusterId: string;
  /** The permission. */
  permission: ClusterPermission;
}

/** A custom role's permission in a project's environments of one type. */
export interface EnvironmentPermissionEntry {
  /** The environment type. */
  environmentType: EnvironmentType;
  /** The permission. */
  permission: ProjectPermission;
}

/** A custom role's permissions in one project. */
export interface ProjectPermissionEntry {
  /** The project. */
  projectId: string;
  /** Project admin: manager of every environment type. */
  isAdmin: boolean;
  /** The permission per environment type. */
  permissions: EnvironmentPermissionEntry[];
}

/** How a resource names a role: exactly one of a role's name and its id. */
export interface RoleChoice {
  /** A role's name as the organization lists it (`Admin`, `Viewer`, a custom role's name), compared without regard to case. */
  role?: string | undefined;
  /** A role's id (a `CustomRole`'s id, or any id the organization's roles list). */
  roleId?: string | undefined;
}

/** Whether two role names are the same role (the service's names are compared without regard to case). */
export function sameRoleName(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : v ?? undefined);
  return norm(a) === norm(b);
}

/**
 * The id of the role a program names: `roleId` as it is, or the role of the organization whose name is `role`.
 * A name matching none fails naming the roles the organization has.
 */
export async function roleIdFor(client: DeployServiceClient, organizationId: string, choice: RoleChoice): Promise<string> {
  if (choice.roleId !== undefined) return choice.roleId;
  const wanted = choice.role ?? "";
  let roles;
  try {
    roles = await client.organizations.availableRoles(organizationId);
  } catch (e) {
    throw describeFailure(e, `listing the roles of organization ${organizationId}`);
  }
  const found = roles.filter((r) => sameRoleName(r.name, wanted));
  if (found.length === 1) return found[0]!.id;
  const names = roles.map((r) => JSON.stringify(r.name)).join(", ");
  if (found.length === 0) {
    throw new Error(`deploy-service: no role named ${JSON.stringify(wanted)} in organization ${organizationId} (it has: ${names || "none"}); give one of these, or roleId`);
  }
  throw new Error(`deploy-service: ${found.length} roles named ${JSON.stringify(wanted)} in organization ${organizationId} (${found.map((r) => r.id).join(", ")}); give roleId`);
}

/**
 * A zod refinement: exactly one of `role` and `roleId` (a value not known yet counts as given).
 */
export function refineRoleChoice(v: { role?: unknown; roleId?: unknown }, ctx: z.RefinementCtx): void {
  const given = (x: unknown) => x !== undefined && x !== "";
  if (given(v.role) === given(v.roleId)) {
    ctx.addIssue({ code: "custom", path: ["role"], message: `expected exactly one of role (a role's name) and roleId, got ${given(v.role) ? "both" : "neither"}` });
  }
}
