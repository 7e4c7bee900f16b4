/**
 * The questions that cross families, named once ("the services of this environment", "which jobs use this
 * registry"): a model, a route or the dashboard asks one of these rather than scanning another family's map, so a
 * family's collection is read in its own model and here only.
 */
import type { ClusterRec, clusterSlice } from "./clusters";
import type { ApplicationRec, applicationSlice } from "./applications";
import type { ContainerRec, containerSlice } from "./containers";
import type { EnvironmentRec, environmentSlice } from "./environments";
import type { GroupField } from "./groups";
import type { HelmRec, helmSlice } from "./helms";
import type { JobRec, jobSlice } from "./jobs";
import type { TerraformRec, terraformSlice } from "./terraforms";
import type { ProjectRec, projectSlice } from "./projects";
import type { AnyServiceKind, RecordOf, ServiceKind, ServiceRec } from "./service-kinds";
import type { StageRec, stageSlice } from "./stages";
import type { StoreView } from "./store-view";
import type { VariableRec, variableSlice } from "./variables";
import { read } from "./slice";
import { clusterDomainOf, hostId } from "./hosts";

/** The environment a deployment request acted on (its id among the environment's recorded actions), if any. */
export function environmentOfRequest(store: StoreView, requestId: string): EnvironmentRec | undefined {
  return [...read<typeof environmentSlice>(store, "environments").values()].find(
    (e) => e.last_action?.request_id === requestId || (e.actions ?? []).some((a) => a.request_id === requestId),
  );
}

/** The environments of a project. */
export function environmentsOf(store: StoreView, projectId: string): EnvironmentRec[] {
  return [...read<typeof environmentSlice>(store, "environments").values()].filter((e) => e.project_id === projectId);
}

/** The services of an environment, kind after kind. */
export function servicesOf(store: StoreView, envId: string): ServiceRec[] {
  return servicesWithKindIn(store, envId).map(([, svc]) => svc);
}

/** The services of an environment with their kinds, kind after kind. */
export function servicesWithKindIn(store: StoreView, envId: string): Array<[ServiceKind, ServiceRec]> {
  return store.servicesWithKind().filter(([, svc]) => svc.environment_id === envId);
}

/** The services of one kind in an environment. */
export function servicesOfKind<K extends AnyServiceKind>(store: StoreView, kind: K, envId: string): Array<RecordOf<K>> {
  return [...store.collection(kind).values()].filter((s) => s.environment_id === envId);
}

/** The environment and project a service (or anything placed in an environment) is in; either absent when gone. */
export function parentsOf(
  store: StoreView, placed: { environment_id: string },
): { environment: EnvironmentRec | undefined; project: ProjectRec | undefined } {
  const environment = read<typeof environmentSlice>(store, "environments").get(placed.environment_id);
  const project = environment ? read<typeof projectSlice>(store, "projects").get(environment.project_id) : undefined;
  return { environment, project };
}

/** The stages of an environment in `deployment_order`. */
export function stagesOf(store: StoreView, envId: string): StageRec[] {
  return [...read<typeof stageSlice>(store, "stages").values()]
    .filter((st) => st.environment_id === envId)
    .sort((a, b) => a.deployment_order - b.deployment_order);
}

/** The stage holding a service, if any. */
export function stageHolding(store: StoreView, serviceId: string): StageRec | undefined {
  return [...read<typeof stageSlice>(store, "stages").values()].find((st) => st.services.some((x) => x.service_id === serviceId));
}

/** The containers pulling from a container registry. */
export function containersUsingRegistry(store: StoreView, registryId: string): ContainerRec[] {
  return [...read<typeof containerSlice>(store, "containers").values()].filter((c) => c.registry_id === registryId);
}

/** The jobs whose image comes from a container registry. */
export function jobsUsingRegistry(store: StoreView, registryId: string): JobRec[] {
  return [...read<typeof jobSlice>(store, "jobs").values()].filter((j) => j.source.image?.registry_id === registryId);
}

/** The Helm services deploying a chart of a Helm repository. */
export function helmsUsingRepository(store: StoreView, repositoryId: string): HelmRec[] {
  return [...read<typeof helmSlice>(store, "helms").values()].filter((h) => h.source.repository?.repository_id === repositoryId);
}

/** The applications built from a repository reached with a git token. */
export function applicationsUsingGitToken(store: StoreView, tokenId: string): ApplicationRec[] {
  return [...read<typeof applicationSlice>(store, "applications").values()].filter((a) => a.git_repository.git_token_id === tokenId);
}

/** The jobs built from a repository reached with a git token. */
export function jobsUsingGitToken(store: StoreView, tokenId: string): JobRec[] {
  return [...read<typeof jobSlice>(store, "jobs").values()].filter((j) => j.source.docker?.git_repository.git_token_id === tokenId);
}

/** The Helm and Terraform services taking files from a repository reached with a git token (a chart, values files, a module). */
export function helmsAndTerraformsUsingGitToken(store: StoreView, tokenId: string): Array<HelmRec | TerraformRec> {
  const helms = [...read<typeof helmSlice>(store, "helms").values()].filter((h) => h.source.git?.git_token_id === tokenId
    || h.values_override.file?.git?.git_repository.git_token_id === tokenId);
  const terraforms = [...read<typeof terraformSlice>(store, "terraforms").values()].filter((t) => t.git_repository.git_token_id === tokenId);
  return [...helms, ...terraforms];
}

/** The services (with their kinds, kind after kind) and the clusters that reference a labels or annotations group. */
export function groupReferrers(
  store: StoreView, field: GroupField, groupId: string,
): { services: Array<[ServiceKind, ServiceRec]>; clusters: ClusterRec[] } {
  return {
    services: store.servicesWithKind().filter(([, svc]) => svc[field]?.includes(groupId)),
    clusters: read<typeof clusterSlice>(store, "clusters").filter((c) => c[field]?.includes(groupId)),
  };
}

/** A cluster by id. */
export function clusterById(store: StoreView, id: string): ClusterRec | undefined {
  return read<typeof clusterSlice>(store, "clusters").find((c) => c.id === id);
}

/** The variables and secrets a project, an environment or a service holds. */
export function variablesOf(store: StoreView, parentId: string): VariableRec[] {
  return [...read<typeof variableSlice>(store, "variables").values()].filter((v) => v.service_id === parentId);
}

/** The environments placed on a cluster (a cluster with any cannot be deleted). */
export function environmentsOnCluster(store: StoreView, clusterId: string): EnvironmentRec[] {
  return [...read<typeof environmentSlice>(store, "environments").values()].filter((e) => e.cluster_id === clusterId);
}

/** An environment on a cluster as the service lists it: its project, and its services with their types. */
export interface ClusterEnvironmentEntry {
  environment_id: string;
  environment_name: string;
  project_id: string;
  project_name: string;
  services: Array<{ id: string; name: string; type: string }>;
}

/** The environments placed on a cluster, each with its project's name and its services (kind after kind). */
export function clusterEnvironments(store: StoreView, clusterId: string): ClusterEnvironmentEntry[] {
  const projects = read<typeof projectSlice>(store, "projects");
  return environmentsOnCluster(store, clusterId).map((e) => ({
    environment_id: e.id,
    environment_name: e.name,
    project_id: e.project_id,
    project_name: projects.get(e.project_id)?.name ?? "",
    services: servicesWithKindIn(store, e.id).map(([kind, svc]) => ({ id: svc.id, name: svc.name, type: kind.type })),
  }));
}

/** The clusters made with a set of cloud credentials. */
export function clustersUsingCredentials(store: StoreView, credentialsId: string): ClusterRec[] {
  return read<typeof clusterSlice>(store, "clusters").filter((c) => c.spec?.credentials_id === credentialsId);
}

/** The domain the cluster an environment runs on serves public hosts under (see `hosts.ts`). */
export function clusterDomain(store: StoreView, envId: string): string {
  const env = read<typeof environmentSlice>(store, "environments").get(envId);
  const cluster = env && clusterById(store, env.cluster_id);
  return cluster ? clusterDomainOf(cluster) : `${hostId(env?.cluster_id ?? envId)}.emulator.app`;
}
