import type { z } from "zod";
import { startServiceAction } from "../actions";
import { serviceStatus } from "../clock";
import { deploymentsOf, lastDeployed } from "../models/deployments";
import type { DeploymentRec, ServiceAction } from "../models/runtime";
import type { AnyServiceKind, DeploySource, RecordOf } from "../models/service-kinds";
import { deleteService } from "../models/services";
import { deployRequest, imageDeployRequest, statusResponse } from "../schemas/common";
import { historyPageOf, historyQuery, serviceDeploymentResponse } from "../schemas/deployment-history";
import { crudRoutes } from "./crud";
import { deploymentEntry, historyPage } from "./deployment-history";
import { needEnvironment, needServiceOf } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

/** The body of a deploy, by what the kind deploys from. */
const DEPLOY_REQUESTS: Record<DeploySource, z.ZodType> = {
  "git-commit": deployRequest,
  "image-tag": imageDeployRequest,
  // The emulator has always taken (and ignored) the optional commit body here; kept so no request starts failing.
  none: deployRequest,
};

/** The version a deploy request names, if any. */
function versionOf(from: DeploySource, body: unknown): string | undefined {
  const b = body as { git_commit_id?: string; image_tag?: string };
  return from === "git-commit" ? b.git_commit_id : from === "image-tag" ? b.image_tag : undefined;
}

/** What a kind's routes file gives: its wire schemas, its presenter and its model's create and edit. */
export interface ServiceRouteSpec<R, C extends z.ZodType, E extends z.ZodType> {
  /** Request body schemas of the create and the edit. */
  createRequest: C;
  editRequest: E;
  /** Schema of one record's wire form. */
  response: z.ZodType;
  /** Wire form of a record. */
  present(ctx: RouteContext, r: R): unknown;
  /** The model's create, in the environment named by the path. */
  create(ctx: RouteContext, envId: string, body: z.output<C>): R;
  /** The model's edit. */
  edit(ctx: RouteContext, r: R, body: z.output<E>): void;
  /** One entry of its deployment history and its schema; default: the deployment in its state (`deploymentEntry`). */
  history?: { entry(ctx: RouteContext, r: R, d: DeploymentRec): Record<string, unknown>; response: z.ZodType };
}

/**
 * The routes every service kind has, from its entry in the service-kind table: list and create under the environment,
 * get, edit and delete at `/<kind>/{<kind>Id}`, then status, deployment history, deploy, redeploy (of the version
 * deployed last), stop and restart-service.
 */
export function serviceRoutes<K extends AnyServiceKind, C extends z.ZodType, E extends z.ZodType>(
  kind: K, s: ServiceRouteSpec<RecordOf<K>, C, E>,
): Route[] {
  const name = kind.name;
  const base = `/${name}/{${name}Id}`;
  const one = `${/^[aeiou]/.test(name) ? "an" : "a"} ${name}`;
  const find = (ctx: RouteContext): RecordOf<K> => needServiceOf(ctx, kind);
  type Version = (ctx: RouteContext, svc: RecordOf<K>) => string | undefined;
  const action = (path: string, act: ServiceAction, summary: string, version: Version, request?: z.ZodType): Route => route({
    method: "POST", path: `${base}/${path}`, status: 202, deployAction: true, summary, response: statusResponse,
    ...(request === undefined ? {} : { request }),
    handler: (ctx) => {
      const svc = find(ctx);
      startServiceAction(ctx, svc, act, version(ctx, svc));
      return serviceStatus(svc, ctx.now);
    },
  });
  const none: Version = () => undefined;
  const history = s.history ?? { entry: deploymentEntry, response: serviceDeploymentResponse };
  return [
    ...crudRoutes({
      collection: `/environment/{environmentId}/${name}`, item: base, createStatus: 201,
      summaries: { list: `List ${name}s`, create: `Create ${one}`, get: `Get ${one}`, edit: `Edit ${one}`, delete: `Delete ${one}` },
      createRequest: s.createRequest, editRequest: s.editRequest, response: s.response, present: s.present, edit: s.edit, find,
      list: (ctx) => ctx.world.store.servicesOfKind(kind, needEnvironment(ctx).id),
      create: (ctx, body) => s.create(ctx, needEnvironment(ctx).id, body),
      remove: (ctx, svc) => deleteService(ctx, svc),
    }),
    route({
      method: "GET", path: `${base}/status`, status: 200, summary: `Deployment status of the ${name}`, response: statusResponse,
      handler: (ctx) => serviceStatus(find(ctx), ctx.now),
    }),
    route({
      method: "GET", path: `${base}/deploymentHistory`, status: 200,
      summary: `Deployments of the ${name}, newest first (20 per page; query \`startId\` for the next page)`,
      response: historyPageOf(history.response), query: historyQuery,
      handler: (ctx) => {
        const svc = find(ctx);
        return historyPage(ctx, deploymentsOf(svc.runtime).map((d) => ({ ...history.entry(ctx, svc, d), id: d.request_id })));
      },
    }),
    action("deploy", "DEPLOY", `Deploy the ${name}`, (ctx) => versionOf(kind.deploysFrom, ctx.body), DEPLOY_REQUESTS[kind.deploysFrom]),
    action("redeploy", "DEPLOY", `Redeploy the version of the ${name} deployed last`,
      (ctx, svc) => lastDeployed(svc.runtime, ctx.now)?.commit?.git_commit_id),
    action("stop", "STOP", `Stop the ${name}`, none),
    action("restart-service", "RESTART", `Restart the ${name}`, none),
  ];
}
