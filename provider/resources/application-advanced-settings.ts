import type * as pulumi from "@pulumi/pulumi";
import {
  APPLICATION_ADVANCED_SETTINGS,
  type AdvancedSettingKey,
  type AdvancedSettingsInputOf,
  type AdvancedSettingsOf,
} from "../../sdk";
import {
  advancedSettingsClass, advancedSettingsProviderOf, type AdvancedSettingsArgs, type AdvancedSettingsInputsOf,
} from "../service-kinds/advanced-settings";

export type { AdvancedSettingKey };
export { changedSettingKeys, closeKeys } from "../service-kinds/advanced-settings";

/**
 * The advanced settings of an application, keyed exactly as the service spells them; each key's type, bounds and
 * docs come from the sdk's catalogue ({@link APPLICATION_ADVANCED_SETTINGS}).
 *
 * Every key is optional: an {@link ApplicationAdvancedSettings} resource manages only the keys you set and
 * leaves the others at whatever the service has.
 */
export type AdvancedSettings = AdvancedSettingsInputOf<typeof APPLICATION_ADVANCED_SETTINGS>;

/** {@link AdvancedSettings} where each value may also be a Pulumi input (an output of another resource). */
export type AdvancedSettingsInput = AdvancedSettingsInputsOf<typeof APPLICATION_ADVANCED_SETTINGS>;

/** Every advanced setting as the service reports it, typed (the service's spellings, e.g. `"Requirred"`). */
export type EffectiveAdvancedSettings = AdvancedSettingsOf<typeof APPLICATION_ADVANCED_SETTINGS>;

/** The arguments of {@link ApplicationAdvancedSettings}. */
export interface ApplicationAdvancedSettingsArgs extends AdvancedSettingsArgs<typeof APPLICATION_ADVANCED_SETTINGS> {
  /**
   * Id of the application whose settings are managed (a valid id: no `/`, `..`, `%` or whitespace). Changing it moves
   * the settings to another application (replacement).
   */
  applicationId: pulumi.Input<string>;
}

/**
 * The advanced settings of one application (ingress timeouts and sizes, CORS, gateway retries, build limits,
 * rolling-update strategy, autoscaling thresholds, pod security).
 *
 * Only the keys written in `settings` are managed: a preview compares just those (the service answers with every key,
 * and sometimes with `"true"` or `"60"` for `true` or `60`: both sides are normalised first, so a no-op shows no
 * change). Every key is type- and range-checked at preview with no API call. A refresh reads the managed keys back,
 * so a change made outside shows as drift and the next `up` restores it. Destroying the resource puts the managed keys
 * back to the service's defaults (one request); declare it with `{ deletedWith: application }` to skip that when the
 * application itself is deleted in the same operation. Manage each key of an application from one resource only.
 *
 * Changing these settings does not redeploy the application: the new values take effect at its next deployment. To
 * redeploy on a change, set them with the application's own `advancedSettings` input instead (with `deploy: true`), or
 * put them in the `triggers` of an `EnvironmentDeployment`.
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
 *
 * @class
 */
export const ApplicationAdvancedSettings = advancedSettingsClass<typeof APPLICATION_ADVANCED_SETTINGS, ApplicationAdvancedSettingsArgs>("application");
/** A {@link ApplicationAdvancedSettings} resource: its outputs are its id inputs, `settings` and `effectiveSettings`. */
export type ApplicationAdvancedSettings = InstanceType<typeof ApplicationAdvancedSettings>;

/** The dynamic provider of {@link ApplicationAdvancedSettings}; the engine reaches it through `runtime.providerFor`. */
export const applicationAdvancedSettingsProvider: pulumi.dynamic.ResourceProvider = advancedSettingsProviderOf("application");
