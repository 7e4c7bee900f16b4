/**
 * Requests and responses of the organization's people and access: the organization edit, members, invitations,
 * API tokens, roles (built-in and custom) and cluster access (status, kubeconfig).
 */
import { z } from "zod";
import { baseResponse, nonEmpty, uuidString } from "./common";
import { ENVIRONMENT_MODES } from "./environments";
import { PLANS } from "./organization";

/** The older role names (deprecated in the reference, still answered). */
export const LEGACY_ROLES = ["ADMIN", "DEVELOPER", "OWNER", "VIEWER"] as const;
/** Permissions on a cluster, lowest first. */
export const CLUSTER_PERMISSIONS = ["VIEWER", "ENV_CREATOR", "ADMIN"] as const;
/** Permissions on a project's environments of one type, lowest first. */
export const PROJECT_PERMISSIONS = ["NO_ACCESS", "VIEWER", "DEPLOYER", "MANAGER"] as const;
/** The environment types of a project permission. */
export const ROLE_ENVIRONMENT_TYPES = ENVIRONMENT_MODES;

/**
 * Edit of the organization: every field (a field left out is cleared). The reference requires `name` and `plan` but
 * declares no `plan` property: the emulator takes an edit without a plan and keeps the plan.
 */
export const organizationEditRequest = z.object({
  name: nonEmpty,
  plan: z.enum(PLANS).optional(),
  description: z.string().optional(),
  website_url: z.string().nullable().optional(),
  repository: z.string().nullable().optional(),
  logo_url: z.string().nullable().optional(),
  icon_url: z.string().nullable().optional(),
  admin_emails: z.array(z.string()).nullable().optional(),
});

/** The organization with its editable settings. */
export const organizationSettingsResponse = baseResponse.extend({
  name: z.string(), plan: z.enum(PLANS), owner: z.string(), description: z.string().nullable(),
  website_url: z.string().nullable(), repository: z.string().nullable(), logo_url: z.string().nullable(),
  icon_url: z.string().nullable(), admin_emails: z.array(z.string()).nullable(),
});

/** A role of the organization. */
export const availableRoleResponse = z.object({ id: z.string(), name: z.string() });

/** A member. */
export const memberResponse = baseResponse.extend({
  email: z.string(), name: z.string(), nickname: z.string(), role: z.enum(LEGACY_ROLES), role_name: z.string(), role_id: z.string(),
});

/** A member's role change. */
export const memberRoleRequest = z.object({ user_id: nonEmpty, role_id: uuidString });

/** A member's removal (DELETE with a body). */
export const memberRemoveRequest = z.object({ user_id: nonEmpty });

/** An invitation (`role_id` wins over the older `role`; neither = the `Read` role). */
export const invitationRequest = z.object({
  email: z.string().regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, "expected an email address"),
  role: z.enum(LEGACY_ROLES).optional(),
  role_id: uuidString.optional(),
});

/** An invitation. */
export const invitationResponse = baseResponse.extend({
  email: z.string(), role: z.enum(LEGACY_ROLES), invitation_link: z.string(), invitation_status: z.enum(["EXPIRED", "PENDING"]),
  organization_name: z.string(), inviter: z.string(), role_id: z.string(), role_name: z.string(),
});

/** An API token's create: a role by id, or the deprecated `scope: "ADMIN"` with `role_id: null`. */
export const apiTokenCreateRequest = z.object({
  name: nonEmpty,
  description: z.string().optional(),
  scope: z.enum(["ADMIN"]).nullable().optional(),
  role_id: uuidString.nullable(),
});

/** An API token's metadata. */
export const apiTokenResponse = baseResponse.omit({ updated_at: true }).extend({
  name: z.string(), description: z.string().optional(), role_name: z.string(), role_id: z.string(),
});

/** The create's answer: the metadata and, this once, the token. */
export const apiTokenCreatedResponse = apiTokenResponse.extend({ token: z.string() });

/** A custom role's create. */
export const customRoleCreateRequest = z.object({ name: nonEmpty, description: z.string().optional() });

/** A custom role's update: name, description and the permissions (entries left out go back to the lowest). */
export const customRoleUpdateRequest = z.object({
  name: nonEmpty,
  description: z.string().optional(),
  cluster_permissions: z.array(z.object({ cluster_id: uuidString, permission: z.enum(CLUSTER_PERMISSIONS) })),
  project_permissions: z.array(z.object({
    project_id: uuidString,
    is_admin: z.boolean().default(false),
    permissions: z.array(z.object({ environment_type: z.enum(ROLE_ENVIRONMENT_TYPES), permission: z.enum(PROJECT_PERMISSIONS) })).optional(),
  })),
});

/** A custom role, with every cluster and every project. */
export const customRoleResponse = z.object({
  id: z.string(), name: z.string(), description: z.string(),
  cluster_permissions: z.array(z.object({ cluster_id: z.string(), cluster_name: z.string(), permission: z.enum(CLUSTER_PERMISSIONS) })),
  project_permissions: z.array(z.object({
    project_id: z.string(), project_name: z.string(), is_admin: z.boolean(),
    permissions: z.array(z.object({ environment_type: z.enum(ROLE_ENVIRONMENT_TYPES), permission: z.enum(PROJECT_PERMISSIONS) })),
  })),
});

/** Query of the kubeconfig read. */
export const kubeconfigQuery = z.object({ with_token_from_cli: z.enum(["true", "false"]).optional(), read_only: z.enum(["true", "false"]).optional() });

/** Query of the API token list. */
export const apiTokenListQuery = z.object({ name: z.string().optional(), creatorName: z.string().optional() });
