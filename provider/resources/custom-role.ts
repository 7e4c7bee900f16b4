import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { DeployServiceClient } from "../../sdk";
import type { AdoptableArgs } from "../framework/adoption";
import { argsSchema } from "../framework/args";
import { defineResource, organizationCalls, type Part, type Props } from "../framework/define";
import { field } from "../framework/fields";
import { idInput, nameInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import {
  CLUSTER_PERMISSIONS, ENVIRONMENT_TYPES, PROJECT_PERMISSIONS, type ClusterPermission, type ClusterPermissionEntry, type EnvironmentType,
  type EnvironmentPermissionEntry, type ProjectPermission, type ProjectPermissionEntry,
} from "./organization-roles";

export {
  CLUSTER_PERMISSIONS, PROJECT_PERMISSIONS, type ClusterPermission, type ProjectPermission, type ClusterPermissionEntry,
  type ProjectPermissionEntry, type EnvironmentPermissionEntry,
};

/** What a custom role may do on one cluster. */
export interface CustomRoleClusterPermissionArgs {
  /** The cluster. Wire: `cluster_id`. */
  clusterId: pulumi.Input<string>;
  /**
   * From the lowest to the highest: `VIEWER` (read only), `ENV_CREATOR` (may deploy on the cluster), `ADMIN` (may
   * change the cluster's settings). Wire: `permission`.
   */
  permission: pulumi.Input<ClusterPermission>;
}

/** What a custom role may do in the environments of one type of a project. */
export interface CustomRoleEnvironmentPermissionArgs {
  /** `DEVELOPMENT`, `PREVIEW`, `STAGING` or `PRODUCTION`. Wire: `environment_type`. */
  environmentType: pulumi.Input<EnvironmentType>;
  /**
   * From the lowest to the highest: `NO_ACCESS`, `VIEWER` (sees the environments and their services and variables),
   * `DEPLOYER` (deploys them; needs `ENV_CREATOR` on the cluster), `MANAGER` (creates environments and services).
   * Wire: `permission`.
   */
  permission: pulumi.Input<ProjectPermission>;
}

/** What a custom role may do in one project. */
export interface CustomRoleProjectPermissionArgs {
  /** The project. Wire: `project_id`. */
  projectId: pulumi.Input<string>;
  /**
   * Project admin: `MANAGER` of every environment type, manages the project's deployment rules and may delete it
   * (`permissions` are then ignored by the service). Default: `false`. Wire: `is_admin`.
   */
  isAdmin?: pulumi.Input<boolean>;
  /** The permission per environment type (a type left out: `NO_ACCESS`). Default: none. Wire: `permissions`. */
  permissions?: pulumi.Input<pulumi.Input<CustomRoleEnvironmentPermissionArgs>[]>;
}

/** Inputs of a {@link CustomRole}. */
export interface CustomRoleArgs extends AdoptableArgs {
  /** Organization that owns the role (wire: the `{organizationId}` of the path). Changing it replaces the role. */
  organizationId: pulumi.Input<string>;
  /** Role name, unique within the organization. Wire: `name`. */
  name: pulumi.Input<string>;
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
  /**
   * Permission per cluster, in any order, one entry per cluster. A cluster left out has the lowest permission the
   * service gives (`VIEWER`). Default: none. Wire: `cluster_permissions`.
   */
  clusterPermissions?: pulumi.Input<pulumi.Input<CustomRoleClusterPermissionArgs>[]>;
  /**
   * Permissions per project, in any order, one entry per project. A project left out gives no access. Default: none.
   * Wire: `project_permissions`.
   */
  projectPermissions?: pulumi.Input<pulumi.Input<CustomRoleProjectPermissionArgs>[]>;
}

const clusterPermissionInput = z.strictObject({ clusterId: idInput(), permission: z.enum(CLUSTER_PERMISSIONS) });
const environmentPermissionInput = z.strictObject({ environmentType: z.enum(ENVIRONMENT_TYPES), permission: z.enum(PROJECT_PERMISSIONS) });
const projectPermissionInput = z.strictObject({
  projectId: idInput(),
  isAdmin: z.boolean().default(false),
  permissions: z.array(environmentPermissionInput)
    .superRefine(unique((e: { environmentType: string }) => e.environmentType, "environment type"))
    .default([]),
});
type ClusterPermissionInput = z.output<typeof clusterPermissionInput>;
type ProjectPermissionInput = z.output<typeof projectPermissionInput>;

/** Entries in a canonical order (by id, environment types by name), so that the service's order is no change. */
function canonical(v: unknown): unknown {
  if (!Array.isArray(v)) return v ?? [];
  const keyOf = (e: Props) => String(e["clusterId"] ?? e["projectId"] ?? e["environmentType"] ?? "");
  return [...(v as Props[])]
    .map((e) => (Array.isArray(e["permissions"]) ? { ...e, permissions: canonical(e["permissions"]) } : e))
    .sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}
const sameEntries = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** Two entries for one cluster, project or environment type are refused: the service keeps one per id. */
function unique<T>(key: (e: T) => string, noun: string) {
  return (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((e, i) => {
      const k = key(e);
      if (seen.has(k)) ctx.addIssue({ code: "custom", path: [i], message: `${noun} ${JSON.stringify(k)} is listed twice (one entry per ${noun})` });
      seen.add(k);
    });
  };
}

/** Validated custom role inputs: the single source of field names, types, defaults and wire spellings. */
export const customRoleSchema = argsSchema<CustomRoleArgs>()(z.strictObject({
  organizationId: field(idInput(), { parent: "organization" }),
  name: nameInput(255),
  description: z.string().default(""),
  clusterPermissions: field(
    z.array(clusterPermissionInput).superRefine(unique((e: ClusterPermissionInput) => e.clusterId, "cluster")).default([]),
    { same: sameEntries },
  ),
  projectPermissions: field(
    z.array(projectPermissionInput).superRefine(unique((e: ProjectPermissionInput) => e.projectId, "project")).default([]),
    { same: sameEntries },
  ),
}));
/** Custom role inputs after validation (defaults applied). */
export type CustomRoleInputs = z.output<typeof customRoleSchema>;

type CustomRoleRecord = Awaited<ReturnType<DeployServiceClient["customRoles"]["get"]>>;

/**
 * The permissions in the service's spelling. The service wants an entry for every cluster and every project of the
 * organization (and, in a project, every environment type): those the program leaves out get the lowest permission.
 */
async function permissionsBody(client: DeployServiceClient, inputs: CustomRoleInputs): Promise<Props> {
  const [clusters, projects] = await Promise.all([client.clusters.list(inputs.organizationId), client.projects.list(inputs.organizationId)]);
  const clusterIds = new Set(inputs.clusterPermissions.map((c) => c.clusterId));
  const projectIds = new Set(inputs.projectPermissions.map((p) => p.projectId));
  const declaredProjects = [
    ...inputs.projectPermissions,
    ...projects.filter((p) => !projectIds.has(p.id)).map((p) => ({ projectId: p.id, isAdmin: false, permissions: [] })),
  ];
  return {
    cluster_permissions: [
      ...inputs.clusterPermissions.map((c) => ({ cluster_id: c.clusterId, permission: c.permission })),
      ...clusters.filter((c) => !clusterIds.has(c.id)).map((c) => ({ cluster_id: c.id, permission: CLUSTER_PERMISSIONS[0] })),
    ],
    project_permissions: declaredProjects.map((p) => {
      const given = new Map(p.permissions.map((e) => [e.environmentType as string, e.permission as string]));
      return {
        project_id: p.projectId,
        is_admin: p.isAdmin,
        permissions: ENVIRONMENT_TYPES.map((t) => ({ environment_type: t, permission: given.get(t) ?? PROJECT_PERMISSIONS[0] })),
      };
    }),
  };
}

const entriesOf = (list: unknown): Props[] => (Array.isArray(list) ? (list as Props[]) : []);

/**
 * The permissions of a record in input form. The service answers an entry for every cluster, project and environment
 * type; those the state does not hold and that give only the lowest permission are left out, so they are no change.
 */
function permissionsFromWire(record: CustomRoleRecord, previous: Props): Props {
  const knownClusters = new Set(entriesOf(previous["clusterPermissions"]).map((c) => String(c["clusterId"])));
  const knownProjects = new Map(entriesOf(previous["projectPermissions"]).map((p) => [String(p["projectId"]), p]));
  const clusters = entriesOf(record.cluster_permissions)
    .map((c) => ({ clusterId: String(c["cluster_id"]), permission: String(c["permission"]) }))
    .filter((c) => knownClusters.has(c.clusterId) || c.permission !== CLUSTER_PERMISSIONS[0]);
  const projects = entriesOf(record.project_permissions)
    .map((p) => {
      const projectId = String(p["project_id"]);
      const isAdmin = p["is_admin"] === true;
      const known = knownProjects.get(projectId);
      const knownTypes = new Set(entriesOf(known?.["permissions"]).map((e) => String(e["environmentType"])));
      // An admin of the project is its manager everywhere: the entries the service shows then are no choice of the program.
      const permissions = isAdmin && known?.["isAdmin"] === true
        ? entriesOf(known["permissions"])
        : entriesOf(p["permissions"])
          .map((e) => ({ environmentType: String(e["environment_type"]), permission: String(e["permission"]) }))
          .filter((e) => knownTypes.has(e.environmentType) || e.permission !== PROJECT_PERMISSIONS[0]);
      return { projectId, isAdmin, permissions };
    })
    .filter((p) => knownProjects.has(p.projectId) || p.isAdmin || p.permissions.length > 0);
  return { clusterPermissions: canonical(clusters), projectPermissions: canonical(projects) };
}

/** The service creates a role from its name and description only: the permissions are set by the edit that follows. */
const permissionsPart: Part<CustomRoleInputs, CustomRoleRecord> = {
  action: "setting the role's permissions",
  keys: ["clusterPermissions", "projectPermissions"],
  apply: async ({ client, id, inputs, record }) => {
    const updated = await client.customRoles.update(inputs.organizationId, id, {
      name: inputs.name, description: inputs.description, ...(await permissionsBody(client, inputs)),
    } as never);
    return { record: updated ?? record };
  },
  read: async ({ record, previous }) => ({ inputs: record === undefined ? {} : permissionsFromWire(record, previous) }),
  // An edit of the name or description already sends the permissions (the edit request is the whole role).
  applyOnUpdate: (changed) =>
    (changed.has("clusterPermissions") || changed.has("projectPermissions")) && !changed.has("name") && !changed.has("description"),
};

/** The custom role family. */
export const customRole = defineResource({
  kind: "CustomRole",
  noun: "custom role",
  schema: customRoleSchema,
  fromWire: (record, previous, derived) => ({ ...derived, ...permissionsFromWire(record, previous) }),
  parts: [permissionsPart],
  calls: {
    ...organizationCalls((client) => client.customRoles),
    // The edit request is the whole role: the permissions go with a new name or description.
    update: async (client, id, inputs, body) =>
      client.customRoles.update(inputs.organizationId, id, { ...body, ...(await permissionsBody(client, inputs)) } as never),
  },
});

/** The dynamic provider of {@link CustomRole}. */
export const customRoleProvider = customRole.provider;

/**
 * A role of an organization with its own permissions per cluster and per project (by environment type), given to
 * members (`OrganizationMember.roleId`, `OrganizationInvitation.roleId`) and API tokens (`ApiToken.customRoleId`).
 *
 * @example
 * const deployers = new CustomRole("staging-deployers", {
 *   organizationId: org.id, name: "staging-deployers",
 *   clusterPermissions: [{ clusterId: cluster.id, permission: "ENV_CREATOR" }],
 *   projectPermissions: [{ projectId: shop.id, permissions: [{ environmentType: "STAGING", permission: "DEPLOYER" }] }],
 * });
 *
 * @class
 */
export const CustomRole = serviceObjectClass<CustomRoleArgs, typeof customRoleSchema>(customRole);
/** {@link CustomRole} as a type: its outputs are every input as stored and what the service computes. */
export type CustomRole = InstanceType<typeof CustomRole>;
