import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { assertActionable, prepareDeploy, startServiceAction } from "../deployments/actions";
import { aggregateState, deploymentStatusOf, phaseOf, serviceState, serviceStatus } from "../deployments/clock";
import { readServiceStatus } from "../deployments/status-reads";
import { badRequest } from "../server/errors";
import { deploymentsOf, lastDeployed } from "../models/deployments";
import { visibleLogs } from "../models/logs";
import { iso } from "../models/records";
import type { DeploymentRec, ServiceAction } from "../models/runtime";
import { deployVersion, type AnyServiceKind, type DeployBody, type DeploySource, type RecordOf } from "../models/service-kinds";
import { deleteService } from "../models/services";
import { cloneService } from "../models/clones";
import { cloneServiceRequest } from "../schemas/clones";
import { deployRequest, imageDeployRequest, listOf, sourceDeployRequest, statusResponse } from "../schemas/common";
import { logLine } from "../schemas/applications";
import { historyPageOf, historyQuery, serviceDeploymentResponse } from "../schemas/deployment-history";
import { imageAutoDeployRequest } from "../schemas/containers";
import { helmDeployRequest } from "../schemas/helm";
import { crudRoutes, type RecordWire } from "./crud";
import { deploymentEntry, historyPage } from "./deployment-history";
import { needEnvironment, needOrg, needServiceOf } from "./lookup";
import { route, type Route, type RouteContext } from "./types";
import { servicesOfKind } from "../models/queries";

/** The body of a deploy, by what the kind deploys from. */
const DEPLOY_REQUESTS: Record<DeploySource, z.ZodType> = {
  "git-commit": deployRequest,
  "image-tag": imageDeployRequest,
  "image-tag-or-git-commit": sourceDeployRequest,
  "chart-version-or-git-commit": helmDeployRequest,
  // The emulator has always taken (and ignored) the optional commit body here; kept so no request starts failing.
  none: deployRequest,
};

/** What a kind's routes file gives: its wire schemas, its presenter and its model's create and edit. */
export interface ServiceRouteSpec<R, C extends z.ZodType, E extends z.ZodType> extends RecordWire<R> {
  /** Request body schemas of the create and the edit. */
  createRequest: C;
  editRequest: E;
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
 * deployed last), stop, restart-service (for kinds that restart) and uninstall.
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
    method: "POST", path: `${base}/${path}`, status: 202, deployAction: true, access: "deploy", summary, response: statusResponse,
    ...(request === undefined ? {} : { request }),
    handler: (ctx) => {
      const svc = find(ctx);
      startServiceAction(ctx, svc, act, version(ctx, svc));
      return serviceStatus(svc, ctx.now);
    },
  });
  const none: Version = () => undefined;
  const named: Version = (ctx, svc) => {
    const body = (ctx.body ?? {}) as DeployBody;
    assertActionable(ctx, svc);
    prepareDeploy(ctx, kind, svc, body);
    return deployVersion(kind.deploysFrom, body);
  };
  const history = s.history ?? { entry: deploymentEntry, response: serviceDeploymentResponse };
  return [
    ...crudRoutes({
      access: { read: "read", write: "write" },
      collection: `/environment/{environmentId}/${name}`, item: base, createStatus: 201,
      summaries: { list: `List ${name}s`, create: `Create ${one}`, get: `Get ${one}`, edit: `Edit ${one}`, delete: `Delete ${one}` },
      createRequest: s.createRequest, editRequest: s.editRequest, response: s.response, present: s.present, edit: s.edit, find,
      list: (ctx) => servicesOfKind(ctx.world.store, kind, needEnvironment(ctx).id),
      create: (ctx, body) => s.create(ctx, needEnvironment(ctx).id, body),
      remove: (ctx, svc) => deleteService(ctx, svc),
    }),
    route({
      method: "GET", path: `${base}/status`, status: 200, access: "read", summary: `Deployment status of the ${name}`, response: statusResponse,
      handler: (ctx) => readServiceStatus(ctx.world, find(ctx), ctx.now),
    }),
    route({
      method: "GET", path: `${base}/deploymentHistory`, status: 200, access: "read",
      summary: `Deployments of the ${name}, newest first (20 per page; query \`startId\` for the next page)`,
      response: historyPageOf(history.response), query: historyQuery,
      handler: (ctx) => {
        const svc = find(ctx);
        return historyPage(ctx, deploymentsOf(svc.runtime).map((d) => ({ ...history.entry(ctx, svc, d), id: d.request_id })));
      },
    }),
    route({
      method: "POST", path: `${base}/clone`, status: 202, access: { need: "write", also: ["body:environment_id"] },
      summary: `Clone the ${name} (settings, variables and secrets, with new ids) into an environment`,
      request: cloneServiceRequest, response: s.response,
      handler: (ctx) => {
        const body = ctx.body as z.output<typeof cloneServiceRequest>;
        const env = ctx.world.store.state.environments.get(body.environment_id);
        if (!env) throw badRequest("environment_id", `unknown environment ${body.environment_id}`);
        return s.present(ctx, cloneService(ctx, kind, find(ctx), env, body.name) as RecordOf<K>);
      },
    }),
    action("deploy", "DEPLOY", `Deploy the ${name}`, named, DEPLOY_REQUESTS[kind.deploysFrom]),
    action("redeploy", "DEPLOY", `Redeploy the version of the ${name} deployed last`,
      (ctx, svc) => lastDeployed(svc.runtime, ctx.now)?.commit?.git_commit_id),
    action("stop", "STOP", `Stop the ${name}`, none),
    ...(kind.restarts ? [action("restart-service", "RESTART", `Restart the ${name}`, none)] : []),
    action("uninstall", "UNINSTALL", `Uninstall the ${name}: remove what its deploys installed, keeping its configuration`, none),
  ];
}

function tailOf(ctx: RouteContext): number | undefined {
  const raw = ctx.query.get("tail");
  if (raw === null) return undefined;
  const tail = Number(raw);
  if (!Number.isInteger(tail) || tail < 0) throw badRequest("tail", "expected an integer >= 0");
  return tail;
}

/** `GET /<kind>/{<kind>Id}/log`: the log lines its actions wrote, visible once the clock reached them (query `tail`). */
export function logRoute(kind: AnyServiceKind): Route {
  return route({
    method: "GET", path: `/${kind.name}/{${kind.name}Id}/log`, status: 200, access: "read", summary: `${kind.name.charAt(0).toUpperCase()}${kind.name.slice(1)} log lines (query \`tail\`)`,
    response: listOf(logLine),
    handler: (ctx) => {
      const svc = needServiceOf(ctx, kind);
      const lines = visibleLogs(ctx.world.store, svc.id, ctx.now, tailOf(ctx));
      return {
        results: lines.map((l) => ({ id: l.id, created_at: iso(l.at), message: l.message, pod_name: l.pod_name, version: l.version })),
      };
    },
  });
}

/** How the organization's auto-deploy finds and changes the services of a kind that run an image. */
export interface AutoDeploySpec<R> {
  /** Whether the service runs the image and takes new tags by auto-deploy (`auto_deploy`). */
  follows(r: R, imageName: string): boolean;
  /** The model's change of the service's tag (an edit). */
  setTag(ctx: RouteContext, r: R, tag: string): void;
}

/**
 * The auto-deploy's answer when no service follows the image: no request was made, so none is named (no request id,
 * no deployment date) and nothing is said deployed (the organization's id, READY, nothing out of date).
 */
function nothingDeployed(ctx: RouteContext): Record<string, unknown> {
  return {
    id: needOrg(ctx).id, state: "READY", service_deployment_status: "UP_TO_DATE",
    status_details: { action: "DEPLOY", status: phaseOf("READY"), sub_action: "NONE" }, is_part_last_deployment: false,
    deployment_request_id: null, deployment_requests_count: 0,
  };
}

/**
 * `POST /organization/{organizationId}/<kind>/deploy` (`{image_name, tag}`): every service of the kind with
 * `auto_deploy` running the image (the same name, whatever its registry) gets the new tag and is deployed. Answers
 * one `Status` for the whole request: its own id, the services' aggregated state, how many were deployed.
 */
export function autoDeployRoute<K extends AnyServiceKind>(kind: K, s: AutoDeploySpec<RecordOf<K>>): Route {
  return route({
    method: "POST", path: `/organization/{organizationId}/${kind.name}/deploy`, status: 202, deployAction: true, access: "deploy",
    summary: `Deploy, with a new tag, every ${kind.name} of the organization with auto_deploy running the image`,
    request: imageAutoDeployRequest, response: statusResponse,
    handler: (ctx) => {
      needOrg(ctx);
      const { image_name: imageName, tag } = ctx.body as z.output<typeof imageAutoDeployRequest>;
      const targets = [...ctx.world.store.collection(kind).values()].filter((r) => !r.deleting && s.follows(r, imageName));
      for (const r of targets) {
        s.setTag(ctx, r, tag);
        startServiceAction(ctx, r, "DEPLOY");
      }
      if (targets.length === 0) return nothingDeployed(ctx);
      const state = aggregateState(targets.map((r) => serviceState(r, ctx.now)), "DEPLOYED");
      const upToDate = targets.every((r) => deploymentStatusOf(r.runtime, ctx.now) === "UP_TO_DATE");
      const id = randomUUID();
      return {
        id, state, service_deployment_status: upToDate ? "UP_TO_DATE" : "OUT_OF_DATE",
        status_details: { action: "DEPLOY", status: phaseOf(state), sub_action: "NONE" }, is_part_last_deployment: true,
        deployment_request_id: id, deployment_requests_count: targets.length, last_deployment_date: new Date(ctx.now).toISOString(),
      };
    },
  });
}
