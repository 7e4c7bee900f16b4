import type { ModelContext } from "./records";
import { serviceEdited, type ServiceRecBase } from "./services";

/** Advanced settings as stored on a service: the keys a user set; the rest take the service's defaults. */
export type AdvancedSettings = Record<string, unknown>;

/** The kinds of service that have advanced settings, each with its own keys. */
export type SettingsKind = "application" | "container" | "job" | "helm" | "terraform";

/** A service with advanced settings. */
export interface WithAdvancedSettings extends ServiceRecBase {
  advanced_settings: AdvancedSettings;
}

/** The service's defaults for every key of an application. */
const APPLICATION_DEFAULTS: Readonly<Record<string, unknown>> = {
  "deployment.custom_domain_check_enabled": true,
  "deployment.termination_grace_period_seconds": 60,
  "deployment.affinity.node.required": {},
  "deployment.antiaffinity.pod": "Preferred",
  "deployment.topology_spread.zone": "Disabled",
  "deployment.lifecycle.post_start_exec_command": [],
  "deployment.lifecycle.pre_stop_exec_command": ["/bin/sh", "-c", "sleep 15"],
  "deployment.update_strategy.type": "RollingUpdate",
  "deployment.update_strategy.rolling_update.max_unavailable_percent": 25,
  "deployment.update_strategy.rolling_update.max_surge_percent": 25,
  "build.timeout_max_sec": 1800,
  "build.cpu_max_in_milli": 4000,
  "build.ram_max_in_gib": 8,
  "build.disable_buildkit_cache": false,
  "build.skip_git_submodules": false,
  "network.ingress.proxy_body_size_mb": 100,
  "network.ingress.force_ssl_redirect": true,
  "network.ingress.enable_cors": false,
  "network.ingress.cors_allow_origin": "*",
  "network.ingress.cors_allow_methods": "GET, PUT, POST, DELETE, PATCH, OPTIONS",
  "network.ingress.cors_allow_headers": "DNT,Keep-Alive,User-Agent,X-Requested-With,If-Modified-Since,Cache-Control,Content-Type,Range,Authorization",
  "network.ingress.proxy_buffer_size_kb": 4,
  "network.ingress.keepalive_time_seconds": 3600,
  "network.ingress.keepalive_timeout_seconds": 60,
  "network.ingress.send_timeout_seconds": 60,
  "network.ingress.proxy_connect_timeout_seconds": 60,
  "network.ingress.proxy_send_timeout_seconds": 60,
  "network.ingress.proxy_read_timeout_seconds": 60,
  "network.ingress.proxy_buffering": "on",
  "network.ingress.whitelist_source_range": "0.0.0.0/0",
  "network.ingress.denylist_source_range": "",
  "network.ingress.basic_auth_env_var": "",
  "network.ingress.enable_sticky_session": false,
  "network.ingress.grpc_send_timeout_seconds": 60,
  "network.ingress.grpc_read_timeout_seconds": 60,
  "network.ingress.extra_headers": "{}",
  "network.gateway_api.http_request_timeout_seconds": null,
  "network.gateway_api.http_connection_idle_timeout_seconds": null,
  "network.gateway_api.retry.num_retries": null,
  "network.gateway_api.retry.retry_on": null,
  "network.gateway_api.retry.http_status_codes": null,
  "network.gateway_api.retry.per_try_timeout_seconds": null,
  "hpa.cpu.average_utilization_percent": 60,
  "hpa.memory.average_utilization_percent": null,
  "security.service_account_name": "",
  "security.automount_service_account_token": false,
  "security.read_only_root_filesystem": false,
};

/** Keys of an application a container lacks: it is never built, and has no lifecycle hooks. */
const NOT_CONTAINER = (k: string) => k.startsWith("build.") || k.startsWith("deployment.lifecycle.");

/** Keys a job shares with an application: its build, its pods' grace period and placement, its service account. */
const JOB_SHARED = (k: string) => k.startsWith("build.") || k.startsWith("security.")
  || k === "deployment.termination_grace_period_seconds" || k === "deployment.affinity.node.required";

function pick(keep: (k: string) => boolean): Record<string, unknown> {
  return Object.fromEntries(Object.entries(APPLICATION_DEFAULTS).filter(([k]) => keep(k)));
}

/** Keys a Helm service shares with an application: its custom domain check and its ingress. */
const HELM_SHARED = (k: string) => k === "deployment.custom_domain_check_enabled" || k.startsWith("network.");

/**
 * Every key of each kind with the service's default (the reference's `ApplicationAdvancedSettings`,
 * `ContainerAdvancedSettings`, `JobAdvancedSettings`, `HelmAdvancedSettings`, `TerraformAdvancedSettings`).
 */
export const ADVANCED_SETTINGS_DEFAULTS: Readonly<Record<SettingsKind, Readonly<Record<string, unknown>>>> = {
  application: APPLICATION_DEFAULTS,
  container: { ...pick((k) => !NOT_CONTAINER(k)), "network.ingress.proxy_request_buffering": "on" },
  job: {
    ...pick(JOB_SHARED),
    "job.delete_ttl_seconds_after_finished": null,
    "cronjob.concurrency_policy": "Forbid",
    "cronjob.failed_jobs_history_limit": 1,
    "cronjob.success_jobs_history_limit": 1,
  },
  helm: { ...pick(HELM_SHARED), "network.ingress.proxy_request_buffering": "on" },
  terraform: {
    ...pick((k) => JOB_SHARED(k) && k !== "build.disable_buildkit_cache" && k !== "security.automount_service_account_token"),
    "build.ephemeral_storage_in_gib": 10,
  },
};

/** Every key of the kind, defaults included, as the service answers them (keys of other kinds left out). */
export function advancedSettingsOf(kind: SettingsKind, rec: WithAdvancedSettings): AdvancedSettings {
  const defaults = ADVANCED_SETTINGS_DEFAULTS[kind];
  const set = Object.entries(rec.advanced_settings).filter(([k]) => Object.prototype.hasOwnProperty.call(defaults, k));
  return { ...defaults, ...Object.fromEntries(set) };
}

/** A fresh copy of the kind's defaults, stored whole on a new service. */
export function defaultAdvancedSettings(kind: SettingsKind): AdvancedSettings {
  return structuredClone({ ...ADVANCED_SETTINGS_DEFAULTS[kind] });
}

/** Merges the given keys into a service's settings; an edit, so the service is out of date. */
export function editAdvancedSettings(m: ModelContext, rec: WithAdvancedSettings, given: AdvancedSettings): void {
  for (const [k, v] of Object.entries(given)) if (v !== undefined) rec.advanced_settings[k] = v;
  serviceEdited(m, rec);
}
