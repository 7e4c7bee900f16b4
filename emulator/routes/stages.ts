import type { z } from "zod";
import {
  createStage, deleteStage, editStage, moveStage, placeService, stageOfService, type StageRec,
} from "../models/stages";
import { listOf } from "../schemas/common";
import { attachRequest, stageRequest, stageResponse } from "../schemas/stages";
import { crudRoutes } from "./crud";
import { needEnvironment, needService, needStage } from "./lookup";
import { param, route, type Route, type RouteContext } from "./types";
import { stagesOf } from "../models/queries";

function present(_ctx: RouteContext, s: StageRec): Record<string, unknown> {
  return {
    id: s.id, created_at: s.created_at, updated_at: s.updated_at, environment: { id: s.environment_id },
    name: s.name, deployment_order: s.deployment_order,
    services: s.services.map((x) => ({ ...x })),
    // every stage has one, "" when none was given (the DEFAULT stage too), as the live service answers: clients
    // such as the service's Terraform provider read it unguarded
    description: s.description ?? "",
  };
}

/** The stages of an environment in order, as the reordering routes answer them. */
function ordered(ctx: RouteContext, envId: string): { results: Array<Record<string, unknown>> } {
  return { results: stagesOf(ctx.world.store, envId).map((s) => present(ctx, s)) };
}

function move(where: "After" | "Before"): Route {
  return route({
    method: "PUT", path: `/deploymentStage/{deploymentStageId}/move${where}/{stageId}`, status: 200, access: "write",
    summary: `Move a stage ${where.toLowerCase()} another; answers the stages in order`, response: listOf(stageResponse),
    handler: (ctx) => {
      const stage = needStage(ctx);
      moveStage(ctx, stage, needStage(ctx, param(ctx, "stageId")), where);
      return ordered(ctx, stage.environment_id);
    },
  });
}

/** Deployment stages: collection under the environment, items at top level, ordering and service placement. */
export const stageRoutes: Route[] = [
  ...crudRoutes({
    access: { read: "read", write: "write" },
    collection: "/environment/{environmentId}/deploymentStage", item: "/deploymentStage/{deploymentStageId}",
    summaries: {
      list: "List stages in order", create: "Create a stage (appended last)", get: "Get a stage", edit: "Edit a stage",
      delete: "Delete a stage (refused while services are attached)",
    },
    createStatus: 200, createRequest: stageRequest, editRequest: stageRequest, response: stageResponse, present,
    list: (ctx) => stagesOf(ctx.world.store, needEnvironment(ctx).id),
    find: (ctx) => needStage(ctx),
    create: (ctx, body) => createStage(ctx, needEnvironment(ctx).id, body),
    edit: editStage,
    remove: deleteStage,
  }),
  route({
    method: "PUT", path: "/deploymentStage/{deploymentStageId}/service/{serviceId}", access: "write", status: 200,
    summary: "Move a service into this stage; answers the stages in order", request: attachRequest, response: listOf(stageResponse),
    handler: (ctx) => {
      const stage = needStage(ctx);
      placeService(ctx, needService(ctx), stage, (ctx.body as z.output<typeof attachRequest>).is_skipped ?? false);
      return ordered(ctx, stage.environment_id);
    },
  }),
  move("After"),
  move("Before"),
  route({
    method: "GET", path: "/service/{serviceId}/deploymentStage", access: "read", status: 200, summary: "The stage a service is in", response: stageResponse,
    handler: (ctx) => present(ctx, stageOfService(ctx, needService(ctx))),
  }),
];
