import { z } from "zod";

const bool = z.boolean();
const str = z.string();
const nonNeg = z.number().int().min(0);
const percent = z.number().int().min(0).max(100);
const nullableNonNeg = nonNeg.nullable();

const statusCodes = z.string().refine(
  (s) => s.trim() === "" || s.split(",").every((c) => /^\s*\d+\s*$/.test(c) && Number(c) >= 100 && Number(c) <= 599),
  "each code must be an integer between 100 and 599 (comma-separated)",
).nullable();

/** Each advanced-settings key of every kind with its validator. */
const shape = {
  "deployment.custom_domain_check_enabled": bool,
  "deployment.termination_grace_period_seconds": nonNeg,
  "deployment.affinity.node.required": z.record(z.string(), z.string()),
  "deployment.antiaffinity.pod": z.enum(["Preferred", "Requirred"]),
  "deployment.topology_spread.zone": z.enum(["Disabled", "ScheduleAnyway", "DoNotSchedule"]),
  "deployment.lifecycle.post_start_exec_command": z.array(str),
  "deployment.lifecycle.pre_stop_exec_command": z.array(str),
  "deployment.update_strategy.type": z.enum(["RollingUpdate", "Recreate"]),
  "deployment.update_strategy.rolling_update.max_unavailable_percent": percent,
  "deployment.update_strategy.rolling_update.max_surge_percent": percent,
  "build.timeout_max_sec": nonNeg,
  "build.cpu_max_in_milli": nonNeg,
  "build.ram_max_in_gib": nonNeg,
  "build.disable_buildkit_cache": bool,
  "build.skip_git_submodules": bool,
  "build.ephemeral_storage_in_gib": nonNeg,
  "network.ingress.proxy_body_size_mb": nonNeg,
  "network.ingress.force_ssl_redirect": bool,
  "network.ingress.enable_cors": bool,
  "network.ingress.cors_allow_origin": str,
  "network.ingress.cors_allow_methods": str,
  "network.ingress.cors_allow_headers": str,
  "network.ingress.proxy_buffer_size_kb": nonNeg,
  "network.ingress.keepalive_time_seconds": nonNeg,
  "network.ingress.keepalive_timeout_seconds": nonNeg,
  "network.ingress.send_timeout_seconds": nonNeg,
  "network.ingress.proxy_connect_timeout_seconds": nonNeg,
  "network.ingress.proxy_send_timeout_seconds": nonNeg,
  "network.ingress.proxy_read_timeout_seconds": nonNeg,
  "network.ingress.proxy_buffering": z.enum(["on", "off"]),
  "network.ingress.whitelist_source_range": str,
  "network.ingress.denylist_source_range": str,
  "network.ingress.basic_auth_env_var": str,
  "network.ingress.enable_sticky_session": bool,
  "network.ingress.grpc_send_timeout_seconds": nonNeg,
  "network.ingress.grpc_read_timeout_seconds": nonNeg,
  "network.ingress.extra_headers": str.refine(isJsonObject, "expected the JSON text of an object of header names to values"),
  "network.gateway_api.http_request_timeout_seconds": nullableNonNeg,
  "network.gateway_api.http_connection_idle_timeout_seconds": nullableNonNeg,
  "network.gateway_api.retry.num_retries": nullableNonNeg,
  "network.gateway_api.retry.retry_on": str.nullable(),
  "network.gateway_api.retry.http_status_codes": statusCodes,
  "network.gateway_api.retry.per_try_timeout_seconds": z.number().int().min(1).nullable(),
  "hpa.cpu.average_utilization_percent": percent,
  "hpa.memory.average_utilization_percent": percent.nullable(),
  "security.service_account_name": str,
  "security.automount_service_account_token": bool,
  "security.read_only_root_filesystem": bool,
  "network.ingress.proxy_request_buffering": z.enum(["on", "off"]),
  "job.delete_ttl_seconds_after_finished": nullableNonNeg,
  "cronjob.concurrency_policy": z.enum(["Allow", "Forbid", "Replace"]),
  "cronjob.failed_jobs_history_limit": nonNeg,
  "cronjob.success_jobs_history_limit": nonNeg,
};

function isJsonObject(s: string): boolean {
  try {
    const v: unknown = JSON.parse(s);
    return typeof v === "object" && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

type Key = keyof typeof shape;

/**
 * The request (every key optional; a key the kind does not have, another kind's included, is a 400 naming it) and
 * the response (every key) of a kind's settings. `kind` names the service in the refusal: `application`.
 */
export function advancedSettingsSchemas(keys: readonly string[], kind: string) {
  const own = Object.fromEntries(keys.map((k) => [k, shape[k as Key]]).filter(([, v]) => v !== undefined)) as Record<string, z.ZodType>;
  const response = z.object(own);
  const article = /^[aeiou]/.test(kind) ? "an" : "a";
  const request = z.strictObject(own, {
    error: (issue) => issue.code === "unrecognized_keys"
      ? `not an advanced setting of ${article} ${kind} (GET /default${kind.charAt(0).toUpperCase()}${kind.slice(1)}AdvancedSettings lists its ${keys.length} keys)`
      : undefined,
  }).partial();
  return { request, response };
}
