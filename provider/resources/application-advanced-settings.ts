import type * as pulumi from "@pulumi/pulumi";
import {
  ADVANCED_SETTING_KEYS,
  type AdvancedSettingKey,
  type AdvancedSettings,
  closeKeys,
  defaultOf,
  describeValue,
  isAdvancedSettingKey,
  normalizeSetting,
  toWire,
  validateSetting,
} from "./advanced-settings-keys";
import { invalidIdReason } from "../../sdk";
import { apiClient } from "../framework/credentials";
import { diffInputs } from "../framework/diff";
import { describeFailure, ignoreGone, readOrGone } from "../framework/errors";
import { DeployServiceResource } from "../framework/shim";
import { closestName } from "../framework/suggest";
import { containsUnknown, isUnknown } from "../framework/unknowns";

export type { AdvancedSettingKey, AdvancedSettings } from "./advanced-settings-keys";

/** The resource kind: the `<Type>` of the type token `pulumi-nodejs:dynamic/deploy-service:ApplicationAdvancedSettings`. */
const KIND = "ApplicationAdvancedSettings";

/** {@link AdvancedSettings} where each value may also be a Pulumi input (an output of another resource). */
export type AdvancedSettingsInput = {
  [K in keyof AdvancedSettings]?: pulumi.Input<Exclude<AdvancedSettings[K], undefined>>;
};

/** Every advanced setting as the service reports it, typed (the service's spellings, e.g. `"Requirred"`). */
export type EffectiveAdvancedSettings = { [K in keyof AdvancedSettings]-?: Exclude<AdvancedSettings[K], undefined> };

/** The arguments of {@link ApplicationAdvancedSettings}. */
export interface ApplicationAdvancedSettingsArgs {
  /**
   * Id of the application whose settings are managed (a valid id: no `/`, `..`, `%` or whitespace). Changing it moves
   * the settings to another application (replacement).
   */
  applicationId: pulumi.Input<string>;
  /**
   * The settings to manage, keyed exactly as the service spells them (`"network.ingress.proxy_body_size_mb"`).
   * Only these keys are set, compared and read back; the others keep whatever the service has. A key removed from
   * this object is put back to the service's default. `{}` manages nothing and only reports `effectiveSettings`.
   */
  settings: pulumi.Input<AdvancedSettingsInput>;
}

/**
 * The advanced settings of one application (ingress timeouts and sizes, CORS, gateway retries, build limits,
 * rolling-update strategy, autoscaling thresholds, pod security).
 *
 * Only the keys written in `settings` are managed: a preview compares just those (the service answers with every key,
 * and sometimes with `"true"` or `"60"` for `true` or `60`: both sides are normalised first, so a no-op shows no
 * change). Every key is type- and range-checked at preview with no API call. A refresh reads the managed keys back,
 * so a change made outside shows as drift and the next `up` restores it. Destroying the resource puts the managed keys
 * back to the service's defaults. Manage each key of an application from one resource only.
 *
 * @example
 * ```ts
 * const settings = new ApplicationAdvancedSettings("web-settings", {
 *   applicationId: web.id,
 *   settings: {
 *     "network.ingress.proxy_body_size_mb": 200,
 *     "network.ingress.enable_cors": true,
 *     "network.ingress.cors_allow_origin": "https://example.com",
 *     "deployment.antiaffinity.pod": "Required",
 *     "network.gateway_api.retry.retry_on": "5xx,retriable-status-codes",
 *     "network.gateway_api.retry.http_status_codes": "502,503",
 *   },
 * });
 * export const bodyLimit = settings.effectiveSettings.apply((s) => s["network.ingress.proxy_body_size_mb"]);
 * ```
 */
export class ApplicationAdvancedSettings extends DeployServiceResource {
  /** Id of the application whose settings are managed (also the id of this resource). */
  declare readonly applicationId: pulumi.Output<string>;
  /** The managed keys with the values the service holds for them. */
  declare readonly settings: pulumi.Output<AdvancedSettings>;
  /** Every advanced setting of the application as the service reported it after the last apply or refresh. */
  declare readonly effectiveSettings: pulumi.Output<EffectiveAdvancedSettings>;

  /**
   * @param name The unique name of the resource in the program.
   * @param args The application and the settings to manage.
   * @param opts Options of the resource.
   */
  constructor(name: string, args: ApplicationAdvancedSettingsArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      KIND,
      name,
      { applicationId: args.applicationId, settings: args.settings, effectiveSettings: undefined },
      opts,
    );
  }
}

type Settings = Record<string, unknown>;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function settingsOf(v: unknown): Settings {
  return isPlainObject(v) ? v : {};
}

/** `settings["network.ingress.enable_cors"]`, `settings["deployment.lifecycle.pre_stop_exec_command"][1]`. */
function settingPath(key: string, index?: number | string): string {
  const base = `settings[${JSON.stringify(key)}]`;
  if (index === undefined) return base;
  return typeof index === "number" ? `${base}[${index}]` : `${base}[${JSON.stringify(index)}]`;
}

/** Dotted names of the leaves of a nested object (`{network: {ingress: {...}}}`), to tell users to write them flat. */
function flattenedKeys(prefix: string, v: unknown): string[] {
  if (!isPlainObject(v)) return [prefix];
  return Object.entries(v).flatMap(([k, inner]) => flattenedKeys(`${prefix}.${k}`, inner));
}

function unknownKeyReason(key: string, value: unknown): string {
  const nested = flattenedKeys(key, value).filter(isAdvancedSettingKey);
  if (isPlainObject(value) && nested.length > 0) {
    return `unknown advanced setting "${key}": write the keys flat as the service spells them, e.g. ${JSON.stringify(nested[0])}`;
  }
  const close = closeKeys(key);
  const hint = close.length > 0 ? `close valid names: ${close.join(", ")}` : "see the AdvancedSettings type for the 47 valid keys";
  return `unknown advanced setting "${key}"; ${hint}`;
}

/** The inputs of this resource; any other key a program passes is refused by name. */
const INPUT_KEYS = ["applicationId", "settings"] as const;

function checkInputKeys(news: Settings): pulumi.dynamic.CheckFailure[] {
  const unknown = Object.keys(news).filter(
    (k) => !k.startsWith("__") && news[k] !== undefined && !(INPUT_KEYS as readonly string[]).includes(k),
  );
  return unknown.map((key) => {
    const suggestion = closestName(key, INPUT_KEYS);
    const hint = suggestion !== undefined ? `did you mean "${suggestion}"?` : `not an input of this resource (expected one of: ${INPUT_KEYS.join(", ")})`;
    return { property: key, reason: `unknown property "${key}": ${hint}` };
  });
}

function checkApplicationId(applicationId: unknown): pulumi.dynamic.CheckFailure[] {
  if (isUnknown(applicationId)) return [];
  if (typeof applicationId !== "string" || applicationId.trim() === "") {
    return [{
      property: "applicationId",
      reason: `expected the id of an application (a non-empty string), got ${describeValue(applicationId)}`,
    }];
  }
  const reason = invalidIdReason(applicationId);
  return reason === undefined ? [] : [{ property: "applicationId", reason: `${reason}, got ${describeValue(applicationId)}` }];
}

function checkSettings(settings: unknown): pulumi.dynamic.CheckFailure[] {
  if (isUnknown(settings)) return [];
  if (settings === undefined || settings === null) {
    return [{ property: "settings", reason: 'is required (expected an object such as {"network.ingress.proxy_body_size_mb": 100}; {} manages nothing)' }];
  }
  if (!isPlainObject(settings)) {
    return [{ property: "settings", reason: `expected an object keyed by advanced setting names, got ${describeValue(settings)}` }];
  }
  const failures: pulumi.dynamic.CheckFailure[] = [];
  for (const [key, value] of Object.entries(settings)) {
    if (!isAdvancedSettingKey(key)) {
      failures.push({ property: settingPath(key), reason: unknownKeyReason(key, value) });
      continue;
    }
    const problem = validateSetting(key, value, isUnknown);
    if (problem) failures.push({ property: settingPath(key, problem.index), reason: problem.reason });
  }
  return failures;
}

/** The settings keys whose desired value differs from the stored one (or is not known yet), removed keys included. */
export function changedSettingKeys(olds: Settings, news: Settings): string[] {
  const keys = new Set([...Object.keys(olds), ...Object.keys(news)]);
  return [...keys].filter((key) => {
    if (!(key in news) || !(key in olds)) return true;
    if (containsUnknown(news[key])) return true;
    return !sameSetting(key, olds[key], news[key]);
  });
}

function sameSetting(key: string, a: unknown, b: unknown): boolean {
  if (!isAdvancedSettingKey(key)) return JSON.stringify(a) === JSON.stringify(b);
  return canonicalText(normalizeSetting(key, a)) === canonicalText(normalizeSetting(key, b));
}

/** JSON text with object keys sorted (a label map compares regardless of key order). */
function canonicalText(v: unknown): string {
  return JSON.stringify(v, (_k, inner: unknown) =>
    isPlainObject(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  );
}

/** The request body setting `settings`: aliases mapped to the service's spellings. */
function wireBody(settings: Settings): Settings {
  const body: Settings = {};
  for (const [key, value] of Object.entries(settings)) body[key] = isAdvancedSettingKey(key) ? toWire(key, value) : value;
  return body;
}

/** Every key the service reported, typed where the key is known. */
function effectiveOf(reported: Settings): Settings {
  const out: Settings = {};
  for (const [key, value] of Object.entries(reported)) {
    if (value === undefined) continue;
    out[key] = isAdvancedSettingKey(key) ? normalizeSetting(key, value) : value;
  }
  return out;
}

/**
 * The managed keys as the service holds them. Where the service's value means what `known` says (the program's or
 * the state's value, e.g. `"Required"` for `"Requirred"`), `known`'s spelling is kept so outputs stay as written.
 */
function managedValues(known: Settings, reported: Settings): Settings {
  const out: Settings = {};
  for (const key of Object.keys(known)) {
    if (!(key in reported) || reported[key] === undefined) continue;
    out[key] = sameSetting(key, known[key], reported[key]) ? known[key] : effectiveOf({ [key]: reported[key] })[key];
  }
  return out;
}

function hasStatus(e: unknown): boolean {
  return typeof (e as { status?: unknown } | null)?.status === "number";
}

function hasEveryKey(reported: Settings): boolean {
  return ADVANCED_SETTING_KEYS.every((key) => key in reported);
}

/** PUTs `body` (nothing when empty) and returns every setting as the service reports it afterwards. */
async function apply(applicationId: string, body: Settings, action: string): Promise<Settings> {
  const client = apiClient();
  try {
    if (Object.keys(body).length > 0) {
      const answer = settingsOf(await client.applications.updateAdvancedSettings(applicationId, body));
      if (hasEveryKey(answer)) return answer;
    }
    return settingsOf(await client.applications.getAdvancedSettings(applicationId));
  } catch (e) {
    throw describeFailure(e, action);
  }
}

function outputs(applicationId: string, known: Settings, reported: Settings): Settings {
  return { applicationId, settings: managedValues(known, reported), effectiveSettings: effectiveOf(reported) };
}

/** The dynamic provider of {@link ApplicationAdvancedSettings}; the engine reaches it through `runtime.providerFor`. */
export const applicationAdvancedSettingsProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds: Settings, news: Settings): Promise<pulumi.dynamic.CheckResult> {
    const applicationId = news["applicationId"];
    const failures = [...checkInputKeys(news), ...checkApplicationId(applicationId), ...checkSettings(news["settings"])];
    const inputs = { applicationId, settings: news["settings"] };
    return failures.length > 0 ? { inputs, failures } : { inputs };
  },

  async diff(_id: string, olds: Settings, news: Settings): Promise<pulumi.dynamic.DiffResult> {
    const base = diffInputs(olds, news, { keys: ["applicationId"], replaceOn: ["applicationId"] });
    if (base.replaces && base.replaces.length > 0) return base;
    const settingsChanged =
      isUnknown(news["settings"]) || changedSettingKeys(settingsOf(olds["settings"]), settingsOf(news["settings"])).length > 0;
    return { changes: base.changes === true || settingsChanged };
  },

  async create(inputs: Settings): Promise<pulumi.dynamic.CreateResult> {
    const applicationId = String(inputs["applicationId"]);
    const settings = settingsOf(inputs["settings"]);
    const reported = await apply(applicationId, wireBody(settings), `setting advanced settings of application ${applicationId}`);
    return { id: applicationId, outs: outputs(applicationId, settings, reported) };
  },

  async read(id: string, props: Settings): Promise<pulumi.dynamic.ReadResult> {
    const applicationId = typeof props["applicationId"] === "string" ? props["applicationId"] : id;
    const managed = settingsOf(props["settings"]);
    let reported: Settings | undefined;
    try {
      reported = await readOrGone(() => apiClient().applications.getAdvancedSettings(applicationId));
    } catch (e) {
      // readOrGone already turned a refused token into its own error (no status); the service's others get context.
      throw hasStatus(e) ? describeFailure(e, `reading advanced settings of application ${applicationId}`) : e;
    }
    if (reported === undefined) return { id: "" };
    const outs = outputs(applicationId, managed, settingsOf(reported));
    return { id, props: outs, inputs: { applicationId, settings: outs["settings"] } };
  },

  async update(_id: string, olds: Settings, news: Settings): Promise<pulumi.dynamic.UpdateResult> {
    const applicationId = String(news["applicationId"]);
    const oldSettings = settingsOf(olds["settings"]);
    const newSettings = settingsOf(news["settings"]);
    const body: Settings = {};
    for (const key of changedSettingKeys(oldSettings, newSettings)) {
      if (key in newSettings) body[key] = isAdvancedSettingKey(key) ? toWire(key, newSettings[key]) : newSettings[key];
      else if (isAdvancedSettingKey(key)) body[key] = defaultOf(key);
    }
    const reported = await apply(applicationId, body, `updating advanced settings of application ${applicationId}`);
    return { outs: outputs(applicationId, newSettings, reported) };
  },

  async delete(id: string, props: Settings): Promise<void> {
    const applicationId = typeof props["applicationId"] === "string" ? props["applicationId"] : id;
    const body: Settings = {};
    for (const key of Object.keys(settingsOf(props["settings"]))) {
      if (isAdvancedSettingKey(key)) body[key] = defaultOf(key as AdvancedSettingKey);
    }
    if (Object.keys(body).length === 0) return;
    try {
      await ignoreGone(() => apiClient().applications.updateAdvancedSettings(applicationId, body));
    } catch (e) {
      throw describeFailure(e, `resetting advanced settings of application ${applicationId} to their defaults`);
    }
  },
};
