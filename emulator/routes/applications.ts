import { finished, stateAt } from "../deployments/clock";
import { applicationKind, createApplication, editApplication, type ApplicationRec } from "../models/applications";
import type { DeploymentRec } from "../models/runtime";
import { applicationCreateRequest, applicationEditRequest, applicationResponse } from "../schemas/applications";
import { applicationDeploymentResponse } from "../schemas/deployment-history";
import { deploymentDates } from "./deployment-history";
import { presentGitRepository, presentRunningFields, presentServiceBase } from "./service-fields";
import { runningServiceRoutes } from "./running-service-routes";
import type { Route, RouteContext } from "./types";
import { SERVICE_MAXIMA } from "../schemas/resource-limits";

/** Wire form of an application. */
export function presentApplication(ctx: RouteContext, a: ApplicationRec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...presentServiceBase(ctx, applicationKind, a),
    git_repository: presentGitRepository(ctx, a.git_repository, a.runtime),
    build_mode: a.build_mode, dockerfile_path: a.dockerfile_path, docker_target_build_stage: a.docker_target_build_stage,
    ...presentRunningFields(a), maximun_gpu: SERVICE_MAXIMA.gpu,
  };
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

/** Applications: collection under the environment, items at top level, actions, status, logs, advanced settings, variables and secrets. */
export const applicationRoutes: Route[] = [
  ...runningServiceRoutes(applicationKind, {
    createRequest: applicationCreateRequest, editRequest: applicationEditRequest, response: applicationResponse,
    present: presentApplication, create: createApplication, edit: editApplication,
    history: { entry: historyEntry, response: applicationDeploymentResponse }, settings: "application", logs: true,
  }),
];
