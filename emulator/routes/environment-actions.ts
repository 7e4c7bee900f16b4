/**
 * An environment's actions and statuses by stage: deploy, redeploy and stop of the whole environment, deploy (with
 * pins), stop and restart of selected services, cancel, and `statusesWithStages`. The requests run stage by stage
 * (`actions.ts`, `environment-requests.ts`).
 */
import type { z } from "zod";
import { runEnvironmentAction } from "../deployments/actions";
import { inProgress, phaseOf } from "../deployments/clock";
import { actOnServices, cancelEnvironmentDeployment, deployServices } from "../deployments/environment-requests";
import { environmentStatus, environmentSummary, type EnvironmentRec } from "../models/environments";
import type { ServiceAction } from "../models/runtime";
import { SERVICE_KINDS } from "../models/service-kinds";
import type { StageRec } from "../models/stages";
import {
  cancelDeploymentRequest, deployAllRequest, environmentStatusResponse, environmentStatusesResponse, rebootServicesRequest,
  serviceIdsRequest, type STAGE_STATES,
} from "../schemas/environments";
import { statusResponse } from "../schemas/common";
import { readEnvironmentStatus, readServiceStatus } from "../deployments/status-reads";
import { needEnvironment } from "./lookup";
import { route, type Route, type RouteContext } from "./types";
import { servicesOf, stagesOf } from "../models/queries";

/** Which of the reference's answers an environment action gives (`none`: no body, as the stop of listed services). */
type ActionAnswer = "Status" | "EnvironmentStatus" | "none";

/**
 * The answer of an environment action, in the shape the reference gives that operation: `Status` for deploy and
 * restart-service, `EnvironmentStatus` for the others (stop, redeploy, service deploy and stop, cancel); either way
 * with the id of the environment's last request as `deployment_request_id`, and only the fields the shape declares.
 */
function presentAction(ctx: RouteContext, e: EnvironmentRec, action: string, answer: Exclude<ActionAnswer, "none">): Record<string, unknown> {
  if (answer === "EnvironmentStatus") return environmentStatus(ctx, e);
  const { state, deploymentStatus } = environmentSummary(ctx, e);
  const out: Record<string, unknown> = {
    id: e.id, state, service_deployment_status: deploymentStatus,
    status_details: { action, status: phaseOf(state), sub_action: "NONE" },
    is_part_last_deployment: true,
    deployment_request_id: e.last_action?.request_id ?? null,
    deployment_requests_count: servicesOf(ctx.world.store, e.id).length,
  };
  if (e.last_action) out["last_deployment_date"] = e.last_action.at;
  return out;
}

/** An environment action: its handler runs it and the answer is {@link presentAction}. */
function envAction(
  path: string, status: number, action: ServiceAction, summary: string, run: (ctx: RouteContext, e: EnvironmentRec) => void,
  request?: z.ZodType, answer: ActionAnswer = "EnvironmentStatus",
): Route {
  return route({
    method: "POST", path: `/environment/{environmentId}/${path}`, status, deployAction: true, access: "deploy", summary,
    ...(answer === "none" ? {} : { response: answer === "Status" ? statusResponse : environmentStatusResponse }),
    ...(request === undefined ? {} : { request }),
    handler: (ctx) => {
      const e = needEnvironment(ctx);
      run(ctx, e);
      return answer === "none" ? undefined : presentAction(ctx, e, action, answer);
    },
  });
}

type StageState = (typeof STAGE_STATES)[number];

/**
 * A stage's status from the states its services show: SKIPPED with no service, none while no service was ever acted
 * on (READY), QUEUED while every one still waits, ONGOING while one moves, then ERROR, CANCELED or DONE.
 */
function stageStatusOf(services: number, states: string[]): StageState | undefined {
  if (services === 0) return "SKIPPED";
  const acted = states.filter((s) => s !== "READY");
  if (acted.length === 0) return undefined;
  if (acted.some(inProgress)) return acted.every((s) => s === "QUEUED" || s.endsWith("_QUEUED")) ? "QUEUED" : "ONGOING";
  if (acted.some((s) => s.endsWith("_ERROR"))) return "ERROR";
  if (acted.includes("CANCELED")) return "CANCELED";
  return "DONE";
}

/**
 * One stage with its services' statuses (each a status read), by kind, in the stage's order. The reference's `Stage`
 * has no `deployment_order`: the list's order is the stages' order.
 */
function presentStageStatuses(ctx: RouteContext, st: StageRec): Record<string, unknown> {
  const store = ctx.world.store;
  const byKind: Record<string, Array<Record<string, unknown>>> = Object.fromEntries(SERVICE_KINDS.map((k) => [`${k.name}s`, []]));
  const states: string[] = [];
  for (const entry of st.services) {
    const svc = store.service(entry.service_id);
    const kind = store.kindOf(entry.service_id);
    if (!svc || !kind) continue;
    const status = readServiceStatus(ctx.world, svc, ctx.now);
    states.push(String(status["state"]));
    byKind[`${kind.name}s`]?.push(status);
  }
  const status = stageStatusOf(states.length, states);
  return {
    stage: {
      id: st.id, name: st.name, description: st.description ?? "",
      ...(status === undefined ? {} : { status }),
    },
    ...byKind,
  };
}

/** Environment actions and `statusesWithStages`. */
export const environmentActionRoutes: Route[] = [
  envAction("deploy", 202, "DEPLOY", "Deploy every service of the environment (not those a stage skips), stage by stage",
    (ctx, e) => runEnvironmentAction(ctx, e, "DEPLOY"), undefined, "Status"),
  envAction("redeploy", 202, "DEPLOY", "Redeploy every service of the environment (the version each deployed last), stage by stage",
    (ctx, e) => runEnvironmentAction(ctx, e, "DEPLOY", true)),
  envAction("stop", 202, "STOP", "Stop every service of the environment, stage by stage",
    (ctx, e) => runEnvironmentAction(ctx, e, "STOP")),
  envAction("service/deploy", 202, "DEPLOY", "Deploy the listed services, stage by stage, with their pins (git commit, image tag)",
    (ctx, e) => deployServices(ctx, e, ctx.body as Record<string, unknown>), deployAllRequest),
  envAction("service/stop", 200, "STOP", "Stop the listed services, stage by stage",
    (ctx, e) => actOnServices(ctx, e, "STOP", ctx.body as Record<string, unknown>), serviceIdsRequest, "none"),
  envAction("service/restart-service", 202, "RESTART", "Restart the listed services, stage by stage",
    (ctx, e) => actOnServices(ctx, e, "RESTART", ctx.body as Record<string, unknown>), rebootServicesRequest, "Status"),
  envAction("cancelDeployment", 202, "DEPLOY", "Cancel the environment's unfinished deploys (every unfinished action with force_cancel)",
    (ctx, e) => cancelEnvironmentDeployment(ctx, e, (ctx.body as z.output<typeof cancelDeploymentRequest>).force_cancel === true),
    cancelDeploymentRequest),
  route({
    method: "GET", path: "/environment/{environmentId}/statusesWithStages", access: "read", status: 200,
    summary: "The environment's status and each deployment stage, in order, with its services' statuses",
    response: environmentStatusesResponse(SERVICE_KINDS.map((k) => `${k.name}s`)),
    handler: (ctx) => {
      const e = needEnvironment(ctx);
      return {
        environment: readEnvironmentStatus(ctx, e),
        stages: stagesOf(ctx.world.store, e.id).map((st) => presentStageStatuses(ctx, st)),
      };
    },
  }),
];
