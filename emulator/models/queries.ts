/**
 * The questions that cross families, named once ("the services of this environment", "which jobs use this
 * registry"): a model, a route or the dashboard asks one of these rather than scanning another family's map, so a
 * family's collection is read in its own model and here only.
 */
import type { ClusterRec } from "./clusters";
import type { ApplicationRec } from "./applications";
import type { ContainerRec } from "./containers";
import type { EnvironmentRec } from "./environments";
import type { GroupField } from "./groups";
import type { JobRec } from "./jobs";
import type { ProjectRec } from "./projects";
import type { AnyServiceKind, RecordOf, ServiceKind, ServiceRec } from "./service-kinds";
import type { StageRec } from "./stages";
import type { Store } from "./store";
import type { VariableRec } from "./variables";

/** The environments of a project. */
export function environmentsOf(store: Store, projectId: string): EnvironmentRec[] {
  return [...store.state.environments.values()].filter((e) => e.project_id === projectId);
}

/** The services of an environment, kind after kind. */
export function servicesOf(store: Store, envId: string): ServiceRec[] {
  return servicesWithKindIn(store, envId).map(([, svc]) => svc);
}

/** The services of an environment with their kinds, kind after kind. */
export function servicesWithKindIn(store: Store, envId: string): Array<[ServiceKind, ServiceRec]> {
  return store.servicesWithKind().filter(([, svc]) => svc.environment_id === envId);
}

/** The services of one kind in an environment. */
export function servicesOfKind<K extends AnyServiceKind>(store: Store, kind: K, envId: string): Array<RecordOf<K>> {
  return [...store.collection(kind).values()].filter((s) => s.environment_id === envId);
}

/** The environment and project a service (or anything placed in an environment) is in; either absent when gone. */
export function parentsOf(
  store: Store, placed: { environment_id: string },
): { environment: EnvironmentRec | undefined; project: ProjectRec | undefined } {
  const environment = store.state.environments.get(placed.environment_id);
  const project = environment ? store.state.projects.get(environment.project_id) : undefined;
  return { environment, project };
}

/** The stages of an environment in `deployment_order`. */
export function stagesOf(store: Store, envId: string): StageRec[] {
  return [...store.state.stages.values()]
    .filter((st) => st.environment_id === envId)
    .sort((a, b) => a.deployment_order - b.deployment_order);
}

/** The stage holding a service, if any. */
export function stageHolding(store: Store, serviceId: string): StageRec | undefined {
  return [...store.state.stages.values()].find((st) => st.services.some((x) => x.service_id === serviceId));
}

/** The containers pulling from a container registry. */
export function containersUsingRegistry(store: Store, registryId: string): ContainerRec[] {
  return [...store.state.containers.values()].filter((c) => c.registry_id === registryId);
}

/** The jobs whose image comes from a container registry. */
export function jobsUsingRegistry(store: Store, registryId: string): JobRec[] {
  return [...store.state.jobs.values()].filter((j) => j.source.image?.registry_id === registryId);
}

/** The applications built from a repository reached with a git token. */
export function applicationsUsingGitToken(store: Store, tokenId: string): ApplicationRec[] {
  return [...store.state.applications.values()].filter((a) => a.git_repository.git_token_id === tokenId);
}

/** The jobs built from a repository reached with a git token. */
export function jobsUsingGitToken(store: Store, tokenId: string): JobRec[] {
  return [...store.state.jobs.values()].filter((j) => j.source.docker?.git_repository.git_token_id === tokenId);
}

/** The services (with their kinds, kind after kind) and the clusters that reference a labels or annotations group. */
export function groupReferrers(
  store: Store, field: GroupField, groupId: string,
): { services: Array<[ServiceKind, ServiceRec]>; clusters: ClusterRec[] } {
  return {
    services: store.servicesWithKind().filter(([, svc]) => svc[field]?.includes(groupId)),
    clusters: store.state.clusters.filter((c) => c[field]?.includes(groupId)),
  };
}

/** A cluster by id. */
export function clusterById(store: Store, id: string): ClusterRec | undefined {
  return store.state.clusters.find((c) => c.id === id);
}

/** The variables and secrets a project, an environment or a service holds. */
export function variablesOf(store: Store, parentId: string): VariableRec[] {
  return [...store.state.variables.values()].filter((v) => v.service_id === parentId);
}
