/**
 * A cluster's actions and reads of its progress: deploy and stop (on the deployment clock, see
 * `models/cluster-lifecycle.ts`), the status of every cluster, readiness and the infrastructure logs.
 */
import { z } from "zod";
import { clusterState, deployCluster, stopCluster } from "../models/cluster-lifecycle";
import { clusterLog } from "../models/cluster-logs";
import type { ClusterRec } from "../models/clusters";
import { clusterLogResponse, readinessResponse } from "../schemas/clusters";
import { listOf } from "../schemas/common";
import { clusterStatusResponse } from "../schemas/organization";
import { clusterStatus } from "./cluster-present";
import { needCluster, needOrg } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

const CLUSTER = "/organization/{organizationId}/cluster";

function cluster(ctx: RouteContext) {
  needOrg(ctx);
  return needCluster(ctx);
}

/** A cluster action: it starts on the clock and its answer is the cluster's status. */
function action(name: string, status: number, start: (ctx: RouteContext, c: ClusterRec) => void, summary: string): Route {
  return route({
    method: "POST", path: `${CLUSTER}/{clusterId}/${name}`, access: "deploy", deployAction: true, status, response: clusterStatusResponse, summary,
    handler: (ctx) => {
      const c = cluster(ctx);
      start(ctx, c);
      return clusterStatus(ctx, c);
    },
  });
}

/** Deploy, stop, statuses, readiness and logs of clusters. */
export const clusterActionRoutes: Route[] = [
  action("deploy", 201, deployCluster, "Deploy a cluster (DEPLOYMENT_QUEUED, DEPLOYING over three steps, DEPLOYED); also starts a stopped one"),
  action("stop", 202, stopCluster, "Stop a deployed cluster (STOP_QUEUED, STOPPING, STOPPED); 409 when never deployed or stopped already"),
  route({
    method: "GET", path: `${CLUSTER}/status`, access: "read", status: 200, summary: "Status of every cluster", response: listOf(clusterStatusResponse),
    handler: (ctx) => {
      needOrg(ctx);
      return { results: ctx.world.store.state.clusters.map((c) => clusterStatus(ctx, c)) };
    },
  }),
  route({
    method: "GET", path: `${CLUSTER}/{clusterId}/isReady`, access: "read", status: 200, summary: "Whether a cluster takes deployments (DEPLOYED)",
    response: readinessResponse,
    handler: (ctx) => ({ is_ready: clusterState(ctx, cluster(ctx)) === "DEPLOYED" }),
  }),
  route({
    method: "GET", path: `${CLUSTER}/{clusterId}/logs`, access: "read", status: 200, summary: "Infrastructure log of a cluster's last action",
    response: listOf(clusterLogResponse),
    handler: (ctx) => ({ results: clusterLog(ctx, cluster(ctx)) }),
  }),
  route({
    method: "GET", path: "/cluster/{clusterId}/logs", access: "read", status: 200, summary: "Infrastructure log of a cluster's last action, as text",
    response: z.object({ response: z.string() }),
    handler: (ctx) => ({
      response: clusterLog(ctx, needCluster(ctx)).map((l) => `${l.timestamp} ${l.type.toUpperCase()} [${l.step}] ${l.message.safe_message}`).join("\n"),
    }),
  }),
];
