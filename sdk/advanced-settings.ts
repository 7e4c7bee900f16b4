/**
 * Advanced settings of services: flat dotted keys (`network.ingress.proxy_body_size_mb`). The service answers with
 * every key, defaults included, and sometimes with `"true"` or `"60"` for `true` or `60`; requests carry only the
 * keys to set.
 *
 * One catalogue (`advanced-settings-catalogues.ts`), in parts by the service kinds a key applies to, holds each key's
 * zod schema, bounds, default and how its values compare. The client validates requests with it; the Pulumi provider derives its typed settings,
 * its checks, its comparisons and its resets from it.
 */
import { z } from "zod";
import { commaItems, type AdvancedSettingSpec, type AdvancedSettingsCatalogue } from "./advanced-setting-specs";
import { CLUSTER_ADVANCED_SETTINGS } from "./cluster-advanced-settings";
import { kindsWith, type KindsWith } from "./service-kinds";

import {
  APPLICATION_ADVANCED_SETTINGS, CONTAINER_ADVANCED_SETTINGS, HELM_ADVANCED_SETTINGS, JOB_ADVANCED_SETTINGS,
  TERRAFORM_ADVANCED_SETTINGS,
} from "./advanced-settings-catalogues";

export * from "./advanced-settings-catalogues";
export type {
  AdvancedSettingKind, AdvancedSettingSpec, AdvancedSettingsCatalogue, AdvancedSettingsInputOf, AdvancedSettingsOf,
} from "./advanced-setting-specs";

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

/** A request setting a Terraform service's advanced settings (see {@link AdvancedSettingsRequest}). */
export const TerraformAdvancedSettingsRequest = requestOf(TERRAFORM_ADVANCED_SETTINGS);
/** A Terraform service's advanced settings to set, typed per known key. */
export type TerraformAdvancedSettingsRequest = z.input<typeof TerraformAdvancedSettingsRequest>;
/** A request setting a Helm chart's advanced settings (see {@link AdvancedSettingsRequest}). */
export const HelmAdvancedSettingsRequest = requestOf(HELM_ADVANCED_SETTINGS);
/** A Helm chart's advanced settings to set, typed per known key. */
export type HelmAdvancedSettingsRequest = z.input<typeof HelmAdvancedSettingsRequest>;

/** A request setting a cluster's advanced settings (see {@link AdvancedSettingsRequest}). */
export const ClusterAdvancedSettingsRequest = requestOf(CLUSTER_ADVANCED_SETTINGS);
/** A cluster's advanced settings to set, typed per known key. */
export type ClusterAdvancedSettingsRequest = z.input<typeof ClusterAdvancedSettingsRequest>;

const CATALOGUES: Readonly<Record<AdvancedSettingsOwner, AdvancedSettingsCatalogue>> = {
  application: APPLICATION_ADVANCED_SETTINGS,
  container: CONTAINER_ADVANCED_SETTINGS,
  job: JOB_ADVANCED_SETTINGS,
  terraform: TERRAFORM_ADVANCED_SETTINGS,
  helm: HELM_ADVANCED_SETTINGS,
  cluster: CLUSTER_ADVANCED_SETTINGS,
};

const REQUESTS: Readonly<Record<AdvancedSettingsOwner, z.ZodType<Record<string, unknown>>>> = {
  application: AdvancedSettingsRequest,
  container: ContainerAdvancedSettingsRequest,
  job: JobAdvancedSettingsRequest,
  terraform: TerraformAdvancedSettingsRequest,
  helm: HelmAdvancedSettingsRequest,
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
