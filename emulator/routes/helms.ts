import { createHelm, editHelm, helmKind, type HelmRec } from "../models/helms";
import { helmRepositorySlice } from "../models/helm-repositories";
import { listOf } from "../schemas/common";
import { commitResponse } from "../schemas/deployment-history";
import { helmDeploymentResponse, helmRequest, helmResponse } from "../schemas/helm";
import { deploymentEntry, knownCommits } from "./deployment-history";
import { needServiceOf } from "./lookup";
import { presentGitRepository, presentServiceCore } from "./service-fields";
import { advancedSettingsRoutes } from "./advanced-settings";
import { historyV2Route } from "./deployment-history-v2";
import { serviceRoutes } from "./service-routes";
import { route, type Route, type RouteContext } from "./types";

/** The source of a Helm service: its git repository (with the commit deployed last), or its chart and repository. */
function presentSource(ctx: RouteContext, h: HelmRec): Record<string, unknown> {
  if (h.source.git) return { git: { git_repository: presentGitRepository(ctx, h.source.git, h.runtime) } };
  const r = h.source.repository;
  const repo = helmRepositorySlice.of(ctx.world.store).get(r?.repository_id ?? "");
  return {
    repository: {
      chart_name: r?.chart_name ?? "", chart_version: r?.chart_version ?? "",
      repository: { id: r?.repository_id ?? "", name: repo?.name ?? "", url: repo?.url ?? "" },
    },
  };
}

/** Wire form of a Helm service. */
export function presentHelm(ctx: RouteContext, h: HelmRec): Record<string, unknown> {
  const file = h.values_override.file;
  return {
    ...presentServiceCore(helmKind, h),
    timeout_sec: h.timeout_sec, auto_preview: h.auto_preview, auto_deploy: h.auto_deploy,
    ports: h.ports.map((p) => ({ ...p, port_type: p.service_name === undefined ? "SERVICE_SELECTORS" : "SERVICE_NAME" })),
    source: presentSource(ctx, h), arguments: h.arguments, allow_cluster_wide_resources: h.allow_cluster_wide_resources,
    values_override: {
      set: h.values_override.set, set_string: h.values_override.set_string, set_json: h.values_override.set_json,
      file: file && {
        git: file.git && { git_repository: presentGitRepository(ctx, file.git.git_repository, undefined), paths: file.git.paths },
        raw: file.raw,
      },
    },
  };
}

/**
 * Helm services: collection under the environment, items at top level, actions (a deploy may name a chart version
 * or a commit), status, deployment history, advanced settings and the commits of its source. Its variables and
 * secrets are the scope-generic `/variable` routes' (scope `HELM`): the service has no `/helm/{id}/environmentVariable`.
 */
export const helmRoutes: Route[] = [
  ...serviceRoutes(helmKind, {
    createRequest: helmRequest, editRequest: helmRequest, response: helmResponse, present: presentHelm, create: createHelm, edit: editHelm,
    history: { entry: deploymentEntry, response: helmDeploymentResponse },
  }),
  ...advancedSettingsRoutes("helm", (ctx) => needServiceOf(ctx, helmKind)),
  historyV2Route(helmKind),
  route({
    method: "GET", path: "/helm/{helmId}/commit", status: 200, access: "read", response: listOf(commitResponse),
    summary: "Commits of the helm's git source its deploys rolled out, newest first (none for a chart of a helm repository)",
    handler: (ctx) => ({ results: knownCommits(needServiceOf(ctx, helmKind).runtime) }),
  }),
];
