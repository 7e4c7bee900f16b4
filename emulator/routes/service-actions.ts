import { runServiceAction } from "../actions";
import { serviceStatus } from "../clock";
import { conflict } from "../errors";
import { deployRequest, statusResponse } from "../schemas/common";
import type { DeploymentRec, ServiceRec } from "../types";
import { assertNameFree } from "../uniqueness";
import { route, type Route, type RouteContext } from "./types";

/**
 * Status, deploy, stop, redeploy and restart-service routes shared by applications and databases,
 * and the asynchronous delete they share.
 */
export function serviceActionRoutes(base: string, kind: string, lookup: (ctx: RouteContext) => ServiceRec): Route[] {
  const action = (path: string, act: DeploymentRec["action"], summary: string, withBody = false): Route => {
    const r: Route = route({
      method: "POST", path: `${base}/${path}`, status: 202, deployAction: true, summary, response: statusResponse,
      handler: (ctx) => {
        const svc = lookup(ctx);
        if (svc.deleting) throw conflict(`${kind} ${svc.id} is being deleted`);
        const commit = withBody ? (ctx.body as { git_commit_id?: string }).git_commit_id : undefined;
        runServiceAction(ctx.world, svc, act, ctx.now, 0, commit);
        return serviceStatus(svc, ctx.now);
      },
    });
    if (withBody) r.request = deployRequest;
    return r;
  };
  return [
    route({
      method: "GET", path: `${base}/status`, status: 200, summary: `Deployment status of the ${kind}`, response: statusResponse,
      handler: (ctx) => serviceStatus(lookup(ctx), ctx.now),
    }),
    action("deploy", "DEPLOY", `Deploy the ${kind}`, true),
    action("redeploy", "DEPLOY", `Redeploy the ${kind}`),
    action("stop", "STOP", `Stop the ${kind}`),
    action("restart-service", "RESTART", `Restart the ${kind}`),
  ];
}

/** 409 when another application or database of the environment has the name (ignoring case; see uniqueness.ts). */
export function assertServiceNameFree(ctx: RouteContext, envId: string, name: string, self?: string): void {
  assertNameFree(ctx.world.store.servicesOf(envId), name, "case-insensitive", "service", "this environment", self);
}

/** Deletes a service: at once with `stepMs` 0, else it stays readable in DELETE_QUEUED/DELETING for two steps. */
export function deleteService(ctx: RouteContext, svc: ServiceRec): void {
  const stepMs = ctx.world.config.stepMs;
  if (stepMs <= 0) ctx.world.store.removeService(svc.id);
  else svc.deleting ??= { start: ctx.now, stepMs };
}
