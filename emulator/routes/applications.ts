import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { newRuntime } from "../clock";
import { badRequest } from "../errors";
import { baseFields, iso } from "../store";
import { listOf } from "../schemas/common";
import {
  applicationCreateRequest, applicationEditRequest, applicationResponse, logLine, portRequest, storageRequest,
} from "../schemas/applications";
import type { ApplicationRec, PortRec, StorageRec } from "../types";
import { needApplication, needEnvironment, paginate } from "./lookup";
import { assertServiceNameFree, deleteService, serviceActionRoutes } from "./service-actions";
import { route, type Route, type RouteContext } from "./types";
import { defaultAdvancedSettings } from "../schemas/advanced-settings";

type CreateBody = z.output<typeof applicationCreateRequest>;
type EditBody = z.output<typeof applicationEditRequest>;

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
    name: a.name, icon_uri: a.icon_uri, service_type: "APPLICATION",
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

function checkGitToken(ctx: RouteContext, id: string | null | undefined): void {
  if (id && !ctx.world.store.state.gitTokens.has(id)) throw badRequest("git_repository.git_token_id", `unknown git token ${id}`);
}

function buildPorts(input: Array<z.output<typeof portRequest>>, existing: PortRec[]): PortRec[] {
  return input.map((p, i) => {
    if (p.id !== undefined && !existing.some((e) => e.id === p.id)) throw badRequest(`ports[${i}].id`, `unknown port ${p.id}`);
    if (p.id !== undefined && input.findIndex((q) => q.id === p.id) !== i) throw badRequest(`ports[${i}].id`, `port ${p.id} is given twice`);
    const first = input.findIndex((q) => q.internal_port === p.internal_port);
    if (first !== i) {
      throw badRequest(`ports[${i}].internal_port`, `${p.internal_port} is already used by ports[${first}]; internal ports must be unique within an application`);
    }
    const port: PortRec = {
      id: p.id ?? randomUUID(), name: p.name ?? `p${p.internal_port}`, internal_port: p.internal_port,
      publicly_accessible: p.publicly_accessible, is_default: p.is_default ?? i === 0, protocol: p.protocol ?? "HTTP",
    };
    const external = p.external_port ?? (p.publicly_accessible ? 443 : undefined);
    if (external !== undefined) port.external_port = external;
    if (p.public_path !== undefined) port.public_path = p.public_path;
    if (p.public_path_rewrite !== undefined) port.public_path_rewrite = p.public_path_rewrite;
    return port;
  });
}

function buildStorage(input: Array<z.output<typeof storageRequest>>, existing: StorageRec[]): StorageRec[] {
  return input.map((s, i) => {
    if (s.id !== undefined && !existing.some((e) => e.id === s.id)) throw badRequest(`storage[${i}].id`, `unknown storage ${s.id}`);
    if (s.id !== undefined && input.findIndex((q) => q.id === s.id) !== i) throw badRequest(`storage[${i}].id`, `storage ${s.id} is given twice`);
    return { id: s.id ?? randomUUID(), type: "FAST_SSD", size: s.size, mount_point: s.mount_point };
  });
}

/**
 * 400 unless `min_running_instances <= max_running_instances` (`-1` = no limit) once the request is merged with
 * what is stored; names the field the request sent (min when both were).
 */
function checkInstances(a: Pick<ApplicationRec, "min_running_instances" | "max_running_instances">, b: EditBody): void {
  const min = b.min_running_instances ?? a.min_running_instances;
  const max = b.max_running_instances ?? a.max_running_instances;
  if (max === -1 || min <= max) return;
  if (b.min_running_instances !== undefined) {
    throw badRequest("min_running_instances", `${min} is greater than max_running_instances ${max}`);
  }
  throw badRequest("max_running_instances", `${max} is less than min_running_instances ${min} (use -1 for no limit)`);
}

/** Applies an edit; everything that can fail is checked before the first change, so a refused edit changes nothing. */
function applyEdit(a: ApplicationRec, b: EditBody): void {
  checkInstances(a, b);
  const ports = b.ports === undefined ? undefined : buildPorts(b.ports, a.ports);
  const storage = b.storage === undefined ? undefined : buildStorage(b.storage, a.storage);
  if (b.name !== undefined) a.name = b.name;
  if (b.description !== undefined) a.description = b.description;
  if (b.git_repository !== undefined) {
    const g = b.git_repository;
    a.git_repository = {
      url: g.url, provider: g.provider, branch: g.branch ?? a.git_repository.branch,
      root_path: g.root_path ?? a.git_repository.root_path, git_token_id: g.git_token_id === undefined ? a.git_repository.git_token_id : g.git_token_id,
    };
  }
  a.healthchecks = b.healthchecks;
  const scalar = ["build_mode", "dockerfile_path", "docker_target_build_stage", "cpu", "memory", "gpu", "min_running_instances",
    "max_running_instances", "auto_preview", "arguments", "entrypoint", "icon_uri"] as const;
  for (const k of scalar) if (b[k] !== undefined) (a as unknown as Record<string, unknown>)[k] = b[k];
  if (b.auto_deploy !== undefined) a.auto_deploy = b.auto_deploy ?? false;
  if (ports !== undefined) a.ports = ports;
  if (storage !== undefined) a.storage = storage;
}

/** Applications: collection under the environment, items at top level, actions, status and logs. */
export const applicationRoutes: Route[] = [
  route({
    method: "GET", path: "/environment/{environmentId}/application", status: 200, summary: "List applications",
    response: listOf(applicationResponse),
    handler: (ctx) => paginate(ctx, ctx.world.store.applicationsOf(needEnvironment(ctx).id).map((a) => presentApplication(ctx, a))),
  }),
  route({
    method: "POST", path: "/environment/{environmentId}/application", status: 201, summary: "Create an application",
    request: applicationCreateRequest, response: applicationResponse,
    handler: (ctx) => {
      const env = needEnvironment(ctx);
      const b = ctx.body as CreateBody;
      assertServiceNameFree(ctx, env.id, b.name);
      checkGitToken(ctx, b.git_repository.git_token_id);
      const a: ApplicationRec = {
        ...baseFields(ctx.now), environment_id: env.id, name: b.name,
        git_repository: {
          url: b.git_repository.url, provider: b.git_repository.provider, branch: b.git_repository.branch ?? "main",
          root_path: b.git_repository.root_path ?? "/", git_token_id: b.git_repository.git_token_id ?? null,
        },
        build_mode: "DOCKER", dockerfile_path: null, docker_target_build_stage: null, cpu: 500, memory: 512, gpu: 0,
        min_running_instances: 1, max_running_instances: 1, healthchecks: {}, auto_preview: true, auto_deploy: false,
        ports: [], storage: [], arguments: [], icon_uri: "app://emulator/application",
        advanced_settings: defaultAdvancedSettings(), runtime: newRuntime(),
      };
      applyEdit(a, { ...b, git_repository: undefined } as EditBody);
      ctx.world.store.state.applications.set(a.id, a);
      ctx.world.store.attach(a, undefined, false, ctx.now);
      return presentApplication(ctx, a);
    },
  }),
  route({
    method: "GET", path: "/application/{applicationId}", status: 200, summary: "Get an application", response: applicationResponse,
    handler: (ctx) => presentApplication(ctx, needApplication(ctx)),
  }),
  route({
    method: "PUT", path: "/application/{applicationId}", status: 200, summary: "Edit an application",
    request: applicationEditRequest, response: applicationResponse,
    handler: (ctx) => {
      const a = needApplication(ctx);
      const b = ctx.body as EditBody;
      if (b.name !== undefined) assertServiceNameFree(ctx, a.environment_id, b.name, a.id);
      checkGitToken(ctx, b.git_repository?.git_token_id);
      applyEdit(a, b);
      a.updated_at = iso(Math.max(ctx.now, Date.parse(a.updated_at) + 1));
      a.runtime.version += 1;
      return presentApplication(ctx, a);
    },
  }),
  route({
    method: "DELETE", path: "/application/{applicationId}", status: 204, summary: "Delete an application",
    handler: (ctx) => deleteService(ctx, needApplication(ctx)),
  }),
  ...serviceActionRoutes("/application/{applicationId}", "application", (ctx) => needApplication(ctx)),
  route({
    method: "GET", path: "/application/{applicationId}/log", status: 200, summary: "Application log lines (query `tail`)",
    response: listOf(logLine),
    handler: (ctx) => {
      const a = needApplication(ctx);
      const tailRaw = ctx.query.get("tail");
      let tail: number | undefined;
      if (tailRaw !== null) {
        tail = Number(tailRaw);
        if (!Number.isInteger(tail) || tail < 0) throw badRequest("tail", "expected an integer >= 0");
      }
      let lines = ctx.world.store.state.logs.filter((l) => l.service_id === a.id && l.at <= ctx.now);
      lines.sort((x, y) => x.at - y.at);
      if (tail !== undefined) lines = tail === 0 ? [] : lines.slice(-tail);
      return {
        results: lines.map((l) => ({ id: l.id, created_at: iso(l.at), message: l.message, pod_name: l.pod_name, version: l.version })),
      };
    },
  }),
];
