/**
 * The advanced settings of a service kind (application, container, job), the part every form of them shares: the
 * check of settings against the sdk's catalogue of the kind ({@link advancedSettingsCatalogue}), their comparison
 * after normalisation, the managed and effective values, and the one call that applies them. The resource and the
 * inline `advancedSettings` input (`advanced-settings.ts`) are built on it.
 */
import type * as pulumi from "@pulumi/pulumi";
import {
  ADVANCED_SETTINGS_KINDS,
  type AdvancedSettingSpec,
  type AdvancedSettingsOwner,
  type DeployServiceClient,
  advancedSettingDefaultOf,
  advancedSettingKeysOf,
  advancedSettingSpecOf,
  invalidIdReason,
  isAdvancedSettingKeyOf,
  normalizeAdvancedSettingOf,
} from "../../sdk";
import { describeFailure } from "../framework/errors";
import { closestName, editDistance } from "../framework/suggest";
import { containsUnknown, isUnknown } from "../framework/unknowns";

/** Settings keyed by their service spelling. */
export type Settings = Record<string, unknown>;

/** The sdk calls of a kind's advanced settings. */
export interface AdvancedSettingsCalls {
  getAdvancedSettings(serviceId: string): Promise<unknown>;
  updateAdvancedSettings(serviceId: string, settings: never): Promise<unknown>;
}

/** One kind's advanced-settings resource. */
export interface AdvancedSettingsDefinition {
  /** The `<Type>` of the type token: `ApplicationAdvancedSettings`. */
  kind: string;
  /** Whose catalogue is used: `application`, `container`, `job` or `cluster`. */
  serviceKind: AdvancedSettingsOwner;
  /** The input naming the service: `applicationId`. */
  idKey: string;
  /** An input naming the owner's parent, which the calls need besides the id (a cluster's `organizationId`). */
  parentKey?: string;
  /** The name of the settings type users read, for messages: `AdvancedSettings`. */
  typeName: string;
  /** The sdk calls with `getAdvancedSettings` and `updateAdvancedSettings` (`props`: the resource's inputs). */
  group(client: DeployServiceClient, props?: Settings): AdvancedSettingsCalls;
  /** The service's own defaults, read to put removed keys back (else the catalogue's defaults are sent). */
  defaults?(client: DeployServiceClient): Promise<Settings>;
}

/** `an application`, `a container`, `a job`. */
function withArticle(noun: string): string {
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

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
function validateSetting(kind: AdvancedSettingsOwner, key: string, value: unknown): SettingProblem | undefined {
  if (isUnknown(value)) return undefined;
  const spec = advancedSettingSpecOf(kind, key);
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
 * Up to `limit` valid keys of `kind` close to an unknown one: by edit distance on the whole key, or sharing its
 * last segment (`proxy_body_size_mb` written under the wrong prefix), or containing what was written.
 */
export function closeKeysOf(kind: AdvancedSettingsOwner, written: string, limit = 3): string[] {
  const lower = written.toLowerCase();
  const last = lower.split(".").pop() ?? lower;
  const scored = advancedSettingKeysOf(kind).map((key) => {
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

export function settingsOf(v: unknown): Settings {
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

function unknownKeyReason(kind: AdvancedSettingsOwner, typeName: string, key: string, value: unknown): string {
  const nested = flattenedKeys(key, value).filter((k) => isAdvancedSettingKeyOf(kind, k));
  if (isPlainObject(value) && nested.length > 0) {
    return `unknown advanced setting "${key}": write the keys flat as the service spells them, e.g. ${JSON.stringify(nested[0])}`;
  }
  const others = ADVANCED_SETTINGS_KINDS.filter((k) => k !== kind && isAdvancedSettingKeyOf(k, key));
  if (others.length > 0) {
    return `unknown advanced setting "${key}": it is a setting of ${others.map((k) => `${k}s`).join(" and ")}, not of ${kind}s`;
  }
  const close = closeKeysOf(kind, key);
  const hint = close.length > 0
    ? `close valid names: ${close.join(", ")}`
    : `see the ${typeName} type for the ${advancedSettingKeysOf(kind).length} valid keys`;
  return `unknown advanced setting "${key}"; ${hint}`;
}

/** The settings keys whose desired value differs from the stored one (or is not known yet), removed keys included. */
export function changedSettingKeysOf(kind: AdvancedSettingsOwner, olds: Settings, news: Settings): string[] {
  const keys = new Set([...Object.keys(olds), ...Object.keys(news)]);
  return [...keys].filter((key) => {
    if (!(key in news) || !(key in olds)) return true;
    if (containsUnknown(news[key])) return true;
    return !sameSetting(kind, key, olds[key], news[key]);
  });
}

function sameSetting(kind: AdvancedSettingsOwner, key: string, a: unknown, b: unknown): boolean {
  if (!isAdvancedSettingKeyOf(kind, key)) return JSON.stringify(a) === JSON.stringify(b);
  return canonicalText(normalizeAdvancedSettingOf(kind, key, a)) === canonicalText(normalizeAdvancedSettingOf(kind, key, b));
}

/** JSON text with object keys sorted (a label map compares regardless of key order). */
function canonicalText(v: unknown): string {
  return JSON.stringify(v, (_k, inner: unknown) =>
    isPlainObject(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  );
}

/** Every key the service reported, typed where the key is known. */
export function effectiveOf(kind: AdvancedSettingsOwner, reported: Settings): Settings {
  const out: Settings = {};
  for (const [key, value] of Object.entries(reported)) {
    if (value === undefined) continue;
    out[key] = normalizeAdvancedSettingOf(kind, key, value);
  }
  return out;
}

/**
 * What the state keeps of the effective settings (under `effectiveSettings`): the keys whose value is not the
 * catalogue's default of the kind, and the keys the catalogue does not know. The catalogue's defaults are facts of
 * the package, not of the object, so a resource's state does not repeat them (about 2 KB an application's settings);
 * {@link expandedSettingsOf} puts them back for the program.
 */
export function compactSettingsOf(kind: AdvancedSettingsOwner, effective: Settings): Settings {
  const out: Settings = {};
  for (const [key, value] of Object.entries(effective)) {
    const known = isAdvancedSettingKeyOf(kind, key);
    if (known && canonicalText(value) === canonicalText(normalizeAdvancedSettingOf(kind, key, advancedSettingDefaultOf(kind, key)))) continue;
    out[key] = value;
  }
  return out;
}

/**
 * The effective settings from what the state keeps ({@link compactSettingsOf}): the catalogue's defaults of the kind,
 * then the stored keys over them. A state written before the compact form holds every key, which this leaves as it is.
 */
export function expandedSettingsOf(kind: AdvancedSettingsOwner, stored: Settings): Settings {
  const out: Settings = {};
  for (const key of advancedSettingKeysOf(kind)) out[key] = structuredClone(normalizeAdvancedSettingOf(kind, key, advancedSettingDefaultOf(kind, key)));
  return Object.assign(out, stored);
}

/** The outputs with `effectiveSettings` whole ({@link expandedSettingsOf}): for a client that reads the state itself. */
export function withExpandedEffectiveSettings(kind: AdvancedSettingsOwner, outs: Settings): Settings {
  const stored = outs["effectiveSettings"];
  return isPlainObject(stored) ? { ...outs, effectiveSettings: expandedSettingsOf(kind, stored) } : outs;
}

/** True when stored effective settings hold every key of the catalogue: the full form states had before the compact one. */
export function isFullSettingsForm(kind: AdvancedSettingsOwner, stored: unknown): boolean {
  if (!isPlainObject(stored)) return false;
  return advancedSettingKeysOf(kind).every((key) => key in stored);
}

/**
 * The managed keys as the service holds them. Where the service's value means what `known` says (the program's or
 * the state's value, e.g. `"Required"` for `"Requirred"`), `known`'s spelling is kept so outputs stay as written.
 */
export function managedValues(kind: AdvancedSettingsOwner, known: Settings, reported: Settings): Settings {
  const out: Settings = {};
  for (const key of Object.keys(known)) {
    if (!(key in reported) || reported[key] === undefined) continue;
    out[key] = sameSetting(kind, key, known[key], reported[key]) ? known[key] : effectiveOf(kind, { [key]: reported[key] })[key];
  }
  return out;
}

/** One problem of a settings object: the key, the item of a list or map value (`index`) and why. */
export interface SettingsProblem {
  key: string;
  index?: number | string;
  reason: string;
}

/**
 * The problems of a settings object of `kind` for a preview, with zero API calls: unknown keys (with close valid
 * names, or the kind that has the key) and values of the wrong type or out of range. Values not known yet pass.
 *
 * @param typeName the settings type users read, named when no close key is found.
 */
export function settingsProblems(kind: AdvancedSettingsOwner, typeName: string, settings: Settings): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  for (const [key, value] of Object.entries(settings)) {
    if (!isAdvancedSettingKeyOf(kind, key)) {
      problems.push({ key, reason: unknownKeyReason(kind, typeName, key, value) });
      continue;
    }
    const problem = validateSetting(kind, key, value);
    if (problem) problems.push({ key, ...(problem.index === undefined ? {} : { index: problem.index }), reason: problem.reason });
  }
  return problems;
}

/** Whether two settings objects of `kind` manage the same keys with the same values (both sides normalised). */
export function sameSettingsOf(kind: AdvancedSettingsOwner, a: unknown, b: unknown): boolean {
  return changedSettingKeysOf(kind, settingsOf(a), settingsOf(b)).length === 0;
}

/** The body that takes the service from `olds` to `news`: the changed keys' new values, removed keys' defaults. */
export function settingsChange(kind: AdvancedSettingsOwner, olds: Settings, news: Settings): Settings {
  const body: Settings = {};
  for (const key of changedSettingKeysOf(kind, olds, news)) {
    if (key in news) body[key] = news[key];
    else if (isAdvancedSettingKeyOf(kind, key)) body[key] = advancedSettingDefaultOf(kind, key);
  }
  return body;
}

/**
 * PUTs `body` (nothing when empty) and returns every setting as the service reports it afterwards (the PUT's
 * answer when it holds every key, else a read).
 *
 * @param action words for a failure: `setting advanced settings of application 3f1c...`.
 */
export async function applySettings(
  group: AdvancedSettingsCalls, kind: AdvancedSettingsOwner, serviceId: string, body: Settings, action: string,
): Promise<Settings> {
  try {
    if (Object.keys(body).length > 0) {
      // The sdk's request schema sends aliases (`"Required"`) in the service's spelling.
      const answer = settingsOf(await group.updateAdvancedSettings(serviceId, body as never));
      if (advancedSettingKeysOf(kind).every((key) => key in answer)) return answer;
    }
    return settingsOf(await group.getAdvancedSettings(serviceId));
  } catch (e) {
    throw describeFailure(e, action);
  }
}

/** True for an error of the service (it has an HTTP status), false for one the client made itself. */
export function hasStatus(e: unknown): boolean {
  return typeof (e as { status?: unknown } | null)?.status === "number";
}

/** The parent's id input, when the definition has one: a well-formed id. */
function checkParentId(parentKey: string | undefined, news: Settings): pulumi.dynamic.CheckFailure[] {
  if (parentKey === undefined || isUnknown(news[parentKey])) return [];
  const value = news[parentKey];
  const reason = typeof value === "string" && value.trim() !== "" ? invalidIdReason(value) : "expected an id (a non-empty string)";
  return reason === undefined ? [] : [{ property: parentKey, reason: `${reason}, got ${describeValue(value)}` }];
}

/**
 * The check of a kind's advanced-settings resource: no input but the id and `settings`, a well-formed service id,
 * and every setting known to the kind's catalogue and of its type and bounds (a failure names `settings["<key>"]`).
 */
export function checkAdvancedSettings(def: AdvancedSettingsDefinition, news: Settings): pulumi.dynamic.CheckResult {
  const kind = def.serviceKind;
  const idKey = def.idKey;
  const inputKeys = [idKey, ...(def.parentKey ? [def.parentKey] : []), "settings"];

  const checkInputKeys = (news: Settings): pulumi.dynamic.CheckFailure[] => {
    const unknown = Object.keys(news).filter((k) => !k.startsWith("__") && news[k] !== undefined && !inputKeys.includes(k));
    return unknown.map((key) => {
      const suggestion = closestName(key, inputKeys);
      const hint = suggestion !== undefined ? `did you mean "${suggestion}"?` : `not an input of this resource (expected one of: ${inputKeys.join(", ")})`;
      return { property: key, reason: `unknown property "${key}": ${hint}` };
    });
  };

  const checkServiceId = (serviceId: unknown): pulumi.dynamic.CheckFailure[] => {
    if (isUnknown(serviceId)) return [];
    if (typeof serviceId !== "string" || serviceId.trim() === "") {
      return [{ property: idKey, reason: `expected the id of ${withArticle(kind)} (a non-empty string), got ${describeValue(serviceId)}` }];
    }
    const reason = invalidIdReason(serviceId);
    return reason === undefined ? [] : [{ property: idKey, reason: `${reason}, got ${describeValue(serviceId)}` }];
  };

  const checkSettings = (settings: unknown): pulumi.dynamic.CheckFailure[] => {
    if (isUnknown(settings)) return [];
    if (settings === undefined || settings === null) {
      return [{ property: "settings", reason: 'is required (expected an object such as {"network.ingress.proxy_body_size_mb": 100}; {} manages nothing)' }];
    }
    if (!isPlainObject(settings)) {
      return [{ property: "settings", reason: `expected an object keyed by advanced setting names, got ${describeValue(settings)}` }];
    }
    return settingsProblems(kind, def.typeName, settings).map((p) => ({ property: settingPath(p.key, p.index), reason: p.reason }));
  };

  const serviceId = news[idKey];
  const parent = def.parentKey ? { [def.parentKey]: news[def.parentKey] } : {};
  const failures = [...checkInputKeys(news), ...checkServiceId(serviceId), ...checkParentId(def.parentKey, news), ...checkSettings(news["settings"])];
  const inputs = { [idKey]: serviceId, ...parent, settings: news["settings"] };
  return failures.length > 0 ? { inputs, failures } : { inputs };
}

