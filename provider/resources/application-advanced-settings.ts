import type * as pulumi from "@pulumi/pulumi";
import {
  ADVANCED_SETTING_KEYS,
  APPLICATION_ADVANCED_SETTINGS,
  type AdvancedSettingKey,
  type AdvancedSettingSpec,
  type AdvancedSettingsInputOf,
  type AdvancedSettingsOf,
  advancedSettingDefault,
  advancedSettingSpec,
  invalidIdReason,
  isAdvancedSettingKey,
  normalizeAdvancedSetting,
} from "../../sdk";
import { apiClient } from "../framework/credentials";
import { diffInputs } from "../framework/diff";
import { describeFailure, ignoreGone, readOrGone } from "../framework/errors";
import { DeployServiceResource } from "../framework/shim";
import { closestName, editDistance } from "../framework/suggest";
import { containsUnknown, isUnknown } from "../framework/unknowns";

export type { AdvancedSettingKey };

/**
 * The advanced settings of an application, keyed exactly as the service spells them; each key's type, bounds and
 * docs come from the sdk's catalogue ({@link APPLICATION_ADVANCED_SETTINGS}).
 *
 * Every key is optional: an {@link ApplicationAdvancedSettings} resource manages only the keys you set and
 * leaves the others at whatever the service has.
 */
export type AdvancedSettings = AdvancedSettingsInputOf<typeof APPLICATION_ADVANCED_SETTINGS>;

/** The resource kind: the `<Type>` of the type token `pulumi-nodejs:dynamic/deploy-service:ApplicationAdvancedSettings`. */
const KIND = "ApplicationAdvancedSettings";

/** {@link AdvancedSettings} where each value may also be a Pulumi input (an output of another resource). */
export type AdvancedSettingsInput = {
  [K in keyof AdvancedSettings]?: pulumi.Input<Exclude<AdvancedSettings[K], undefined>>;
};

/** Every advanced setting as the service reports it, typed (the service's spellings, e.g. `"Requirred"`). */
export type EffectiveAdvancedSettings = AdvancedSettingsOf<typeof APPLICATION_ADVANCED_SETTINGS>;

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

/** A short, safe description of a value for an error message: `0`, `"abc"`, `null`, `an array`, `an object`. */
function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === "object") return "an object";
  return String(value);
}

/** What a value of `spec` should be, in words: "an integer >= 1", "a boolean (true or false)". */
function expectedOf(spec: AdvancedSettingSpec, withNull: boolean): string {
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

/** One problem with one setting: `index` names an item of a list or map value. */
interface SettingProblem {
  readonly index?: number | string;
  readonly reason: string;
}

/**
 * Checks a program's value for `key` with the sdk's schema of the key, and words the first problem for a
 * preview; `undefined` when the value is valid or not known yet. The items of lists and maps are strings, so an
 * item not known yet passes as one.
 */
function validateSetting(key: AdvancedSettingKey, value: unknown): SettingProblem | undefined {
  if (isUnknown(value)) return undefined;
  const spec = advancedSettingSpec(key);
  const result = spec.schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  if (issue === undefined) return { reason: `expected ${expectedOf(spec, true)}, got ${describeValue(value)}` };
  const [index] = issue.path;
  if (typeof index === "number" || typeof index === "string") {
    const item = (value as Record<string | number, unknown>)[index];
    return { index, reason: `expected a string, got ${describeValue(item)}` };
  }
  if (issue.code === "custom") return { reason: issue.message };
  const outOfRange = issue.code === "too_small" || issue.code === "too_big";
  return { reason: `expected ${expectedOf(spec, !outOfRange)}, got ${describeValue(value)}` };
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
  const hint = close.length > 0
    ? `close valid names: ${close.join(", ")}`
    : `see the AdvancedSettings type for the ${ADVANCED_SETTING_KEYS.length} valid keys`;
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
    const problem = validateSetting(key, value);
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
  return canonicalText(normalizeAdvancedSetting(key, a)) === canonicalText(normalizeAdvancedSetting(key, b));
}

/** JSON text with object keys sorted (a label map compares regardless of key order). */
function canonicalText(v: unknown): string {
  return JSON.stringify(v, (_k, inner: unknown) =>
    isPlainObject(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  );
}

/** Every key the service reported, typed where the key is known. */
function effectiveOf(reported: Settings): Settings {
  const out: Settings = {};
  for (const [key, value] of Object.entries(reported)) {
    if (value === undefined) continue;
    out[key] = isAdvancedSettingKey(key) ? normalizeAdvancedSetting(key, value) : value;
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
    // The sdk's request schema sends aliases (`"Required"`) in the service's spelling.
    const reported = await apply(applicationId, settings, `setting advanced settings of application ${applicationId}`);
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
      if (key in newSettings) body[key] = newSettings[key];
      else if (isAdvancedSettingKey(key)) body[key] = advancedSettingDefault(key);
    }
    const reported = await apply(applicationId, body, `updating advanced settings of application ${applicationId}`);
    return { outs: outputs(applicationId, newSettings, reported) };
  },

  async delete(id: string, props: Settings): Promise<void> {
    const applicationId = typeof props["applicationId"] === "string" ? props["applicationId"] : id;
    const body: Settings = {};
    for (const key of Object.keys(settingsOf(props["settings"]))) {
      if (isAdvancedSettingKey(key)) body[key] = advancedSettingDefault(key);
    }
    if (Object.keys(body).length === 0) return;
    try {
      await ignoreGone(() => apiClient().applications.updateAdvancedSettings(applicationId, body));
    } catch (e) {
      throw describeFailure(e, `resetting advanced settings of application ${applicationId} to their defaults`);
    }
  },
};
