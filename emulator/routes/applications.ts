import { badRequest } from "../errors";
import { applicationKind, createApplication, editApplication, type ApplicationRec } from "../models/applications";
import { iso } from "../models/records";
import { visibleLogs } from "../models/logs";
import { listOf } from "../schemas/common";
import { applicationCreateRequest, applicationEditRequest, applicationResponse, logLine } from "../schemas/applications";
import { needApplication } from "./lookup";
import { serviceRoutes } from "./service-routes";
import { route, type Route, type RouteContext } from "./types";

/** Owner and repository name from a git URL such as `https://github.com/acme/api.git`. */
export function repoParts(url: string): { owner: string; name: string } {
  const cleaned = url.replace(/\.git$/, "").replace(/\/+$/, "");
  const parts = cleaned.split(/[/:]/).filter((p) => p !== "");
  const name = parts[parts.length - 1] ?? cleaned;
  const owner = parts.length >= 2 ? (parts[parts.length - 2] as string) : "";
  return { owner, name };
}

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
    },
    build_mode: a.build_mode, dockerfile_path: a.dockerfile_path, docker_target_build_stage: a.docker_target_build_stage,
    cpu: a.cpu, memory: a.memory, gpu: a.gpu, maximum_cpu: 16000, maximum_memory: 32768, maximun_gpu: 4,
    min_running_instances: a.min_running_instances, max_running_instances: a.max_running_instances,
    healthchecks: a.healthchecks, auto_preview: a.auto_preview, auto_deploy: a.auto_deploy,
    ports: a.ports, storage: a.storage, arguments: a.arguments, annotations_groups: [], labels_groups: [],
  };
  if (a.description !== undefined) out["description"] = a.description;
  if (a.entrypoint !== undefined) out["entrypoint"] = a.entrypoint;
  if (a.docker_target_build_stage === null) delete out["docker_target_build_stage"];
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
