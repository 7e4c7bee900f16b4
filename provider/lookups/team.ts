/**
 * Lookups of an organization's team: a member, an API token (its metadata: the service never shows a token's value
 * again), a custom role, and a cluster's kubeconfig (a secret). Each in two forms: a Promise of plain values taking
 * plain arguments, and an Output taking Inputs.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ApiToken as ApiTokenRecord, CustomRole as CustomRoleRecord, DeployServiceClient, Member } from "../../sdk";
import type { NaturalKey } from "../framework/natural-keys";
import { describeFailure } from "../framework/errors";
import type { LookupResult } from "../framework/outputs";
import { apiTokenById, type ApiTokenArgs, type ApiTokenComputed } from "../resources/api-token";
import type { CustomRoleArgs } from "../resources/custom-role";
import type { ClusterPermission, ClusterPermissionEntry, EnvironmentType, ProjectPermission, ProjectPermissionEntry } from "../resources/organization-roles";
import { findMember, type OrganizationMemberArgs, type OrganizationMemberComputed } from "../resources/organization-member";
import { defined, textOf, type LookupFamily, type PlainArgs } from "./core";
import { lookups, type KeysUnderParentArgs, type NameUnderParentArgs } from "./family";

/**
 * Arguments of {@link getOrganizationMemberOutput}: the organization, and exactly one of the member's `email`
 * (compared without regard to case) and `userId`.
 */
export type GetOrganizationMemberOutputArgs = KeysUnderParentArgs<"organizationId", "email" | "userId">;
/** Arguments of {@link getOrganizationMember}: those of {@link GetOrganizationMemberOutputArgs} with plain values. */
export type GetOrganizationMemberArgs = PlainArgs<GetOrganizationMemberOutputArgs>;

/** A member found by {@link getOrganizationMember}, named as the `OrganizationMember` resource's outputs. */
export interface OrganizationMemberResult
  extends Pick<OrganizationMemberComputed, "userId" | "email" | "roleName">, PlainArgs<Pick<OrganizationMemberArgs, "organizationId" | "roleId">> {
  /** The member's name, when the service says. */
  name?: string;
  /** When the member was last active (ISO 8601), when the service says. */
  lastActivityAt?: string;
}

/** Arguments of {@link getApiTokenOutput}: the organization the token works in, and exactly one of the token's `name` and `id`. */
export type GetApiTokenOutputArgs = NameUnderParentArgs<"organizationId">;
/** Arguments of {@link getApiToken}: those of {@link GetApiTokenOutputArgs} with plain values. */
export type GetApiTokenArgs = PlainArgs<GetApiTokenOutputArgs>;

/** An API token's metadata, found by {@link getApiToken}: never its value, which the service shows only at its creation. */
export interface ApiTokenResult extends LookupResult<
  Pick<ApiTokenArgs, "name" | "organizationId" | "description">, "name" | "organizationId", never, Pick<ApiTokenComputed, "roleName" | "roleId">
> {}

/** Arguments of {@link getCustomRoleOutput}: the organization owning the role, and exactly one of the role's `name` and `id`. */
export type GetCustomRoleOutputArgs = NameUnderParentArgs<"organizationId">;
/** Arguments of {@link getCustomRole}: those of {@link GetCustomRoleOutputArgs} with plain values. */
export type GetCustomRoleArgs = PlainArgs<GetCustomRoleOutputArgs>;

/** A custom role found by {@link getCustomRole}, in the spelling of `CustomRoleArgs`, with every cluster and project. */
export interface CustomRoleResult extends LookupResult<Pick<CustomRoleArgs, "name" | "organizationId" | "description">, "name" | "organizationId"> {
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

/** A cluster's kubeconfig, found by {@link getClusterKubeconfig}: the organization and the cluster asked, and the kubeconfig. */
export interface ClusterKubeconfigResult extends PlainArgs<Pick<GetClusterKubeconfigOutputArgs, "organizationId" | "clusterId">> {
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

export const { findOrganizationMember,
  /**
   * Looks up a member of an organization by address (compared without regard to case) or user id, with plain values,
   * in a Promise. None fails naming the organization's members.
   *
   * @example
   * const alice = getOrganizationMemberOutput({ organizationId: org.id, email: "alice@acme.example" });
   * export const aliceRole = alice.roleName;
   */
  getOrganizationMember,
  /** {@link getOrganizationMember} taking Inputs and answering an Output. */
  getOrganizationMemberOutput } = lookups<"OrganizationMember", GetOrganizationMemberOutputArgs, OrganizationMemberResult>("OrganizationMember", memberOf);

export const { findApiToken,
  /**
   * Looks up an API token's metadata (never its value) by name (compared exactly) or id, with plain values, in a
   * Promise. None or several matching fail naming the organization's tokens.
   *
   * @example
   * const ci = getApiTokenOutput({ organizationId: org.id, name: "ci" });
   * export const ciRole = ci.roleName;
   */
  getApiToken,
  /** {@link getApiToken} taking Inputs and answering an Output. */
  getApiTokenOutput } = lookups<"ApiToken", GetApiTokenOutputArgs, ApiTokenResult>("ApiToken", apiTokens);

export const { findCustomRole,
  /**
   * Looks up a custom role by name (compared ignoring letter case, as the service does) or id, with plain values, in
   * a Promise. None or several matching fail naming the organization's roles.
   *
   * @example
   * const deployers = getCustomRoleOutput({ organizationId: org.id, name: "deployers" });
   * new ApiToken("ci", { organizationId: org.id, name: "ci", customRoleId: deployers.id });
   */
  getCustomRole,
  /** {@link getCustomRole} taking Inputs and answering an Output. */
  getCustomRoleOutput } = lookups<"CustomRole", GetCustomRoleOutputArgs, CustomRoleResult>("CustomRole", customRoles);

export const { findClusterKubeconfig,
  /**
   * Reads a cluster's kubeconfig with plain values, in a Promise. The result holds a credential: treat `kubeconfig`
   * as a secret (wrap it in `pulumi.secret(...)`), or use {@link getClusterKubeconfigOutput}, whose result is a Pulumi
   * secret, ready for the Kubernetes provider.
   *
   * @example
   * const cluster = getClusterOutput({ organizationId: org.id, name: "eu-west" });
   * const access = getClusterKubeconfigOutput({ organizationId: org.id, clusterId: cluster.id });
   * const k8sProvider = new k8s.Provider("eu-west", { kubeconfig: access.kubeconfig });
   */
  getClusterKubeconfig,
  /** {@link getClusterKubeconfig} taking Inputs and answering an Output. */
  getClusterKubeconfigOutput } = lookups<"ClusterKubeconfig", GetClusterKubeconfigOutputArgs, ClusterKubeconfigResult>("ClusterKubeconfig", kubeconfigOf, { secret: true });
