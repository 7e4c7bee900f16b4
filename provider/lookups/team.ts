/**
 * Lookups of an organization's team: a member, an API token (its metadata: the service never shows a token's value
 * again), a custom role, and a cluster's kubeconfig (a secret). Each in two forms: a Promise of plain values taking
 * plain arguments, and an Output taking Inputs.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ApiToken as ApiTokenRecord, CustomRole as CustomRoleRecord, DeployServiceClient, Member } from "../../sdk";
import type { NaturalKey } from "../framework/natural-keys";
import { describeFailure } from "../framework/errors";
import { apiTokenById, type apiTokenSchema } from "../resources/api-token";
import type { customRoleSchema } from "../resources/custom-role";
import type { ClusterPermission, ClusterPermissionEntry, EnvironmentType, ProjectPermission, ProjectPermissionEntry } from "../resources/organization-roles";
import { findMember, type organizationMemberSchema } from "../resources/organization-member";
import { defined, lookupPair, textOf, type LookupFamily, type NameOrIdArgs, type PlainArgs } from "./core";
import type { ResultMatch } from "./result-match";

/** Arguments of {@link getOrganizationMemberOutput}: the organization, and exactly one of `email` and `userId`. */
export interface GetOrganizationMemberOutputArgs {
  /** The organization. */
  organizationId: pulumi.Input<string>;
  /** The member's address (compared without regard to case). */
  email?: pulumi.Input<string>;
  /** The member's user id. */
  userId?: pulumi.Input<string>;
}
/** Arguments of {@link getOrganizationMember}: those of {@link GetOrganizationMemberOutputArgs} with plain values. */
export type GetOrganizationMemberArgs = PlainArgs<GetOrganizationMemberOutputArgs>;

/** A member found by {@link getOrganizationMember}. */
export interface OrganizationMemberResult {
  /** The member's user id (an `OrganizationMember`'s `userId`). */
  userId: string;
  /** The member's address. */
  email: string;
  /** The organization. */
  organizationId: string;
  /** The member's name, when the service says. */
  name?: string;
  /** Name of the member's role, e.g. `Admin` or a custom role's name. */
  roleName?: string;
  /** Id of the member's role. */
  roleId?: string;
  /** When the member was last active (ISO 8601), when the service says. */
  lastActivityAt?: string;
}

/** Arguments of {@link getApiTokenOutput}: the organization, and exactly one of the token's `name` and `id`. */
export interface GetApiTokenOutputArgs extends NameOrIdArgs {
  /** The organization the token works in. */
  organizationId: pulumi.Input<string>;
}
/** Arguments of {@link getApiToken}: those of {@link GetApiTokenOutputArgs} with plain values. */
export type GetApiTokenArgs = PlainArgs<GetApiTokenOutputArgs>;

/** An API token's metadata, found by {@link getApiToken}: never its value, which the service shows only at its creation. */
export interface ApiTokenResult {
  /** Token id. */
  id: string;
  /** Token name. */
  name: string;
  /** The organization. */
  organizationId: string;
  /** Free text, when the token has one. */
  description?: string;
  /** Name of the token's role (`Admin`, `Read`, `Deploy`, `Write` or a custom role's name). */
  roleName?: string;
  /** Id of the token's role. */
  roleId?: string;
  /** When it was created (ISO 8601), when the service says. */
  createdAt?: string;
}

/** Arguments of {@link getCustomRoleOutput}: the organization, and exactly one of the role's `name` and `id`. */
export interface GetCustomRoleOutputArgs extends NameOrIdArgs {
  /** The organization owning the role. */
  organizationId: pulumi.Input<string>;
}
/** Arguments of {@link getCustomRole}: those of {@link GetCustomRoleOutputArgs} with plain values. */
export type GetCustomRoleArgs = PlainArgs<GetCustomRoleOutputArgs>;

/** A custom role found by {@link getCustomRole}, in the spelling of `CustomRoleArgs`, with every cluster and project. */
export interface CustomRoleResult {
  /** Role id (a member's, an invitation's `roleId`, an API token's `customRoleId`). */
  id: string;
  /** Role name. */
  name: string;
  /** The organization. */
  organizationId: string;
  /** Free text, when the role has one. */
  description?: string;
  /** The permission on each cluster of the organization. */
  clusterPermissions: ClusterPermissionEntry[];
  /** The permissions on each project of the organization. */
  projectPermissions: ProjectPermissionEntry[];
}

/** Arguments of {@link getClusterKubeconfigOutput}. */
export interface GetClusterKubeconfigOutputArgs {
  /** The organization owning the cluster. */
  organizationId: pulumi.Input<string>;
  /** The cluster (e.g. `getClusterOutput(...).id`). */
  clusterId: pulumi.Input<string>;
  /** True: a read-only credential (a service account with the `view` cluster role). Default: `false`. */
  readOnly?: pulumi.Input<boolean>;
}
/** Arguments of {@link getClusterKubeconfig}: those of {@link GetClusterKubeconfigOutputArgs} with plain values. */
export type GetClusterKubeconfigArgs = PlainArgs<GetClusterKubeconfigOutputArgs>;

/** A cluster's kubeconfig, found by {@link getClusterKubeconfig}. */
export interface ClusterKubeconfigResult {
  /** The organization. */
  organizationId: string;
  /** The cluster. */
  clusterId: string;
  /**
   * The kubeconfig (YAML) with its credential: a secret. The Output form marks it (and the whole result) a Pulumi
   * secret; with the Promise form, wrap it in `pulumi.secret(...)` before handing it to anything that stores it.
   */
  kubeconfig: string;
}

const str = (v: unknown) => String(v ?? "");

/** API tokens by their exact name in the organization. */
const apiTokenKey: NaturalKey = {
  noun: "API token", parentKey: "organizationId", parentNoun: "organization", keyInput: "name", keyNoun: "name", ignoreCase: false,
  list: async (client, inputs) => (await client.apiTokens.list(str(inputs["organizationId"]))).map((t) => ({ id: t.id, key: str(t.name) })),
};

/** Custom roles by name in the organization (the service compares them ignoring case). */
const customRoleKey: NaturalKey = {
  noun: "custom role", parentKey: "organizationId", parentNoun: "organization", keyInput: "name", keyNoun: "name", ignoreCase: true,
  list: async (client, inputs) => (await client.customRoles.list(str(inputs["organizationId"]))).map((r) => ({ id: r.id, key: str(r.name) })),
};

const apiTokens: LookupFamily<ApiTokenRecord, ApiTokenResult> = {
  lookup: "getApiToken", nouns: "API tokens", key: apiTokenKey, idNeedsParent: true,
  get: (client, id, parentId) => apiTokenById(client, str(parentId), id),
  result: (r, organizationId) => defined<ApiTokenResult>({
    id: r.id, name: str(r.name), organizationId, description: textOf(r.description), roleName: textOf(r.role_name),
    roleId: textOf(r.role_id), createdAt: textOf(r.created_at),
  }),
};

const entries = (v: unknown): Array<Record<string, unknown>> => (Array.isArray(v) ? (v as Array<Record<string, unknown>>) : []);

const customRoles: LookupFamily<CustomRoleRecord, CustomRoleResult> = {
  lookup: "getCustomRole", nouns: "custom roles", key: customRoleKey, idNeedsParent: true,
  get: (client, id, parentId) => client.customRoles.get(str(parentId), id),
  result: (r, organizationId) => defined<CustomRoleResult>({
    id: r.id, name: str(r.name), organizationId, description: textOf(r.description),
    clusterPermissions: entries(r.cluster_permissions).map((c) => ({ clusterId: str(c["cluster_id"]), permission: str(c["permission"]) as ClusterPermission })),
    projectPermissions: entries(r.project_permissions).map((p) => ({
      projectId: str(p["project_id"]),
      isAdmin: p["is_admin"] === true,
      permissions: entries(p["permissions"]).map((e) => ({
        environmentType: str(e["environment_type"]) as EnvironmentType, permission: str(e["permission"]) as ProjectPermission,
      })),
    })),
  }),
};

async function memberOf(client: DeployServiceClient, args: GetOrganizationMemberArgs): Promise<OrganizationMemberResult> {
  const given = (v: string | undefined) => v !== undefined && v !== "";
  if (given(args.email) === given(args.userId)) {
    throw new Error(`deploy-service: getOrganizationMember: pass exactly one of { email } and { userId }, got ${given(args.email) ? "both" : "neither"}`);
  }
  const m: Member = await findMember(client, args.organizationId, given(args.userId) ? { userId: args.userId } : { email: args.email }, "deploy-service: getOrganizationMember");
  return defined<OrganizationMemberResult>({
    userId: m.id, email: m.email, organizationId: args.organizationId, name: textOf(m.name), roleName: textOf(m.role_name),
    roleId: textOf(m.role_id), lastActivityAt: textOf(m.last_activity_at),
  });
}

/** A cluster's kubeconfig. */
async function kubeconfigOf(client: DeployServiceClient, args: GetClusterKubeconfigArgs): Promise<ClusterKubeconfigResult> {
  try {
    const kubeconfig = await client.clusters.kubeconfig(args.organizationId, args.clusterId, args.readOnly ? { readOnly: true } : {});
    return { organizationId: args.organizationId, clusterId: args.clusterId, kubeconfig };
  } catch (e) {
    throw describeFailure(e, `getClusterKubeconfig: reading the kubeconfig of cluster ${args.clusterId}`);
  }
}

const memberLookup = lookupPair<GetOrganizationMemberOutputArgs, OrganizationMemberResult>(memberOf);
const apiTokenLookup = lookupPair<GetApiTokenOutputArgs, ApiTokenResult, ApiTokenRecord>(apiTokens);
const customRoleLookup = lookupPair<GetCustomRoleOutputArgs, CustomRoleResult, CustomRoleRecord>(customRoles);
const kubeconfigLookup = lookupPair<GetClusterKubeconfigOutputArgs, ClusterKubeconfigResult>(kubeconfigOf, { secret: true });

const memberMatches: ResultMatch<OrganizationMemberResult, typeof organizationMemberSchema, "name" | "roleName" | "lastActivityAt"> = true;
const apiTokenMatches: ResultMatch<ApiTokenResult, typeof apiTokenSchema, "roleName" | "roleId"> = true;
const customRoleMatches: ResultMatch<CustomRoleResult, typeof customRoleSchema> = true;
void [memberMatches, apiTokenMatches, customRoleMatches];

/** Finds a member of an organization by address or user id; none fails naming the organization's members. */
export const findOrganizationMember: (client: DeployServiceClient, args: GetOrganizationMemberArgs) => Promise<OrganizationMemberResult> =
  memberLookup.find;

/** Finds an API token's metadata by name (exact) or id. None or several fail naming the organization's tokens. */
export const findApiToken: (client: DeployServiceClient, args: GetApiTokenArgs) => Promise<ApiTokenResult> = apiTokenLookup.find;

/** Finds a custom role by name (ignoring letter case, as the service does) or id. None or several fail naming the roles. */
export const findCustomRole: (client: DeployServiceClient, args: GetCustomRoleArgs) => Promise<CustomRoleResult> = customRoleLookup.find;

/** Reads a cluster's kubeconfig. */
export const findClusterKubeconfig: (client: DeployServiceClient, args: GetClusterKubeconfigArgs) => Promise<ClusterKubeconfigResult> =
  kubeconfigLookup.find;

/**
 * Looks up a member of an organization by address or user id, with plain arguments.
 *
 * @example
 * const alice = await getOrganizationMember({ organizationId: "3f2a...", email: "alice@acme.example" });
 */
export const getOrganizationMember: (args: GetOrganizationMemberArgs) => Promise<OrganizationMemberResult> = memberLookup.get;

/**
 * Looks up a member of an organization, accepting Inputs and returning an Output.
 *
 * @example
 * const alice = getOrganizationMemberOutput({ organizationId: org.id, email: "alice@acme.example" });
 * export const aliceRole = alice.roleName;
 */
export const getOrganizationMemberOutput: (args: GetOrganizationMemberOutputArgs) => pulumi.Output<OrganizationMemberResult> = memberLookup.getOutput;

/**
 * Looks up an API token's metadata (never its value) by name or id, with plain arguments.
 *
 * @example
 * const ci = await getApiToken({ organizationId: "3f2a...", name: "ci" });
 */
export const getApiToken: (args: GetApiTokenArgs) => Promise<ApiTokenResult> = apiTokenLookup.get;

/**
 * Looks up an API token's metadata (never its value), accepting Inputs and returning an Output.
 *
 * @example
 * const ci = getApiTokenOutput({ organizationId: org.id, name: "ci" });
 * export const ciRole = ci.roleName;
 */
export const getApiTokenOutput: (args: GetApiTokenOutputArgs) => pulumi.Output<ApiTokenResult> = apiTokenLookup.getOutput;

/**
 * Looks up a custom role by name or id, with plain arguments.
 *
 * @example
 * const deployers = await getCustomRole({ organizationId: "3f2a...", name: "deployers" });
 */
export const getCustomRole: (args: GetCustomRoleArgs) => Promise<CustomRoleResult> = customRoleLookup.get;

/**
 * Looks up a custom role, accepting Inputs and returning an Output.
 *
 * @example
 * const deployers = getCustomRoleOutput({ organizationId: org.id, name: "deployers" });
 * new ApiToken("ci", { organizationId: org.id, name: "ci", customRoleId: deployers.id });
 */
export const getCustomRoleOutput: (args: GetCustomRoleOutputArgs) => pulumi.Output<CustomRoleResult> = customRoleLookup.getOutput;

/**
 * Reads a cluster's kubeconfig with plain arguments. The result holds a credential: treat `kubeconfig` as a secret
 * (wrap it in `pulumi.secret(...)`), or use {@link getClusterKubeconfigOutput}, which does.
 *
 * @example
 * const { kubeconfig } = await getClusterKubeconfig({ organizationId: "3f2a...", clusterId: "9c1e..." });
 */
export const getClusterKubeconfig: (args: GetClusterKubeconfigArgs) => Promise<ClusterKubeconfigResult> = kubeconfigLookup.get;

/**
 * Reads a cluster's kubeconfig, accepting Inputs; the result is a Pulumi secret, ready for the Kubernetes
 * provider: `new k8s.Provider("eu-west", { kubeconfig: getClusterKubeconfigOutput({...}).kubeconfig })`.
 *
 * @example
 * const cluster = getClusterOutput({ organizationId: org.id, name: "eu-west" });
 * const access = getClusterKubeconfigOutput({ organizationId: org.id, clusterId: cluster.id });
 * const k8sProvider = new k8s.Provider("eu-west", { kubeconfig: access.kubeconfig });
 */
export const getClusterKubeconfigOutput: (args: GetClusterKubeconfigOutputArgs) => pulumi.Output<ClusterKubeconfigResult> = kubeconfigLookup.getOutput;
