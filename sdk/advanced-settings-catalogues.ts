/**
 * The advanced-settings catalogues of the service kinds, in parts by the kinds a key applies to: each key's zod
 * schema, bounds, default and how its values compare (`advanced-settings.ts` reads them and re-exports them).
 */
import {
  cidrList, envVarName, flag, headerMapJson, integer, integerOrNull, oneOf, oneOfWithAliases, percent,
  retryTriggers, statusCodes, stringList, stringMap, text, textOrNull, type AdvancedSettingsCatalogue,
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
