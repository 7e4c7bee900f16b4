/** Wire fields services answer alike: every service's base, a running service's resources, a git repository. */
import { lastDeployed } from "../models/deployments";
import { deployedCommit, repoParts } from "../models/git-commits";
import type { ApplicationRec } from "../models/applications";
import type { RunningServiceRec } from "../models/application-parts";
import type { RuntimeRec } from "../models/runtime";
import type { ServiceKind } from "../models/service-kinds";
import type { ServiceRecBase } from "../models/services";
import { presentGroupRefs } from "./groups";
import type { RouteContext } from "./types";
import { SERVICE_MAXIMA } from "../schemas/resource-limits";

/** What every service answers: ids and dates, its environment, name, description, icon and type. */
export function presentServiceCore(kind: Pick<ServiceKind, "type">, svc: ServiceRecBase): Record<string, unknown> {
  return {
    id: svc.id, created_at: svc.created_at, updated_at: svc.updated_at, environment: { id: svc.environment_id },
    name: svc.name, ...(svc.description === undefined ? {} : { description: svc.description }), icon_uri: svc.icon_uri,
    service_type: kind.type,
  };
}

/** What the services that reference groups answer: {@link presentServiceCore} and their groups. */
export function presentServiceBase(ctx: RouteContext, kind: Pick<ServiceKind, "type">, svc: ServiceRecBase): Record<string, unknown> {
  return { ...presentServiceCore(kind, svc), ...presentGroupRefs(ctx, svc) };
}

/** What a running service (an application, a container) answers of its resources, instances, ports and command. */
export function presentRunningFields(r: RunningServiceRec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    cpu: r.cpu, memory: r.memory, gpu: r.gpu, maximum_cpu: SERVICE_MAXIMA.cpu, maximum_memory: SERVICE_MAXIMA.memory, cpu_architecture: r.cpu_architecture ?? null,
    min_running_instances: r.min_running_instances, max_running_instances: r.max_running_instances,
    healthchecks: r.healthchecks, auto_preview: r.auto_preview, auto_deploy: r.auto_deploy,
    ports: r.ports, storage: r.storage, arguments: r.arguments,
  };
  if (r.entrypoint !== undefined) out["entrypoint"] = r.entrypoint;
  if (r.ephemeral_storage_in_gib !== undefined) out["ephemeral_storage_in_gib"] = r.ephemeral_storage_in_gib;
  if (r.autoscaling !== undefined) out["autoscaling"] = r.autoscaling;
  return out;
}

/** A git repository a service builds from, with its token's name and the commit its last successful deploy rolled out. */
export function presentGitRepository(ctx: RouteContext, repo: ApplicationRec["git_repository"], runtime: RuntimeRec | undefined): Record<string, unknown> {
  const token = repo.git_token_id ? ctx.world.store.state.gitTokens.get(repo.git_token_id) : undefined;
  return {
    provider: repo.provider, ...repoParts(repo.url), url: repo.url, branch: repo.branch, root_path: repo.root_path,
    has_access: true, git_token_id: repo.git_token_id, git_token_name: token?.name ?? null,
    ...deployedCommit(runtime && lastDeployed(runtime, ctx.now)),
  };
}
