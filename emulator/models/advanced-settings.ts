import type { ApplicationRec } from "./applications";
import type { ModelContext } from "./records";
import { serviceEdited } from "./services";

/** Advanced settings as stored on an application: the keys a user set; the rest take the service's defaults. */
export type AdvancedSettings = Record<string, unknown>;

/** The service's defaults for every key. */
const DEFAULTS: Readonly<Record<string, unknown>> = {
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

/** Every key, defaults included, as the service answers them. */
export function advancedSettingsOf(a: ApplicationRec): AdvancedSettings {
  return { ...DEFAULTS, ...a.advanced_settings };
}

/** A fresh copy of the defaults, stored whole on a new application. */
export function defaultAdvancedSettings(): AdvancedSettings {
  return structuredClone(DEFAULTS);
}

/** Merges the given keys into an application's settings; an edit, so the application is out of date. */
export function editAdvancedSettings(m: ModelContext, a: ApplicationRec, given: AdvancedSettings): void {
  for (const [k, v] of Object.entries(given)) if (v !== undefined) a.advanced_settings[k] = v;
  serviceEdited(m, a);
}
