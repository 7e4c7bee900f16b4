/**
 * What a custom role's API token may do: exactly the role's permissions, on the objects the operation acts on
 * (`access-places.ts`), never more. The permissions, lowest to highest, as the service's reference describes them:
 * per project and environment type `NO_ACCESS`, `VIEWER` (reads the environment and what is in it), `DEPLOYER`
 * (deploys it, with `ENV_CREATOR` on its cluster), `MANAGER` (creates and changes environments, services,
 * databases, variables); a project's `is_admin` is `MANAGER` everywhere in it and alone changes or deletes the
 * project itself and its project-level variables. Per cluster `VIEWER` (reads), `ENV_CREATOR` (deploys there,
 * creates environments there), `ADMIN` (changes the cluster's settings, reads its credentials).
 *
 * Where the reference is silent the emulator takes the strictest reading:
 * - people and access (`admin` in the access table) are never given by a custom role;
 * - organization-level operations (projects list, git tokens, registries, webhooks, groups, organization-wide
 *   deploys) are readable, and never written or deployed by a custom role; a list leaves out the projects,
 *   environments, services and variables the role may not read (`visibleAnswer` in `auth.ts`);
 * - credentials (a database's master password, a kubeconfig or cluster token) need `MANAGER` on the database's
 *   environment type, or `ADMIN` on the cluster;
 * - a project with no permission listed is `NO_ACCESS`, a cluster with none `VIEWER`.
 */
import type { Place, Target } from "./access-places";
import type { Need } from "./access";
import type { CustomRoleRec } from "../models/custom-roles";
import type { State } from "../models/state";

const PROJECT_RANK = { NO_ACCESS: 0, VIEWER: 1, DEPLOYER: 2, MANAGER: 3 } as const;
const CLUSTER_RANK = { VIEWER: 0, ENV_CREATOR: 1, ADMIN: 2 } as const;
type ProjectPermission = keyof typeof PROJECT_RANK;
type ClusterPermission = keyof typeof CLUSTER_RANK;

/** The least project permission per need on an environment. */
const ENVIRONMENT_NEED: Record<Exclude<Need, "admin">, ProjectPermission> = {
  read: "VIEWER", deploy: "DEPLOYER", write: "MANAGER", credentials: "MANAGER",
};
/** The least cluster permission per need on a cluster. */
const CLUSTER_NEED: Record<Exclude<Need, "admin">, ClusterPermission> = {
  read: "VIEWER", deploy: "ENV_CREATOR", write: "ADMIN", credentials: "ADMIN",
};

function projectEntry(role: CustomRoleRec, projectId: string): CustomRoleRec["project_permissions"][number] | undefined {
  return role.project_permissions.find((p) => p.project_id === projectId);
}

function permissionOn(role: CustomRoleRec, projectId: string, envType: string): ProjectPermission {
  const entry = projectEntry(role, projectId);
  if (entry?.is_admin) return "MANAGER";
  return entry?.permissions.find((e) => e.environment_type === envType)?.permission ?? "NO_ACCESS";
}

function clusterPermission(role: CustomRoleRec, clusterId: string): ClusterPermission {
  return role.cluster_permissions.find((p) => p.cluster_id === clusterId)?.permission ?? "VIEWER";
}

function clusterCheck(role: CustomRoleRec, state: State, clusterId: string, least: ClusterPermission): string | undefined {
  if (CLUSTER_RANK[clusterPermission(role, clusterId)] >= CLUSTER_RANK[least]) return undefined;
  const name = state.clusters.find((c) => c.id === clusterId)?.name ?? clusterId;
  return `needs ${least} on cluster '${name}'`;
}

function projectCheck(role: CustomRoleRec, state: State, place: Extract<Place, { kind: "project" }>, need: Exclude<Need, "admin">): string | undefined {
  const name = `project '${state.projects.get(place.projectId)?.name ?? place.projectId}'`;
  if (place.envType === undefined) {
    if (projectEntry(role, place.projectId)?.is_admin) return undefined;
    const anyView = need === "read" && (["DEVELOPMENT", "PREVIEW", "STAGING", "PRODUCTION"] as const)
      .some((t) => PROJECT_RANK[permissionOn(role, place.projectId, t)] >= PROJECT_RANK.VIEWER);
    return anyView ? undefined : need === "read" ? `needs VIEWER on some environment type of ${name}` : `needs is_admin on ${name}`;
  }
  const least = ENVIRONMENT_NEED[need];
  if (PROJECT_RANK[permissionOn(role, place.projectId, place.envType)] < PROJECT_RANK[least]) return `needs ${least} on ${place.envType} environments of ${name}`;
  return place.creatingOn === undefined ? undefined : clusterCheck(role, state, place.creatingOn, "ENV_CREATOR");
}

function placeCheck(role: CustomRoleRec, state: State, place: Place, need: Exclude<Need, "admin">): string | undefined {
  if (place.kind === "cluster") return clusterCheck(role, state, place.clusterId, CLUSTER_NEED[need]);
  if (place.kind === "project") return projectCheck(role, state, place, need);
  const denied = projectCheck(role, state, { kind: "project", projectId: place.projectId, envType: place.envType }, need);
  if (denied !== undefined || need !== "deploy") return denied;
  return clusterCheck(role, state, place.clusterId, "ENV_CREATOR");
}

/** Why a custom role's token may not do an operation, or undefined when it may. */
export function customRoleDenial(role: CustomRoleRec, state: State, need: Need, targets: Target[]): string | undefined {
  if (need === "admin") return "people and access are Admin only";
  if (targets.length === 0) return need === "read" ? undefined : "a custom role writes and deploys only in projects and on clusters, and this operation acts on neither (it is organization-level, or its id names nothing)";
  for (const t of targets) {
    const denied = placeCheck(role, state, t.place, t.readOnly ? "read" : need);
    if (denied !== undefined) return denied;
  }
  return undefined;
}
