/**
 * Custom roles of an organization: a permission per cluster and, per project, per environment type. Members and API
 * tokens are given a custom role by its id.
 */
import { z } from "zod";
import { records } from "./crud";
import type { ENVIRONMENT_TYPES, EnvironmentType } from "./environments";
import { path } from "./path";
import { maybe, openEnum } from "./schema";

/** A custom role's permission on a cluster, lowest first: read, deploy on it, change its settings. */
export const CLUSTER_PERMISSIONS = ["VIEWER", "ENV_CREATOR", "ADMIN"] as const;
/** A custom role's permission on a project's environments of one type, lowest first. */
export const PROJECT_PERMISSIONS = ["NO_ACCESS", "VIEWER", "DEPLOYER", "MANAGER"] as const;
/**
 * The environment types a project permission is given for ({@link ENVIRONMENT_TYPES}), in the order a custom role's
 * permissions are sent: every type once, checked at compile time.
 */
export const ROLE_ENVIRONMENT_TYPES = ["DEVELOPMENT", "PREVIEW", "STAGING", "PRODUCTION"] as const satisfies ReadonlyArray<EnvironmentType>;
/** Fails to compile when {@link ROLE_ENVIRONMENT_TYPES} leaves an environment type out. */
const everyTypeHasARolePermission: Exclude<EnvironmentType, (typeof ROLE_ENVIRONMENT_TYPES)[number]> extends never ? true : never = true;
void everyTypeHasARolePermission;

/** A custom role as the service answers it: every cluster and every project with the role's permission on it. */
export const CustomRole = z.looseObject({
  /** The role's id. */
  id: z.string(),
  /** The role's name. */
  name: maybe(z.string()),
  /** Free text. */
  description: maybe(z.string()),
  /** The permission on each cluster of the organization. */
  cluster_permissions: maybe(z.array(z.looseObject({
    cluster_id: maybe(z.string()),
    cluster_name: maybe(z.string()),
    permission: maybe(openEnum(CLUSTER_PERMISSIONS)),
  }))),
  /** The permissions on each project of the organization. */
  project_permissions: maybe(z.array(z.looseObject({
    project_id: maybe(z.string()),
    project_name: maybe(z.string()),
    /** True: manager of every environment type, may manage deployment rules and delete the project. */
    is_admin: maybe(z.boolean()),
    permissions: maybe(z.array(z.looseObject({
      environment_type: maybe(openEnum(ROLE_ENVIRONMENT_TYPES)),
      permission: maybe(openEnum(PROJECT_PERMISSIONS)),
    }))),
  }))),
});
/** A custom role. */
export type CustomRole = z.infer<typeof CustomRole>;

/** Body of a custom role's create: its name and description (permissions are set by an update). */
export const CustomRoleCreateRequest = z.looseObject({
  /** The role's name. */
  name: z.string().min(1),
  /** Free text. */
  description: z.string().optional(),
});
/** Body of a custom role's create. */
export type CustomRoleCreateRequest = z.input<typeof CustomRoleCreateRequest>;

/** The permission on one cluster in an update. */
export const ClusterPermissionRequest = z.looseObject({
  cluster_id: z.string().min(1),
  permission: z.enum(CLUSTER_PERMISSIONS),
});

/** The permissions on one project in an update: `is_admin`, or a permission per environment type. */
export const ProjectPermissionRequest = z
  .looseObject({
    project_id: z.string().min(1),
    is_admin: z.boolean().optional(),
    permissions: z.array(z.looseObject({ environment_type: z.enum(ROLE_ENVIRONMENT_TYPES), permission: z.enum(PROJECT_PERMISSIONS) })).optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.is_admin !== true && entry.permissions === undefined) {
      ctx.addIssue({ code: "custom", path: ["permissions"], message: "expected permissions per environment type (required unless is_admin is true)" });
    }
  });

/**
 * Body of a custom role's update: name, description and every permission. The service wants an entry for every
 * cluster and every project (and, in a project, every environment type).
 */
export const CustomRoleUpdateRequest = z.looseObject({
  /** The role's name. */
  name: z.string().min(1),
  /** Free text. */
  description: z.string().optional(),
  /** The permission on each cluster. */
  cluster_permissions: z.array(ClusterPermissionRequest),
  /** The permissions on each project. */
  project_permissions: z.array(ProjectPermissionRequest),
});
/** Body of a custom role's update. */
export type CustomRoleUpdateRequest = z.input<typeof CustomRoleUpdateRequest>;

/**
 * Endpoints of custom roles. A create takes the name and description (the permissions start at the lowest); an
 * update replaces the name, description and every permission.
 */
export class CustomRolesApi extends records({
  what: "custom role", naturalKey: "name", record: CustomRole, createRequest: CustomRoleCreateRequest, editRequest: CustomRoleUpdateRequest,
  list: (organizationId: string) => path`/organization/${organizationId}/customRole`,
  item: (organizationId: string, customRoleId: string) => path`/organization/${organizationId}/customRole/${customRoleId}`,
}) {}
