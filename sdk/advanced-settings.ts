/**
 * Advanced settings of services: flat dotted keys (`network.ingress.proxy_body_size_mb`). The service answers with
 * every key, defaults included, and sometimes with `"true"` or `"60"` for `true` or `60`; requests carry only the
 * keys to set.
 *
 * One catalogue, in parts by the service kinds a key applies to, holds each key's zod schema, bounds, default and
 * how its values compare. The client validates requests with it; the Pulumi provider derives its typed settings,
 * its checks, its comparisons and its resets from it.
 */
import { z } from "zod";
import {
  cidrList, commaItems, envVarName, flag, headerMapJson, integer, integerOrNull, oneOf, oneOfWithAliases, percent,
  retryTriggers, statusCodes, stringList, stringMap, text, textOrNull,
  type AdvancedSettingSpec, type AdvancedSettingsCatalogue,
} from "./advanced-setting-specs";
import { CLUSTER_ADVANCED_SETTINGS } from "./cluster-advanced-settings";
import { kindsWith, type KindsWith } from "./service-kinds";

export type {
  AdvancedSettingKind, AdvancedSettingSpec, AdvancedSettingsCatalogue, AdvancedSettingsInputOf, AdvancedSettingsOf,
} from "./advanced-setting-specs";

/** Settings of every service kind (application, container, job): pod placement, stop grace, pod security. */
export const COMMON_ADVANCED_SETTINGS = {
  /** Seconds a container is given to stop gracefully before it is killed (>= 0). */
  "deployment.termination_grace_period_seconds": integer(60),
  /** Node labels a pod must match to be placed on a node (label name -> value). */
  "deployment.affinity.node.required": stringMap(),
  /** Name of an existing Kubernetes service account the pods run as; `""` for the default. */
  "security.service_account_name": text(""),
  /** Mount the service account token in the pods. */
  "security.automount_service_account_token": flag(false),
  /** Mount the container's root filesystem read-only. */
  "security.read_only_root_filesystem": flag(false),
} as const satisfies AdvancedSettingsCatalogue;

/** The time, CPU and memory limits of a build (application, job, Terraform service). */
const BUILD_LIMIT_ADVANCED_SETTINGS = {
  /** Longest a build may run, in seconds (>= 0). */
  "build.timeout_max_sec": integer(1800),
  /** CPU limit of a build, in milli-CPUs (>= 0). */
  "build.cpu_max_in_milli": integer(4000),
  /** Memory limit of a build, in GiB (>= 0). */
  "build.ram_max_in_gib": integer(8),
} as const satisfies AdvancedSettingsCatalogue;

/** Settings of the kinds the service builds from a git repository (application, job). */
export const BUILD_ADVANCED_SETTINGS = {
  ...BUILD_LIMIT_ADVANCED_SETTINGS,
  /** Do not use the registry cache of BuildKit when building. */
  "build.disable_buildkit_cache": flag(false),
  /** Do not fetch git submodules when building. */
  "build.skip_git_submodules": flag(false),
} as const satisfies AdvancedSettingsCatalogue;

/**
 * Settings of the long-running kinds that serve traffic (application, container): rollout, spreading, ingress,
 * gateway, autoscaling. A container has one more ({@link CONTAINER_ONLY_ADVANCED_SETTINGS}).
 */
export const LONG_RUNNING_ADVANCED_SETTINGS = {
  /** Check that custom domains point at the service when deploying; `false` disables the check. */
  "deployment.custom_domain_check_enabled": flag(true),
  /**
   * Pod anti-affinity: `"Preferred"` (pods of the service should not share a node) or `"Required"` (they must not;
   * sent as the service's spelling `"Requirred"`, which is accepted too).
   */
  "deployment.antiaffinity.pod": oneOfWithAliases(["Preferred", "Requirred"], "Preferred", { Required: "Requirred" }),
  /** Spread of pods over zones: `"Disabled"`, `"ScheduleAnyway"` (best effort) or `"DoNotSchedule"` (even, max skew 1). */
  "deployment.topology_spread.zone": oneOf(["Disabled", "ScheduleAnyway", "DoNotSchedule"], "Disabled"),
  /** `"RollingUpdate"` (gradual rollout, rolled back if the new version fails) or `"Recreate"` (stop all, then start). */
  "deployment.update_strategy.type": oneOf(["RollingUpdate", "Recreate"], "RollingUpdate"),
  /** Largest percentage of pods that may be unavailable during a rolling update (0..100). */
  "deployment.update_strategy.rolling_update.max_unavailable_percent": percent(25),
  /** Largest percentage of pods above the desired count during a rolling update (0..100). */
  "deployment.update_strategy.rolling_update.max_surge_percent": percent(25),
  /** Largest request body the ingress accepts, in MB (>= 0). */
  "network.ingress.proxy_body_size_mb": integer(100),
  /** Redirect to HTTPS even without a TLS certificate (for TLS terminated outside the cluster). */
  "network.ingress.force_ssl_redirect": flag(true),
  /** Answer CORS requests at the ingress. */
  "network.ingress.enable_cors": flag(false),
  /** Value of `Access-Control-Allow-Origin` when CORS is enabled. */
  "network.ingress.cors_allow_origin": text("*"),
  /** Value of `Access-Control-Allow-Methods` when CORS is enabled. */
  "network.ingress.cors_allow_methods": text("GET, PUT, POST, DELETE, PATCH, OPTIONS"),
  /** Value of `Access-Control-Allow-Headers` when CORS is enabled. */
  "network.ingress.cors_allow_headers": text(
    "DNT,Keep-Alive,User-Agent,X-Requested-With,If-Modified-Since,Cache-Control,Content-Type,Range,Authorization",
  ),
  /** Buffer for the upstream response headers, in KB (>= 0). */
  "network.ingress.proxy_buffer_size_kb": integer(4),
  /** Longest time requests may be served over one keepalive connection, in seconds (>= 0). */
  "network.ingress.keepalive_time_seconds": integer(3600),
  /** How long an idle upstream keepalive connection stays open, in seconds (>= 0). */
  "network.ingress.keepalive_timeout_seconds": integer(60),
  /** Timeout for sending a response to the client, in seconds (>= 0). */
  "network.ingress.send_timeout_seconds": integer(60),
  /** Timeout for connecting to the service, in seconds (>= 0). */
  "network.ingress.proxy_connect_timeout_seconds": integer(60),
  /** Timeout for sending a request to the service, in seconds (>= 0). */
  "network.ingress.proxy_send_timeout_seconds": integer(60),
  /** Timeout for reading a response from the service, in seconds (>= 0). */
  "network.ingress.proxy_read_timeout_seconds": integer(60),
  /** Request buffering at the ingress: `"on"` or `"off"`. */
  "network.ingress.proxy_buffering": oneOf(["on", "off"], "on"),
  /** Comma-separated CIDRs allowed to reach the service; `"0.0.0.0/0"` allows every source. */
  "network.ingress.whitelist_source_range": text("0.0.0.0/0", cidrList, "commaList"),
  /** Comma-separated CIDRs denied; `""` denies none. */
  "network.ingress.denylist_source_range": text("", cidrList, "commaList"),
  /** Name of an environment variable holding `login:crypted_password` (htpasswd) for basic authentication; `""` for none. */
  "network.ingress.basic_auth_env_var": text("", envVarName),
  /** Bind a user session to one instance (sticky sessions). */
  "network.ingress.enable_sticky_session": flag(false),
  /** Timeout for sending a request to a gRPC service, in seconds (>= 0). */
  "network.ingress.grpc_send_timeout_seconds": integer(60),
  /** Timeout for reading from a gRPC service, in seconds (>= 0). */
  "network.ingress.grpc_read_timeout_seconds": integer(60),
  /** JSON text of a map of extra response header names to values, e.g. `JSON.stringify({"X-Frame-Options": "DENY"})`. */
  "network.ingress.extra_headers": text("{}", headerMapJson, "json"),
  /** Gateway request timeout in seconds (>= 0), or `null` for the service's default. */
  "network.gateway_api.http_request_timeout_seconds": integerOrNull({ min: 0 }),
  /** Gateway idle connection timeout in seconds (>= 0), or `null` for the service's default. */
  "network.gateway_api.http_connection_idle_timeout_seconds": integerOrNull({ min: 0 }),
  /** Number of gateway retries (>= 0), or `null` for none configured. */
  "network.gateway_api.retry.num_retries": integerOrNull({ min: 0 }),
  /** Comma-separated retry triggers, e.g. `"5xx,reset,retriable-status-codes"`, or `null`. */
  "network.gateway_api.retry.retry_on": textOrNull(retryTriggers, "commaList"),
  /** Comma-separated HTTP codes (100..599) retried when `retry_on` includes `retriable-status-codes`, or `null`. */
  "network.gateway_api.retry.http_status_codes": textOrNull(statusCodes, "commaList"),
  /** Timeout of each gateway attempt in seconds (>= 1), or `null`. */
  "network.gateway_api.retry.per_try_timeout_seconds": integerOrNull({ min: 1 }),
  /** Average CPU utilisation (percent, 0..100) above which instances are added. */
  "hpa.cpu.average_utilization_percent": percent(60),
  /** Average memory utilisation (percent, 0..100) above which instances are added, or `null` to scale on CPU only. */
  "hpa.memory.average_utilization_percent": integerOrNull({ min: 0, max: 100 }),
} as const satisfies AdvancedSettingsCatalogue;

/** Settings only an application has: commands run in its container after start and before stop. */
export const LIFECYCLE_ADVANCED_SETTINGS = {
  /** Command run in the container right after it starts, e.g. `["/bin/sh", "-c", "echo started"]`. */
  "deployment.lifecycle.post_start_exec_command": stringList([]),
  /** Command run before the container stops; the service's default is a 15 second sleep through `sh`. */
  "deployment.lifecycle.pre_stop_exec_command": stringList(["/bin/sh", "-c", "sleep 15"]),
} as const satisfies AdvancedSettingsCatalogue;

/** Every advanced setting of an application (47 keys), with its schema, bounds and default. */
export const APPLICATION_ADVANCED_SETTINGS = {
  ...COMMON_ADVANCED_SETTINGS,
  ...BUILD_ADVANCED_SETTINGS,
  ...LONG_RUNNING_ADVANCED_SETTINGS,
  ...LIFECYCLE_ADVANCED_SETTINGS,
} as const satisfies AdvancedSettingsCatalogue;

/** Settings only a container has besides the long-running ones. */
export const CONTAINER_ONLY_ADVANCED_SETTINGS = {
  /** Request buffering at the ingress (nginx `proxy-request-buffering`): `"on"` or `"off"`. */
  "network.ingress.proxy_request_buffering": oneOf(["on", "off"], "on"),
} as const satisfies AdvancedSettingsCatalogue;

/** Settings only a job has: how finished runs are kept and how a cron job's runs may overlap. */
export const JOB_ONLY_ADVANCED_SETTINGS = {
  /** Seconds after which a finished run (succeeded or failed) is deleted (>= 0), or `null` to keep runs. */
  "job.delete_ttl_seconds_after_finished": integerOrNull({ min: 0 }),
  /**
   * Whether a cron job's run may start while the previous one still runs: `"Forbid"` (skip the new run),
   * `"Allow"` (run both) or `"Replace"` (stop the previous run).
   */
  "cronjob.concurrency_policy": oneOf(["Forbid", "Allow", "Replace"], "Forbid"),
  /** Failed runs of a cron job kept in its history (>= 0). */
  "cronjob.failed_jobs_history_limit": integer(1),
  /** Succeeded runs of a cron job kept in its history (>= 0). */
  "cronjob.success_jobs_history_limit": integer(1),
} as const satisfies AdvancedSettingsCatalogue;

/** Every advanced setting of a container (common and long-running keys, no build or lifecycle-command ones). */
export const CONTAINER_ADVANCED_SETTINGS = {
  ...COMMON_ADVANCED_SETTINGS,
  ...LONG_RUNNING_ADVANCED_SETTINGS,
  ...CONTAINER_ONLY_ADVANCED_SETTINGS,
} as const satisfies AdvancedSettingsCatalogue;

/** Every advanced setting of a job (common, build and job keys, as the reference's `JobAdvancedSettings` lists them). */
export const JOB_ADVANCED_SETTINGS = {
  ...COMMON_ADVANCED_SETTINGS,
  ...BUILD_ADVANCED_SETTINGS,
  ...JOB_ONLY_ADVANCED_SETTINGS,
} as const satisfies AdvancedSettingsCatalogue;

/** The keys of a Helm chart's advanced settings, as the reference's `HelmAdvancedSettings` lists them (ingress and gateway keys). */
const HELM_ADVANCED_SETTING_KEYS = [
  "deployment.custom_domain_check_enabled", "network.gateway_api.http_connection_idle_timeout_seconds",
  "network.gateway_api.http_request_timeout_seconds", "network.gateway_api.retry.http_status_codes",
  "network.gateway_api.retry.num_retries", "network.gateway_api.retry.per_try_timeout_seconds",
  "network.gateway_api.retry.retry_on", "network.ingress.basic_auth_env_var", "network.ingress.cors_allow_headers",
  "network.ingress.cors_allow_methods", "network.ingress.cors_allow_origin", "network.ingress.denylist_source_range",
  "network.ingress.enable_cors", "network.ingress.enable_sticky_session", "network.ingress.extra_headers",
  "network.ingress.force_ssl_redirect", "network.ingress.grpc_read_timeout_seconds",
  "network.ingress.grpc_send_timeout_seconds", "network.ingress.keepalive_time_seconds",
  "network.ingress.keepalive_timeout_seconds", "network.ingress.proxy_body_size_mb",
  "network.ingress.proxy_buffer_size_kb", "network.ingress.proxy_buffering",
  "network.ingress.proxy_connect_timeout_seconds", "network.ingress.proxy_read_timeout_seconds",
  "network.ingress.proxy_request_buffering", "network.ingress.proxy_send_timeout_seconds",
  "network.ingress.send_timeout_seconds", "network.ingress.whitelist_source_range",
] as const;

/** Every advanced setting of a Helm chart (29 keys): the container's specs of the keys the reference lists for a chart. */
export const HELM_ADVANCED_SETTINGS = Object.fromEntries(
  HELM_ADVANCED_SETTING_KEYS.map((key) => [key, CONTAINER_ADVANCED_SETTINGS[key]]),
) as { readonly [K in (typeof HELM_ADVANCED_SETTING_KEYS)[number]]: (typeof CONTAINER_ADVANCED_SETTINGS)[K] };
/** Every advanced setting of a Terraform service, as the reference's `TerraformAdvancedSettings` lists them (its runner and the build of its image). */
export const TERRAFORM_ADVANCED_SETTINGS = {
  ...BUILD_LIMIT_ADVANCED_SETTINGS,
  /** Ephemeral storage of the runner's build, in GiB (>= 0). */
  "build.ephemeral_storage_in_gib": integer(20),
  "build.skip_git_submodules": BUILD_ADVANCED_SETTINGS["build.skip_git_submodules"],
  "deployment.termination_grace_period_seconds": COMMON_ADVANCED_SETTINGS["deployment.termination_grace_period_seconds"],
  "deployment.affinity.node.required": COMMON_ADVANCED_SETTINGS["deployment.affinity.node.required"],
  "security.service_account_name": COMMON_ADVANCED_SETTINGS["security.service_account_name"],
  "security.read_only_root_filesystem": COMMON_ADVANCED_SETTINGS["security.read_only_root_filesystem"],
} as const satisfies AdvancedSettingsCatalogue;

/** The service kinds with advanced settings, as their paths spell them. */
export const ADVANCED_SETTINGS_KINDS = kindsWith("advancedSettings");
/** `application`, `container` or `job`: the kinds with `advancedSettings` in `SERVICE_KINDS`. */
export type AdvancedSettingsKind = KindsWith<"advancedSettings">;

/** What has advanced settings: a service kind with them, or a cluster ({@link CLUSTER_ADVANCED_SETTINGS}). */
export type AdvancedSettingsOwner = AdvancedSettingsKind | "cluster";

/** One advanced-setting key of an application, as the service spells it. */
export type AdvancedSettingKey = keyof typeof APPLICATION_ADVANCED_SETTINGS;

/** Every advanced-setting key of an application (47). */
export const ADVANCED_SETTING_KEYS = Object.keys(APPLICATION_ADVANCED_SETTINGS) as AdvancedSettingKey[];

/** The schema of each advanced setting of an application, by key (values as a request must send them). */
export const ADVANCED_SETTING_SCHEMAS = Object.fromEntries(
  ADVANCED_SETTING_KEYS.map((key) => [key, APPLICATION_ADVANCED_SETTINGS[key].schema]),
) as { readonly [K in AdvancedSettingKey]: (typeof APPLICATION_ADVANCED_SETTINGS)[K]["schema"] };

/** True when `key` is one of an application's advanced-setting keys. */
export function isAdvancedSettingKey(key: string): key is AdvancedSettingKey {
  return Object.prototype.hasOwnProperty.call(APPLICATION_ADVANCED_SETTINGS, key);
}

/** The spec of an application's advanced setting, loosely typed for code that handles every key alike. */
export function advancedSettingSpec(key: AdvancedSettingKey): AdvancedSettingSpec {
  return APPLICATION_ADVANCED_SETTINGS[key] as AdvancedSettingSpec;
}

/** The value a fresh application has for `key` (a copy, safe to modify). */
export function advancedSettingDefault(key: AdvancedSettingKey): unknown {
  return structuredClone(advancedSettingSpec(key).default);
}

function canonicalJsonText(value: string): string {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      return JSON.stringify(Object.fromEntries(Object.entries(parsed).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
    }
  } catch {
    // Not JSON: compared as written.
  }
  return value;
}

/**
 * The typed, comparable form of a value for `key`, whether a program wrote it or the service answered it (the
 * service may answer `"true"` or `"60"`): booleans and integers parsed from strings, enum aliases mapped to the
 * service's spelling, comma lists without spaces around commas, JSON text with sorted keys. A value it cannot make
 * sense of comes back unchanged, so it still compares as different.
 */
export function normalizeAdvancedSetting(key: AdvancedSettingKey, value: unknown): unknown {
  return normalizeSettingValue(advancedSettingSpec(key), value);
}

/** {@link normalizeAdvancedSetting} for the setting `s`. */
function normalizeSettingValue(s: AdvancedSettingSpec, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  switch (s.kind) {
    case "boolean":
      if (typeof value === "string" && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === "true";
      return value;
    case "integer":
      if (typeof value === "string" && /^\s*-?\d+\s*$/.test(value)) return Number(value);
      if (typeof value === "string" && s.nullable && /^\s*(null)?\s*$/.test(value)) return null;
      return value;
    case "enum":
      return typeof value === "string" ? (s.aliases?.[value] ?? value) : value;
    case "string":
      if (typeof value !== "string") return value;
      if (s.format === "json") return canonicalJsonText(value);
      if (s.format === "commaList") return value.trim() === "" ? "" : commaItems(value).join(",");
      return value;
    case "stringArray":
    case "stringMap":
      if (typeof value !== "string") return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
  }
}

function requestOf<C extends AdvancedSettingsCatalogue>(catalogue: C) {
  const shape = Object.fromEntries(Object.entries(catalogue).map(([key, s]) => [key, s.schema.optional()]));
  return z.looseObject(shape as { [K in keyof C]: z.ZodOptional<C[K]["schema"]> });
}

/**
 * A request setting an application's advanced settings: known keys are checked (bounds and rules included) and
 * aliases sent in the service's spelling; unknown keys are passed on as given.
 */
export const AdvancedSettingsRequest = requestOf(APPLICATION_ADVANCED_SETTINGS);
/** Advanced settings to set, typed per known key. */
export type AdvancedSettingsRequest = z.input<typeof AdvancedSettingsRequest>;

/** A request setting a container's advanced settings (see {@link AdvancedSettingsRequest}). */
export const ContainerAdvancedSettingsRequest = requestOf(CONTAINER_ADVANCED_SETTINGS);
/** A container's advanced settings to set, typed per known key. */
export type ContainerAdvancedSettingsRequest = z.input<typeof ContainerAdvancedSettingsRequest>;

/** A request setting a job's advanced settings (see {@link AdvancedSettingsRequest}). */
export const JobAdvancedSettingsRequest = requestOf(JOB_ADVANCED_SETTINGS);
/** A job's advanced settings to set, typed per known key. */
export type JobAdvancedSettingsRequest = z.input<typeof JobAdvancedSettingsRequest>;

/** A request setting a Helm chart's advanced settings (see {@link AdvancedSettingsRequest}). */
export const HelmAdvancedSettingsRequest = requestOf(HELM_ADVANCED_SETTINGS);
/** A Helm chart's advanced settings to set, typed per known key. */
export type HelmAdvancedSettingsRequest = z.input<typeof HelmAdvancedSettingsRequest>;
/** A request setting a Terraform service's advanced settings (see {@link AdvancedSettingsRequest}). */
export const TerraformAdvancedSettingsRequest = requestOf(TERRAFORM_ADVANCED_SETTINGS);
/** A Terraform service's advanced settings to set, typed per known key. */
export type TerraformAdvancedSettingsRequest = z.input<typeof TerraformAdvancedSettingsRequest>;

/** A request setting a cluster's advanced settings (see {@link AdvancedSettingsRequest}). */
export const ClusterAdvancedSettingsRequest = requestOf(CLUSTER_ADVANCED_SETTINGS);
/** A cluster's advanced settings to set, typed per known key. */
export type ClusterAdvancedSettingsRequest = z.input<typeof ClusterAdvancedSettingsRequest>;

const CATALOGUES: Readonly<Record<AdvancedSettingsOwner, AdvancedSettingsCatalogue>> = {
  application: APPLICATION_ADVANCED_SETTINGS,
  container: CONTAINER_ADVANCED_SETTINGS,
  job: JOB_ADVANCED_SETTINGS,
  helm: HELM_ADVANCED_SETTINGS,
  terraform: TERRAFORM_ADVANCED_SETTINGS,
  cluster: CLUSTER_ADVANCED_SETTINGS,
};

const REQUESTS: Readonly<Record<AdvancedSettingsOwner, z.ZodType<Record<string, unknown>>>> = {
  application: AdvancedSettingsRequest,
  container: ContainerAdvancedSettingsRequest,
  job: JobAdvancedSettingsRequest,
  helm: HelmAdvancedSettingsRequest,
  terraform: TerraformAdvancedSettingsRequest,
  cluster: ClusterAdvancedSettingsRequest,
};

/** The catalogue of a service kind's advanced settings: {@link APPLICATION_ADVANCED_SETTINGS}, container's or job's. */
export function advancedSettingsCatalogue(kind: AdvancedSettingsOwner): AdvancedSettingsCatalogue {
  return CATALOGUES[kind];
}

/** The schema of a request setting a service kind's advanced settings (known keys checked, others passed on). */
export function advancedSettingsRequestOf(kind: AdvancedSettingsOwner): z.ZodType<Record<string, unknown>> {
  return REQUESTS[kind];
}

/** Every advanced-setting key of a service kind. */
export function advancedSettingKeysOf(kind: AdvancedSettingsOwner): string[] {
  return Object.keys(CATALOGUES[kind]);
}

/** True when `key` is one of a service kind's advanced-setting keys. */
export function isAdvancedSettingKeyOf(kind: AdvancedSettingsOwner, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(CATALOGUES[kind], key);
}

/**
 * The spec of one of a service kind's advanced settings.
 * @throws RangeError when `key` is not one of the kind's keys (test with {@link isAdvancedSettingKeyOf}).
 */
export function advancedSettingSpecOf(kind: AdvancedSettingsOwner, key: string): AdvancedSettingSpec {
  if (!isAdvancedSettingKeyOf(kind, key)) throw new RangeError(`"${key}" is not an advanced setting of a ${kind}`);
  return CATALOGUES[kind][key] as AdvancedSettingSpec;
}

/** The value a fresh service of `kind` has for `key` (a copy, safe to modify). @throws RangeError for an unknown key. */
export function advancedSettingDefaultOf(kind: AdvancedSettingsOwner, key: string): unknown {
  return structuredClone(advancedSettingSpecOf(kind, key).default);
}

/**
 * {@link normalizeAdvancedSetting} for any service kind: the typed, comparable form of a value for one of the kind's
 * keys. A key the kind does not have comes back unchanged.
 */
export function normalizeAdvancedSettingOf(kind: AdvancedSettingsOwner, key: string, value: unknown): unknown {
  return isAdvancedSettingKeyOf(kind, key) ? normalizeSettingValue(advancedSettingSpecOf(kind, key), value) : value;
}

/** Advanced settings as returned: any keys, any values (the service may send numbers and booleans as strings). */
export const AdvancedSettings = z.record(z.string(), z.unknown());
/** Advanced settings as returned. */
export type AdvancedSettings = z.infer<typeof AdvancedSettings>;
