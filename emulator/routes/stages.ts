import type { z } from "zod";
import { ApiError, badRequest } from "../errors";
import { assertNameFree } from "../uniqueness";
import { iso } from "../store";
import { listOf } from "../schemas/common";
import { attachRequest, stageRequest, stageResponse } from "../schemas/stages";
import type { StageRec } from "../types";
import { needEnvironment, needService, needStage } from "./lookup";
import { param, route, type Route, type RouteContext } from "./types";

type Body = z.output<typeof stageRequest>;

function present(s: StageRec): Record<string, unknown> {
  return {
    id: s.id, created_at: s.created_at, updated_at: s.updated_at, environment: { id: s.environment_id },
    name: s.name, deployment_order: s.deployment_order,
    services: s.services.map((x) => ({ ...x })),
    // the reference's response `description` is a plain string: an unset one is left out
    ...(s.description === null ? {} : { description: s.description }),
  };
}

function assertFreeName(ctx: RouteContext, envId: string, name: string, self?: string): void {
  assertNameFree(ctx.world.store.stagesOf(envId), name, "case-insensitive", "deployment stage", "this environment", self);
}

function ordered(ctx: RouteContext, envId: string): { results: Array<Record<string, unknown>> } {
  return { results: ctx.world.store.stagesOf(envId).map(present) };
}

function move(where: "After" | "Before"): Route {
  return route({
    method: "PUT", path: `/deploymentStage/{deploymentStageId}/move${where}/{stageId}`, status: 200,
    summary: `Move a stage ${where.toLowerCase()} another; answers the stages in order`, response: listOf(stageResponse),
    handler: (ctx) => {
      const stage = needStage(ctx);
      const target = needStage(ctx, param(ctx, "stageId"));
      if (target.environment_id !== stage.environment_id) throw badRequest("stageId", "the stages belong to different environments");
      if (target.id !== stage.id) {
        const list = ctx.world.store.stagesOf(stage.environment_id).filter((s) => s.id !== stage.id);
        const at = list.findIndex((s) => s.id === target.id) + (where === "After" ? 1 : 0);
        list.splice(at, 0, stage);
        ctx.world.store.renumber(list, ctx.now);
      }
      return ordered(ctx, stage.environment_id);
    },
  });
}

/** Deployment stages: collection under the environment, items at top level, ordering and service placement. */
export const stageRoutes: Route[] = [
  route({
    method: "GET", path: "/environment/{environmentId}/deploymentStage", status: 200, summary: "List stages in order",
    response: listOf(stageResponse),
    handler: (ctx) => ordered(ctx, needEnvironment(ctx).id),
  }),
  route({
    method: "POST", path: "/environment/{environmentId}/deploymentStage", status: 200, summary: "Create a stage (appended last)",
    request: stageRequest, response: stageResponse,
    handler: (ctx) => {
      const env = needEnvironment(ctx);
      const b = ctx.body as Body;
      assertFreeName(ctx, env.id, b.name);
      return present(ctx.world.store.addStage(env.id, b.name, b.description ?? null, ctx.now));
    },
  }),
  route({
    method: "GET", path: "/deploymentStage/{deploymentStageId}", status: 200, summary: "Get a stage", response: stageResponse,
    handler: (ctx) => present(needStage(ctx)),
  }),
  route({
    method: "PUT", path: "/deploymentStage/{deploymentStageId}", status: 200, summary: "Edit a stage",
    request: stageRequest, response: stageResponse,
    handler: (ctx) => {
      const s = needStage(ctx);
      const b = ctx.body as Body;
      assertFreeName(ctx, s.environment_id, b.name, s.id);
      s.name = b.name;
      if (b.description !== undefined) s.description = b.description;
      s.updated_at = iso(Math.max(ctx.now, Date.parse(s.updated_at) + 1));
      return present(s);
    },
  }),
  route({
    method: "DELETE", path: "/deploymentStage/{deploymentStageId}", status: 204, summary: "Delete a stage (refused while services are attached)",
    handler: (ctx) => {
      const s = needStage(ctx);
      if (s.services.length > 0) {
        throw new ApiError(400, `deploymentStageId: stage '${s.name}' still has ${s.services.length} service(s) attached; move them first`);
      }
      ctx.world.store.state.stages.delete(s.id);
      ctx.world.store.renumber(ctx.world.store.stagesOf(s.environment_id), ctx.now);
    },
  }),
  route({
    method: "PUT", path: "/deploymentStage/{deploymentStageId}/service/{serviceId}", status: 200,
    summary: "Move a service into this stage; answers the stages in order", request: attachRequest, response: listOf(stageResponse),
    handler: (ctx) => {
      const stage = needStage(ctx);
      const svc = needService(ctx);
      if (svc.environment_id !== stage.environment_id) throw badRequest("serviceId", "the service belongs to another environment");
      ctx.world.store.attach(svc, stage.id, (ctx.body as z.output<typeof attachRequest>).is_skipped ?? false, ctx.now);
      return ordered(ctx, stage.environment_id);
    },
  }),
  move("After"),
  move("Before"),
  route({
    method: "GET", path: "/service/{serviceId}/deploymentStage", status: 200, summary: "The stage a service is in", response: stageResponse,
    handler: (ctx) => {
      const svc = needService(ctx);
      const stage = ctx.world.store.stageOfService(svc.id) ?? ctx.world.store.attach(svc, undefined, false, ctx.now);
      return present(stage);
    },
  }),
];
