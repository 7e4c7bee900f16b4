/**
 * Helm charts: a chart deployed into an environment, from a Helm repository (chart name and version) or from a git
 * repository (a chart's directory), with values overriding the chart's (`--set`-style pairs, values files from git,
 * inline YAML), extra `helm` arguments, and ports exposed through the service's ingress. The inline values' `content`
 * is kept out of the messages of the calls that send or answer it.
 */
import { z } from "zod";
import { HelmAdvancedSettingsRequest } from "./advanced-settings";
import { action, kindRecords, services } from "./deployables";
import { GitCommit } from "./git";
import { helmChartNameProblem, helmChartVersionProblem } from "./helm-rules";
import { helmValuesYamlProblem } from "./helm-values";
import { path } from "./path";
import { maybe, namedRecord, openEnum, record, ruledString } from "./schema";
import { secretFields } from "./sensitive";
import { DEPLOYED_SERVICE_RECORD_FIELDS, GitRepository, GitRepositoryRequest, SERVICE_REQUEST_FIELDS } from "./service-common";
import type { ActionResult } from "./status";

/** What the service sets when a Helm request leaves a field out (the reference's defaults). */
export const HELM_DEFAULTS = {
  /** Seconds Helm may run before the deployment is marked failed. */
  timeout_sec: 600,
  /** Whether the chart may create objects outside its namespace. */
  allow_cluster_wide_resources: false,
  /** A port's protocol. */
  port_protocol: "HTTP",
} as const;

/** Protocols of a Helm chart's port (`HelmPortProtocolEnum`). */
export const HELM_PORT_PROTOCOLS = ["HTTP", "GRPC"] as const;

// Inline values files may hold secrets of the chart (passwords, tokens): out of the messages of their calls.
secretFields({ sensitive: ["content"] });

/** `--set`-style pairs as the service takes them: `[[key, value], ...]` (`HelmKeyValues`). */
export const HelmKeyValues = z.array(z.tuple([z.string().min(1), z.string()]));
/** `--set`-style pairs. */
export type HelmKeyValues = z.input<typeof HelmKeyValues>;

/** A chart from a Helm repository: the repository's id, the chart's name, its version (SemVer or constraint). */
export const HelmRepositorySourceRequest = z.looseObject({
  /** Id of the Helm repository. */
  repository: z.string().min(1),
  /** Name of the chart in the repository. */
  chart_name: ruledString(helmChartNameProblem),
  /** Version of the chart: SemVer or a SemVer constraint. */
  chart_version: ruledString(helmChartVersionProblem),
});

/** Where the chart comes from: exactly one of a Helm repository's chart and a git repository's directory. */
export const HelmSourceRequest = z.union([
  z.strictObject({ helm_repository: HelmRepositorySourceRequest }),
  z.strictObject({ git_repository: GitRepositoryRequest }),
]);
/** Where the chart comes from. */
export type HelmSourceRequest = z.input<typeof HelmSourceRequest>;

/** An inline values file: its name and its YAML content (checked: a mapping, the line of a problem named). */
export const HelmRawValuesRequest = z.looseObject({
  /** The file's name. */
  name: z.string().min(1),
  /** Its YAML content. */
  content: ruledString(helmValuesYamlProblem),
});

/** Values overriding the chart's: pairs (`set`, `set_string`, `set_json`) and values files (from git, inline). */
export const HelmValuesOverrideRequest = z.looseObject({
  /** `--set key=value` pairs. */
  set: HelmKeyValues.optional(),
  /** `--set-string key=value` pairs. */
  set_string: HelmKeyValues.optional(),
  /** `--set-json key=json` pairs. */
  set_json: HelmKeyValues.optional(),
  /** Values files. */
  file: z.looseObject({
    /** Files of a git repository: their paths, each starting with `/`. */
    git: z.looseObject({
      git_repository: GitRepositoryRequest,
      paths: z.array(ruledString((p) => (p.startsWith("/") ? undefined : "expected a path starting with /"))),
    }).nullable().optional(),
    /** Inline files. */
    raw: z.looseObject({ values: z.array(HelmRawValuesRequest) }).nullable().optional(),
  }).nullable().optional(),
});
/** Values overriding the chart's. */
export type HelmValuesOverrideRequest = z.input<typeof HelmValuesOverrideRequest>;

/** A port of a chart's Kubernetes service, exposed through the service's ingress (by service name or selectors). */
export const HelmPortRequest = z.looseObject({
  /** The port's id (edits: an existing port). */
  id: z.string().optional(),
  /** The port's name. */
  name: z.string().optional(),
  /** Port the chart's service listens on. */
  internal_port: z.number().int().min(1).max(65_535),
  /** Port exposed outside. */
  external_port: z.number().int().min(1).max(65_535).optional(),
  /** Namespace of the chart's service (default: the environment's). */
  namespace: z.string().optional(),
  /** `HTTP` (default) or `GRPC`. */
  protocol: z.enum(HELM_PORT_PROTOCOLS).optional(),
  /** Whether this port is the one custom domains use. */
  is_default: z.boolean().optional(),
  /** Name of the chart's Kubernetes service. */
  service_name: z.string().optional(),
  /** Selectors of the chart's Kubernetes service, instead of its name. */
  service_selectors: z.array(z.looseObject({ key: z.string().min(1), value: z.string() })).optional(),
});
/** A port of a chart's service. */
export type HelmPortRequest = z.input<typeof HelmPortRequest>;

/**
 * Body of a Helm create or edit (an edit sends the whole request again). `name` is unique within the environment;
 * `arguments` and `values_override` default to empty, `auto_deploy` to `false`.
 */
export const HelmRequest = z.looseObject({
  name: z.string().min(1),
  description: SERVICE_REQUEST_FIELDS.description,
  timeout_sec: z.number().int().min(0).optional(),
  auto_preview: z.boolean().nullable().optional(),
  auto_deploy: z.boolean().default(false),
  source: HelmSourceRequest,
  arguments: z.array(z.string()).default([]),
  allow_cluster_wide_resources: z.boolean().optional(),
  values_override: HelmValuesOverrideRequest.default({}),
  ports: z.array(HelmPortRequest).optional(),
  icon_uri: SERVICE_REQUEST_FIELDS.icon_uri,
});
/** Body of a Helm create or edit. */
export type HelmRequest = z.input<typeof HelmRequest>;

/** A port of a chart as the service answers it. */
export const HelmPort = z.looseObject({
  id: maybe(z.string()),
  port_type: maybe(z.string()),
  name: maybe(z.string()),
  internal_port: z.number(),
  external_port: maybe(z.number()),
  namespace: maybe(z.string()),
  protocol: maybe(openEnum(HELM_PORT_PROTOCOLS)),
  is_default: maybe(z.boolean()),
  service_name: maybe(z.string()),
  service_selectors: maybe(z.array(z.looseObject({ key: z.string(), value: z.string() }))),
});
/** A port of a chart as the service answers it. */
export type HelmPort = z.infer<typeof HelmPort>;

/** Where the chart comes from, as answered: `git` or `repository` (with the repository's id, name and URL). */
export const HelmSource = z.looseObject({
  git: maybe(z.looseObject({ git_repository: maybe(GitRepository) })),
  repository: maybe(z.looseObject({
    chart_name: maybe(z.string()),
    chart_version: maybe(z.string()),
    repository: maybe(z.looseObject({ id: z.string(), name: maybe(z.string()), url: maybe(z.string()) })),
  })),
});
/** Where the chart comes from, as answered. */
export type HelmSource = z.infer<typeof HelmSource>;

/** A Helm chart record. */
export const Helm = namedRecord({
  ...DEPLOYED_SERVICE_RECORD_FIELDS,
  timeout_sec: maybe(z.number()),
  auto_preview: maybe(z.boolean()),
  auto_deploy: maybe(z.boolean()),
  ports: maybe(z.array(HelmPort)),
  source: maybe(HelmSource),
  arguments: maybe(z.array(z.string())),
  allow_cluster_wide_resources: maybe(z.boolean()),
  values_override: maybe(z.looseObject({
    set: maybe(z.array(z.array(z.string()))),
    set_string: maybe(z.array(z.array(z.string()))),
    set_json: maybe(z.array(z.array(z.string()))),
    file: maybe(z.looseObject({
      git: maybe(z.looseObject({ git_repository: maybe(GitRepository), paths: maybe(z.array(z.string())) })),
      raw: maybe(z.looseObject({ values: maybe(z.array(z.looseObject({ name: z.string(), content: z.string() }))) })),
    })),
  })),
});
/**
 * A Helm chart record.
 * @interface
 */
export type Helm = z.infer<typeof Helm>;

/** Body of a Helm deploy: a chart version, or a git commit of the chart, and a commit of the values files. */
export const HelmDeployRequest = z.looseObject({
  /** Version of the chart to deploy (not with `git_commit_id`). */
  chart_version: ruledString(helmChartVersionProblem).optional(),
  /** Commit of the chart's git repository to deploy (not with `chart_version`). */
  git_commit_id: z.string().min(1).optional(),
  /** Commit of the values files' git repository. */
  values_override_git_commit_id: z.string().min(1).optional(),
}).refine((r) => r.chart_version === undefined || r.git_commit_id === undefined, {
  message: "expected chart_version or git_commit_id, not both", path: ["git_commit_id"],
});
/** Body of a Helm deploy. */
export type HelmDeployRequest = z.input<typeof HelmDeployRequest>;

/** A commit of a chart's git repository (the shared {@link GitCommit}). */
export const HelmCommit = GitCommit;
/** A commit of a chart's git repository. */
export type HelmCommit = GitCommit;

/** One deployment of a chart (`DeploymentHistoryHelmResponse`): its state, and the chart version or commit. */
export const HelmDeployment = record({
  name: maybe(z.string()),
  status: maybe(z.string()),
  commit: maybe(z.looseObject({ git_commit_id: maybe(z.string()) })),
  repository: maybe(z.looseObject({ chart_name: maybe(z.string()), chart_version: maybe(z.string()) })),
});
/** One deployment of a chart. */
export type HelmDeployment = z.infer<typeof HelmDeployment>;

/**
 * Endpoints of Helm charts: records (an edit takes the whole request again), status, deploy (of a version or a
 * commit), redeploy, stop, uninstall, advanced settings, commits and deployment history. Their custom domains are
 * `client.customDomains` with the kind `helm`.
 */
export class HelmsApi extends services({
  ...kindRecords("helm"), record: Helm, createRequest: HelmRequest, editRequest: HelmRequest, advancedSettings: HelmAdvancedSettingsRequest,
}) {
  /**
   * Starts a deployment: of the chart's configured version or branch, or of the version or commit `request` names.
   * Follow it with `waitForService("helm", id)`.
   */
  override deploy(helmId: string, request?: HelmDeployRequest): Promise<ActionResult> {
    return action(this.core, path`/helm/${helmId}/deploy`, request && { body: request, requestSchema: HelmDeployRequest });
  }

  /** Uninstalls the chart's release from the cluster (the chart stays configured). */
  uninstall(helmId: string): Promise<ActionResult> {
    return action(this.core, path`/helm/${helmId}/uninstall`, { body: {}, requestSchema: z.looseObject({}) });
  }

  /** The commits of a git-sourced chart's branch, newest first. */
  commits(helmId: string): Promise<HelmCommit[]> {
    return this.core.list(path`/helm/${helmId}/commit`, HelmCommit);
  }

  /** The chart's deployments, newest first. */
  deploymentHistory(helmId: string): Promise<HelmDeployment[]> {
    return this.core.list(path`/helm/${helmId}/deploymentHistory`, HelmDeployment);
  }
}
