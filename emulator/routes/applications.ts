import { finished, stateAt } from "../clock";
import { badRequest } from "../errors";
import { applicationKind, createApplication, editApplication, type ApplicationRec } from "../models/applications";
import { lastDeployed } from "../models/deployments";
import { deployedCommit, repoParts } from "../models/git-commits";
import { visibleLogs } from "../models/logs";
import { iso } from "../models/records";
import type { DeploymentRec } from "../models/runtime";
import { listOf } from "../schemas/common";
import { applicationCreateRequest, applicationEditRequest, applicationResponse, logLine } from "../schemas/applications";
import { applicationDeploymentResponse } from "../schemas/deployment-history";
import { deploymentDates } from "./deployment-history";
import { presentGroupRefs } from "./groups";
import { needApplication } from "./lookup";
import { serviceRoutes } from "./service-routes";
import { route, type Route, type RouteContext } from "./types";

/** Wire form of an application. */
export function presentApplication(ctx: RouteContext, a: ApplicationRec): Record<string, unknown> {
  const repo = a.git_repository;
  const token = repo.git_token_id ? ctx.world.store.state.gitTokens.get(repo.git_token_id) : undefined;
  const out: Record<string, unknown> = {
    id: a.id, created_at: a.created_at, updated_at: a.updated_at, environment: { id: a.environment_id },
    name: a.name, icon_uri: a.icon_uri, service_type: applicationKind.type,
    git_repository: {
      provider: repo.provider, ...repoParts(repo.url), url: repo.url, branch: repo.branch, root_path: repo.root_path,
      has_access: true, git_token_id: repo.git_token_id, git_token_name: token?.name ?? null,
      ...deployedCommit(lastDeployed(a.runtime, ctx.now)),
    },
    build_mode: a.build_mode, dockerfile_path: a.dockerfile_path, docker_target_build_stage: a.docker_target_build_stage,
    cpu: a.cpu, memory: a.memory, gpu: a.gpu, maximum_cpu: 16000, maximum_memory: 32768, maximun_gpu: 4,
    cpu_architecture: a.cpu_architecture ?? null,
    min_running_instances: a.min_running_instances, max_running_instances: a.max_running_instances,
    healthchecks: a.healthchecks, auto_preview: a.auto_preview, auto_deploy: a.auto_deploy,
    ports: a.ports, storage: a.storage, arguments: a.arguments, ...presentGroupRefs(ctx, a),
  };
  if (a.description !== undefined) out["description"] = a.description;
  if (a.entrypoint !== undefined) out["entrypoint"] = a.entrypoint;
  if (a.ephemeral_storage_in_gib !== undefined) out["ephemeral_storage_in_gib"] = a.ephemeral_storage_in_gib;
  if (a.autoscaling !== undefined) out["autoscaling"] = a.autoscaling;
  if (a.docker_target_build_stage === null) delete out["docker_target_build_stage"];
  return out;
}

/**
 * One deployment in an application's history: its commit (null for stops and restarts) and, once finished, its
 * outcome (`SUCCESS` when it reached DEPLOYED, STOPPED or RESTARTED; `FAILED` on an error or a cancellation).
 */
function historyEntry(ctx: RouteContext, a: ApplicationRec, d: DeploymentRec): Record<string, unknown> {
  const out: Record<string, unknown> = { ...deploymentDates(ctx, d), name: a.name, commit: d.commit ?? null };
  if (finished(d, ctx.now)) {
    const state = stateAt(d, ctx.now);
    out["status"] = state.endsWith("_ERROR") || state === "CANCELED" ? "FAILED" : "SUCCESS";
  }
  return out;
}

function tailOf(ctx: RouteContext): number | undefined {
  const raw = ctx.query.get("tail");
  if (raw === null) return undefined;
  const tail = Number(raw);
  if (!Number.isInteger(tail) || tail < 0) throw badRequest("tail", "expected an integer >= 0");
  return tail;
}

/** Applications: collection under the environment, items at top level, actions, status and logs. */
export const applicationRoutes: Route[] = [
  ...serviceRoutes(applicationKind, {
    createRequest: applicationCreateRequest, editRequest: applicationEditRequest, response: applicationResponse,
    present: presentApplication, create: createApplication, edit: editApplication,
    history: { entry: historyEntry, response: applicationDeploymentResponse },
  }),
  route({
    method: "GET", path: "/application/{applicationId}/log", status: 200, summary: "Application log lines (query `tail`)",
    response: listOf(logLine),
    handler: (ctx) => {
      const a = needApplication(ctx);
      const lines = visibleLogs(ctx.world.store.state, a.id, ctx.now, tailOf(ctx));
      return {
        results: lines.map((l) => ({ id: l.id, created_at: iso(l.at), message: l.message, pod_name: l.pod_name, version: l.version })),
      };
    },
  }),
];
