/**
 * Advanced settings of an application: flat dotted keys (`network.ingress.proxy_body_size_mb`).
 * The service answers with every key, defaults included; requests carry only the keys to set.
 */
import { z } from "zod";

const int = (min?: number) => (min === undefined ? z.number().int() : z.number().int().min(min));
const nullableInt = (min: number) => z.number().int().min(min).nullable();

/** The schema of each known advanced setting, by key (values as a request must send them). */
export const ADVANCED_SETTING_SCHEMAS = {
  "deployment.custom_domain_check_enabled": z.boolean(),
  "deployment.termination_grace_period_seconds": int(0),
  "deployment.affinity.node.required": z.record(z.string(), z.string()),
  "deployment.antiaffinity.pod": z.enum(["Preferred", "Requirred"]),
  "deployment.topology_spread.zone": z.enum(["Disabled", "ScheduleAnyway", "DoNotSchedule"]),
  "deployment.lifecycle.post_start_exec_command": z.array(z.string()),
  "deployment.lifecycle.pre_stop_exec_command": z.array(z.string()),
  "deployment.update_strategy.type": z.enum(["RollingUpdate", "Recreate"]),
  "deployment.update_strategy.rolling_update.max_unavailable_percent": int(0),
  "deployment.update_strategy.rolling_update.max_surge_percent": int(0),
  "build.timeout_max_sec": int(0),
  "build.cpu_max_in_milli": int(0),
  "build.ram_max_in_gib": int(0),
  "build.disable_buildkit_cache": z.boolean(),
  "build.skip_git_submodules": z.boolean(),
  "network.ingress.proxy_body_size_mb": int(0),
  "network.ingress.force_ssl_redirect": z.boolean(),
  "network.ingress.enable_cors": z.boolean(),
  "network.ingress.cors_allow_origin": z.string(),
  "network.ingress.cors_allow_methods": z.string(),
  "network.ingress.cors_allow_headers": z.string(),
  "network.ingress.proxy_buffer_size_kb": int(0),
  "network.ingress.keepalive_time_seconds": int(0),
  "network.ingress.keepalive_timeout_seconds": int(0),
  "network.ingress.send_timeout_seconds": int(0),
  "network.ingress.proxy_connect_timeout_seconds": int(0),
  "network.ingress.proxy_send_timeout_seconds": int(0),
  "network.ingress.proxy_read_timeout_seconds": int(0),
  "network.ingress.proxy_buffering": z.string(),
  "network.ingress.whitelist_source_range": z.string(),
  "network.ingress.denylist_source_range": z.string(),
  "network.ingress.basic_auth_env_var": z.string(),
  "network.ingress.enable_sticky_session": z.boolean(),
  "network.ingress.grpc_send_timeout_seconds": int(0),
  "network.ingress.grpc_read_timeout_seconds": int(0),
  "network.ingress.extra_headers": z.string(),
  "network.gateway_api.http_request_timeout_seconds": nullableInt(0),
  "network.gateway_api.http_connection_idle_timeout_seconds": nullableInt(0),
  "network.gateway_api.retry.num_retries": nullableInt(0),
  "network.gateway_api.retry.retry_on": z.string().nullable(),
  "network.gateway_api.retry.http_status_codes": z.string().nullable().refine(
    (codes) => codes === null || codes.split(",").map((c) => c.trim()).filter(Boolean).every((c) => /^\d+$/.test(c) && Number(c) >= 100 && Number(c) <= 599),
    { message: "expected comma-separated status codes, each between 100 and 599" },
  ),
  "network.gateway_api.retry.per_try_timeout_seconds": nullableInt(1),
  "hpa.cpu.average_utilization_percent": int(0),
  "hpa.memory.average_utilization_percent": nullableInt(0),
  "security.service_account_name": z.string(),
  "security.automount_service_account_token": z.boolean(),
  "security.read_only_root_filesystem": z.boolean(),
} as const;

/** Every advanced-setting key the client knows (47). */
export const ADVANCED_SETTING_KEYS = Object.keys(ADVANCED_SETTING_SCHEMAS) as Array<keyof typeof ADVANCED_SETTING_SCHEMAS>;

/** A request setting advanced settings: known keys are type-checked, unknown keys are passed on as given. */
export const AdvancedSettingsRequest = z.looseObject(
  Object.fromEntries(Object.entries(ADVANCED_SETTING_SCHEMAS).map(([k, s]) => [k, s.optional()])) as {
    [K in keyof typeof ADVANCED_SETTING_SCHEMAS]: z.ZodOptional<(typeof ADVANCED_SETTING_SCHEMAS)[K]>;
  },
);
/** Advanced settings to set, typed per known key. */
export type AdvancedSettingsRequest = z.input<typeof AdvancedSettingsRequest>;

/** Advanced settings as returned: any keys, any values (the service may send numbers and booleans as strings). */
export const AdvancedSettings = z.record(z.string(), z.unknown());
/** Advanced settings as returned. */
export type AdvancedSettings = z.infer<typeof AdvancedSettings>;
