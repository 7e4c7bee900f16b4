import { isIP } from "node:net";
import { editDistance } from "../framework/suggest";

/**
 * The advanced settings of an application, keyed exactly as the service spells them.
 *
 * Every key is optional: an {@link ApplicationAdvancedSettings} resource manages only the keys you set and
 * leaves the others at whatever the service has.
 */
export interface AdvancedSettings {
  /** Check that custom domains point at the application when deploying; `false` disables the check. */
  "deployment.custom_domain_check_enabled"?: boolean;
  /** Seconds a container is given to stop gracefully before it is killed (>= 0). */
  "deployment.termination_grace_period_seconds"?: number;
  /** Node labels a pod must match to be placed on a node (label name -> value). */
  "deployment.affinity.node.required"?: Record<string, string>;
  /**
   * Pod anti-affinity: `"Preferred"` (pods of the service should not share a node) or `"Required"` (they must not;
   * sent as the service's spelling `"Requirred"`, which is accepted too).
   */
  "deployment.antiaffinity.pod"?: "Preferred" | "Required" | "Requirred";
  /** Spread of pods over zones: `"Disabled"`, `"ScheduleAnyway"` (best effort) or `"DoNotSchedule"` (even, max skew 1). */
  "deployment.topology_spread.zone"?: "Disabled" | "ScheduleAnyway" | "DoNotSchedule";
  /** Command run in the container right after it starts, e.g. `["/bin/sh", "-c", "echo started"]`. */
  "deployment.lifecycle.post_start_exec_command"?: string[];
  /** Command run before the container stops; the service's default is a 15 second sleep through `sh`. */
  "deployment.lifecycle.pre_stop_exec_command"?: string[];
  /** `"RollingUpdate"` (gradual rollout, rolled back if the new version fails) or `"Recreate"` (stop all, then start). */
  "deployment.update_strategy.type"?: "RollingUpdate" | "Recreate";
  /** Largest percentage of pods that may be unavailable during a rolling update (0..100). */
  "deployment.update_strategy.rolling_update.max_unavailable_percent"?: number;
  /** Largest percentage of pods above the desired count during a rolling update (0..100). */
  "deployment.update_strategy.rolling_update.max_surge_percent"?: number;
  /** Longest a build may run, in seconds (>= 0). */
  "build.timeout_max_sec"?: number;
  /** CPU limit of a build, in milli-CPUs (>= 0). */
  "build.cpu_max_in_milli"?: number;
  /** Memory limit of a build, in GiB (>= 0). */
  "build.ram_max_in_gib"?: number;
  /** Do not use the registry cache of BuildKit when building. */
  "build.disable_buildkit_cache"?: boolean;
  /** Do not fetch git submodules when building. */
  "build.skip_git_submodules"?: boolean;
  /** Largest request body the ingress accepts, in MB (>= 0). */
  "network.ingress.proxy_body_size_mb"?: number;
  /** Redirect to HTTPS even without a TLS certificate (for TLS terminated outside the cluster). */
  "network.ingress.force_ssl_redirect"?: boolean;
  /** Answer CORS requests at the ingress. */
  "network.ingress.enable_cors"?: boolean;
  /** Value of `Access-Control-Allow-Origin` when CORS is enabled. */
  "network.ingress.cors_allow_origin"?: string;
  /** Value of `Access-Control-Allow-Methods` when CORS is enabled. */
  "network.ingress.cors_allow_methods"?: string;
  /** Value of `Access-Control-Allow-Headers` when CORS is enabled. */
  "network.ingress.cors_allow_headers"?: string;
  /** Buffer for the upstream response headers, in KB (>= 0). */
  "network.ingress.proxy_buffer_size_kb"?: number;
  /** Longest time requests may be served over one keepalive connection, in seconds (>= 0). */
  "network.ingress.keepalive_time_seconds"?: number;
  /** How long an idle upstream keepalive connection stays open, in seconds (>= 0). */
  "network.ingress.keepalive_timeout_seconds"?: number;
  /** Timeout for sending a response to the client, in seconds (>= 0). */
  "network.ingress.send_timeout_seconds"?: number;
  /** Timeout for connecting to the application, in seconds (>= 0). */
  "network.ingress.proxy_connect_timeout_seconds"?: number;
  /** Timeout for sending a request to the application, in seconds (>= 0). */
  "network.ingress.proxy_send_timeout_seconds"?: number;
  /** Timeout for reading a response from the application, in seconds (>= 0). */
  "network.ingress.proxy_read_timeout_seconds"?: number;
  /** Request buffering at the ingress: `"on"` or `"off"`. */
  "network.ingress.proxy_buffering"?: "on" | "off";
  /** Comma-separated CIDRs allowed to reach the application; `"0.0.0.0/0"` allows every source. */
  "network.ingress.whitelist_source_range"?: string;
  /** Comma-separated CIDRs denied; `""` denies none. */
  "network.ingress.denylist_source_range"?: string;
  /** Name of an environment variable holding `login:crypted_password` (htpasswd) for basic authentication; `""` for none. */
  "network.ingress.basic_auth_env_var"?: string;
  /** Bind a user session to one instance (sticky sessions). */
  "network.ingress.enable_sticky_session"?: boolean;
  /** Timeout for sending a request to a gRPC application, in seconds (>= 0). */
  "network.ingress.grpc_send_timeout_seconds"?: number;
  /** Timeout for reading from a gRPC application, in seconds (>= 0). */
  "network.ingress.grpc_read_timeout_seconds"?: number;
  /** JSON text of a map of extra response header names to values, e.g. `JSON.stringify({"X-Frame-Options": "DENY"})`. */
  "network.ingress.extra_headers"?: string;
  /** Gateway request timeout in seconds (>= 0), or `null` for the service's default. */
  "network.gateway_api.http_request_timeout_seconds"?: number | null;
  /** Gateway idle connection timeout in seconds (>= 0), or `null` for the service's default. */
  "network.gateway_api.http_connection_idle_timeout_seconds"?: number | null;
  /** Number of gateway retries (>= 0), or `null` for none configured. */
  "network.gateway_api.retry.num_retries"?: number | null;
  /** Comma-separated retry triggers, e.g. `"5xx,reset,retriable-status-codes"`, or `null`. */
  "network.gateway_api.retry.retry_on"?: string | null;
  /** Comma-separated HTTP codes (100..599) retried when `retry_on` includes `retriable-status-codes`, or `null`. */
  "network.gateway_api.retry.http_status_codes"?: string | null;
  /** Timeout of each gateway attempt in seconds (>= 1), or `null`. */
  "network.gateway_api.retry.per_try_timeout_seconds"?: number | null;
  /** Average CPU utilisation (percent, 0..100) above which instances are added. */
  "hpa.cpu.average_utilization_percent"?: number;
  /** Average memory utilisation (percent, 0..100) above which instances are added, or `null` to scale on CPU only. */
  "hpa.memory.average_utilization_percent"?: number | null;
  /** Name of an existing Kubernetes service account the pods run as; `""` for the default. */
  "security.service_account_name"?: string;
  /** Mount the service account token in the pods. */
  "security.automount_service_account_token"?: boolean;
  /** Mount the container's root filesystem read-only. */
  "security.read_only_root_filesystem"?: boolean;
}

/** One advanced settings key, as the service spells it. */
export type AdvancedSettingKey = keyof AdvancedSettings;

/** How the value of one key is typed, bounded and checked. */
export interface KeySpec<T> {
  /** The JSON type of the value (`"enum"` is a string from a fixed list). */
  readonly kind: "boolean" | "integer" | "string" | "enum" | "stringArray" | "stringMap";
  /** `null` is a valid value (the service says "integer or null" / "string or null"). */
  readonly nullable?: boolean;
  /** Inclusive lower bound of an integer. */
  readonly min?: number;
  /** Inclusive upper bound of an integer. */
  readonly max?: number;
  /** Values of an enum, in the service's spelling. */
  readonly values?: readonly string[];
  /** Friendlier spellings users may write, mapped to the service's spelling. */
  readonly aliases?: Readonly<Record<string, string>>;
  /** The string is a comma-separated list: spaces around commas do not matter when comparing. */
  readonly commaList?: boolean;
  /** The string is JSON text: key order and spacing do not matter when comparing. */
  readonly json?: boolean;
  /** Extra rule on a well-typed, non-null value: returns what was expected when the value breaks it. */
  readonly rule?: (value: NonNullable<T>) => string | undefined;
  /** What the service holds for a fresh application; `delete` puts managed keys back to this. */
  readonly default: Exclude<T, undefined>;
}

type Catalogue = { readonly [K in AdvancedSettingKey]-?: KeySpec<AdvancedSettings[K]> };

const bool = (d: boolean): KeySpec<boolean | undefined> => ({ kind: "boolean", default: d });
const nonNegative = (d: number): KeySpec<number | undefined> => ({ kind: "integer", min: 0, default: d });
const percent = (d: number): KeySpec<number | undefined> => ({ kind: "integer", min: 0, max: 100, default: d });
const text = (d: string): KeySpec<string | undefined> => ({ kind: "string", default: d });
const cidrs = (d: string): KeySpec<string | undefined> => ({ kind: "string", commaList: true, rule: cidrList, default: d });

function commaItems(value: string): string[] {
  return value.split(",").map((s) => s.trim());
}

function cidrList(value: string): string | undefined {
  if (value.trim() === "") return undefined;
  for (const item of commaItems(value)) {
    const [address = "", prefix, extra] = item.split("/");
    const family = isIP(address);
    const maxPrefix = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (family === 0 || !prefixOk || extra !== undefined) {
      return `comma-separated CIDR blocks such as "10.0.0.0/8,192.168.1.1/32"; "${item}" is not one`;
    }
  }
  return undefined;
}

function statusCodes(value: string): string | undefined {
  for (const item of commaItems(value)) {
    if (!/^\d{3}$/.test(item) || Number(item) < 100 || Number(item) > 599) {
      return `comma-separated HTTP status codes each between 100 and 599; "${item}" is not one`;
    }
  }
  return undefined;
}

function retryTriggers(value: string): string | undefined {
  for (const item of commaItems(value)) {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(item)) {
      return `comma-separated retry triggers such as "5xx,reset,retriable-status-codes"; "${item}" is not one`;
    }
  }
  return undefined;
}

function headerMapJson(value: string): string | undefined {
  const expected = 'JSON text of an object mapping header names to string values, e.g. {"X-Frame-Options":"DENY"}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return `${expected}; it is not valid JSON`;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return `${expected}; it is not an object`;
  for (const [name, v] of Object.entries(parsed)) {
    if (typeof v !== "string") return `${expected}; header "${name}" has a ${v === null ? "null" : typeof v} value`;
  }
  return undefined;
}

function envVarName(value: string): string | undefined {
  return value === "" || /^[A-Za-z_][A-Za-z0-9_]*$/.test(value)
    ? undefined
    : `the name of an environment variable (letters, digits, underscores; not starting with a digit) or ""`;
}

/**
 * Every key the service knows, with its type, bounds and the value a fresh application has.
 * The type of this table ties each entry to {@link AdvancedSettings}: a key missing here, or a default of the
 * wrong type, does not compile.
 */
export const ADVANCED_SETTINGS_CATALOGUE: Catalogue = {
  "deployment.custom_domain_check_enabled": bool(true),
  "deployment.termination_grace_period_seconds": nonNegative(60),
  "deployment.affinity.node.required": { kind: "stringMap", default: {} },
  "deployment.antiaffinity.pod": {
    kind: "enum",
    values: ["Preferred", "Requirred"],
    aliases: { Required: "Requirred" },
    default: "Preferred",
  },
  "deployment.topology_spread.zone": {
    kind: "enum",
    values: ["Disabled", "ScheduleAnyway", "DoNotSchedule"],
    default: "Disabled",
  },
  "deployment.lifecycle.post_start_exec_command": { kind: "stringArray", default: [] },
  "deployment.lifecycle.pre_stop_exec_command": { kind: "stringArray", default: ["/bin/sh", "-c", "sleep 15"] },
  "deployment.update_strategy.type": { kind: "enum", values: ["RollingUpdate", "Recreate"], default: "RollingUpdate" },
  "deployment.update_strategy.rolling_update.max_unavailable_percent": percent(25),
  "deployment.update_strategy.rolling_update.max_surge_percent": percent(25),
  "build.timeout_max_sec": nonNegative(1800),
  "build.cpu_max_in_milli": nonNegative(4000),
  "build.ram_max_in_gib": nonNegative(8),
  "build.disable_buildkit_cache": bool(false),
  "build.skip_git_submodules": bool(false),
  "network.ingress.proxy_body_size_mb": nonNegative(100),
  "network.ingress.force_ssl_redirect": bool(true),
  "network.ingress.enable_cors": bool(false),
  "network.ingress.cors_allow_origin": text("*"),
  "network.ingress.cors_allow_methods": text("GET, PUT, POST, DELETE, PATCH, OPTIONS"),
  "network.ingress.cors_allow_headers": text(
    "DNT,Keep-Alive,User-Agent,X-Requested-With,If-Modified-Since,Cache-Control,Content-Type,Range,Authorization",
  ),
  "network.ingress.proxy_buffer_size_kb": nonNegative(4),
  "network.ingress.keepalive_time_seconds": nonNegative(3600),
  "network.ingress.keepalive_timeout_seconds": nonNegative(60),
  "network.ingress.send_timeout_seconds": nonNegative(60),
  "network.ingress.proxy_connect_timeout_seconds": nonNegative(60),
  "network.ingress.proxy_send_timeout_seconds": nonNegative(60),
  "network.ingress.proxy_read_timeout_seconds": nonNegative(60),
  "network.ingress.proxy_buffering": { kind: "enum", values: ["on", "off"], default: "on" },
  "network.ingress.whitelist_source_range": cidrs("0.0.0.0/0"),
  "network.ingress.denylist_source_range": cidrs(""),
  "network.ingress.basic_auth_env_var": { kind: "string", rule: envVarName, default: "" },
  "network.ingress.enable_sticky_session": bool(false),
  "network.ingress.grpc_send_timeout_seconds": nonNegative(60),
  "network.ingress.grpc_read_timeout_seconds": nonNegative(60),
  "network.ingress.extra_headers": { kind: "string", json: true, rule: headerMapJson, default: "{}" },
  "network.gateway_api.http_request_timeout_seconds": { kind: "integer", nullable: true, min: 0, default: null },
  "network.gateway_api.http_connection_idle_timeout_seconds": { kind: "integer", nullable: true, min: 0, default: null },
  "network.gateway_api.retry.num_retries": { kind: "integer", nullable: true, min: 0, default: null },
  "network.gateway_api.retry.retry_on": {
    kind: "string",
    nullable: true,
    commaList: true,
    rule: retryTriggers,
    default: null,
  },
  "network.gateway_api.retry.http_status_codes": {
    kind: "string",
    nullable: true,
    commaList: true,
    rule: statusCodes,
    default: null,
  },
  "network.gateway_api.retry.per_try_timeout_seconds": { kind: "integer", nullable: true, min: 1, default: null },
  "hpa.cpu.average_utilization_percent": percent(60),
  "hpa.memory.average_utilization_percent": { kind: "integer", nullable: true, min: 0, max: 100, default: null },
  "security.service_account_name": text(""),
  "security.automount_service_account_token": bool(false),
  "security.read_only_root_filesystem": bool(false),
};

/** Every key, in the service's order. */
export const ADVANCED_SETTING_KEYS = Object.keys(ADVANCED_SETTINGS_CATALOGUE) as AdvancedSettingKey[];

/** True when `key` is one of the service's advanced settings keys. */
export function isAdvancedSettingKey(key: string): key is AdvancedSettingKey {
  return Object.prototype.hasOwnProperty.call(ADVANCED_SETTINGS_CATALOGUE, key);
}

/** The spec of a known key, loosely typed for code that handles every key alike. */
export function specOf(key: AdvancedSettingKey): KeySpec<unknown> {
  return ADVANCED_SETTINGS_CATALOGUE[key] as KeySpec<unknown>;
}

/** The value a fresh application has for `key` (a copy, safe to modify). */
export function defaultOf(key: AdvancedSettingKey): unknown {
  return structuredClone(specOf(key).default);
}

/** A short, safe description of a value for an error message: `0`, `"abc"`, `null`, `an array`, `an object`. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === "object") return "an object";
  return String(value);
}

/** What a value of `spec` should be, in words: "an integer >= 1", "a boolean (true or false)". */
export function expectedOf(spec: KeySpec<unknown>, withNull: boolean): string {
  const orNull = withNull && spec.nullable ? " or null" : "";
  switch (spec.kind) {
    case "boolean":
      return `a boolean (true or false)${orNull}`;
    case "integer": {
      const { min, max } = spec;
      if (min !== undefined && max !== undefined) return `an integer between ${min} and ${max}${orNull}`;
      if (min !== undefined) return `an integer >= ${min}${orNull}`;
      if (max !== undefined) return `an integer <= ${max}${orNull}`;
      return `an integer${orNull}`;
    }
    case "string":
      return `a string${orNull}`;
    case "enum": {
      const names = (spec.values ?? []).map((v) => JSON.stringify(v));
      for (const [alias, target] of Object.entries(spec.aliases ?? {})) {
        names.push(`${JSON.stringify(alias)} (sent as ${JSON.stringify(target)})`);
      }
      return `one of ${names.join(", ")}${orNull}`;
    }
    case "stringArray":
      return `an array of strings${orNull}`;
    case "stringMap":
      return `an object mapping names to string values${orNull}`;
  }
}

/** One problem with one setting: `index` names an item of an array value. */
export interface SettingProblem {
  /** The item of a list (number) or map (name) at fault; absent when the whole value is. */
  readonly index?: number | string;
  /** What was expected and what was given. */
  readonly reason: string;
}

/**
 * Checks a user's value for `key`; `undefined` when it is valid. `isUnknown` tells values not known yet
 * (preview), which pass at any depth.
 */
export function validateSetting(
  key: AdvancedSettingKey,
  value: unknown,
  isUnknown: (v: unknown) => boolean,
): SettingProblem | undefined {
  if (isUnknown(value)) return undefined;
  const spec = specOf(key);
  const wrongType = (): SettingProblem => ({ reason: `expected ${expectedOf(spec, true)}, got ${describeValue(value)}` });
  if (value === null) return spec.nullable ? undefined : wrongType();
  switch (spec.kind) {
    case "boolean":
      if (typeof value !== "boolean") return wrongType();
      break;
    case "integer": {
      if (typeof value !== "number" || !Number.isInteger(value)) return wrongType();
      if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) {
        return { reason: `expected ${expectedOf(spec, false)}, got ${describeValue(value)}` };
      }
      break;
    }
    case "string":
      if (typeof value !== "string") return wrongType();
      break;
    case "enum":
      if (typeof value !== "string" || !(spec.values ?? []).concat(Object.keys(spec.aliases ?? {})).includes(value)) {
        return wrongType();
      }
      break;
    case "stringArray": {
      if (!Array.isArray(value)) return wrongType();
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (!isUnknown(item) && typeof item !== "string") {
          return { index: i, reason: `expected a string, got ${describeValue(item)}` };
        }
      }
      break;
    }
    case "stringMap": {
      if (typeof value !== "object" || Array.isArray(value)) return wrongType();
      for (const [name, item] of Object.entries(value)) {
        if (!isUnknown(item) && typeof item !== "string") {
          return { index: name, reason: `expected a string, got ${describeValue(item)}` };
        }
      }
      break;
    }
  }
  const broken = spec.rule?.(value);
  return broken === undefined ? undefined : { reason: `expected ${broken}` };
}

function canonicalJsonText(value: string): string {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      const sorted = Object.fromEntries(Object.entries(parsed).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      return JSON.stringify(sorted);
    }
  } catch {
    // Not JSON: compared as written.
  }
  return value;
}

/**
 * The typed, comparable form of a value for `key`, whether it comes from a program or from the service (which
 * may answer `"true"` or `"60"`): booleans and integers parsed from strings, enum aliases mapped to the service's
 * spelling, comma lists without spaces around commas, JSON text with sorted keys. Values it cannot make sense of
 * come back unchanged, so they still compare as different.
 */
export function normalizeSetting(key: AdvancedSettingKey, value: unknown): unknown {
  const spec = specOf(key);
  if (value === null || value === undefined) return value;
  switch (spec.kind) {
    case "boolean":
      if (typeof value === "string" && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === "true";
      return value;
    case "integer":
      if (typeof value === "string" && /^\s*-?\d+\s*$/.test(value)) return Number(value);
      if (typeof value === "string" && spec.nullable && /^\s*(null)?\s*$/.test(value)) return null;
      return value;
    case "enum":
      return typeof value === "string" ? (spec.aliases?.[value] ?? value) : value;
    case "string":
      if (typeof value !== "string") return value;
      if (spec.json) return canonicalJsonText(value);
      if (spec.commaList) return value.trim() === "" ? "" : value.split(",").map((s) => s.trim()).join(",");
      return value;
    case "stringArray":
    case "stringMap":
      if (typeof value === "string") {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          return value;
        }
      }
      return value;
  }
}

/** The value to send for `key`: the user's value with enum aliases mapped to the service's spelling. */
export function toWire(key: AdvancedSettingKey, value: unknown): unknown {
  const spec = specOf(key);
  if (spec.kind === "enum" && typeof value === "string") return spec.aliases?.[value] ?? value;
  return value;
}

/**
 * Up to `limit` valid keys close to an unknown one: by edit distance on the whole key, or sharing its last
 * segment (`proxy_body_size_mb` written under the wrong prefix), or containing what was written.
 */
export function closeKeys(written: string, limit = 3): AdvancedSettingKey[] {
  const lower = written.toLowerCase();
  const last = lower.split(".").pop() ?? lower;
  const scored = ADVANCED_SETTING_KEYS.map((key) => {
    const keyLast = key.split(".").pop() ?? key;
    let score = editDistance(lower, key);
    if (keyLast === last) score = Math.min(score, 1);
    else if (lower.length >= 4 && key.includes(lower)) score = Math.min(score, 2);
    else score = Math.min(score, editDistance(last, keyLast) + 2);
    return { key, score };
  });
  const threshold = Math.max(3, Math.floor(written.length / 4));
  return scored
    .filter((s) => s.score <= threshold)
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((s) => s.key);
}
