import type * as pulumi from "@pulumi/pulumi";
import type { HELM_ADVANCED_SETTINGS } from "../../sdk";
import { advancedSettingsClass, type AdvancedSettingsArgs, type AdvancedSettingsInputsOf } from "../service-kinds/advanced-settings";

/**
 * The advanced settings of a Helm chart, keyed exactly as the service spells them; each key's type, bounds and docs
 * come from the sdk's catalogue ({@link HELM_ADVANCED_SETTINGS}: the custom-domain check, the ingress keys such as
 * `network.ingress.proxy_body_size_mb` and the gateway keys). Every key is optional. Each value may also be a Pulumi
 * input.
 */
export type HelmAdvancedSettingsInput = AdvancedSettingsInputsOf<typeof HELM_ADVANCED_SETTINGS>;

/** The arguments of {@link HelmAdvancedSettings}. */
export interface HelmAdvancedSettingsArgs extends AdvancedSettingsArgs<typeof HELM_ADVANCED_SETTINGS> {
  /**
   * Id of the Helm chart whose settings are managed (a valid id: no `/`, `..`, `%` or whitespace); wire: the
   * `{helmId}` of `/helm/{helmId}/advancedSettings`. Changing it moves the settings to another chart
   * (replacement).
   */
  helmId: pulumi.Input<string>;
}

/**
 * The advanced settings of one Helm chart (the ingress of its exposed ports, the custom-domain check), as
 * `ApplicationAdvancedSettings` does for applications: only the keys written in `settings` are managed, checked at
 * preview with no API call, compared after normalisation, read back on refresh, and put back to the service's
 * defaults on destroy (skipped with `{ deletedWith: chart }` when the chart is deleted in the same operation). A
 * key only applications, containers or jobs have (a build key, say) is refused at preview.
 *
 * Changing these settings does not redeploy the chart: the new values take effect at its next deployment. To
 * redeploy on a change, set them with the chart's own `advancedSettings` input instead (with `deploy: true`), or
 * put them in the `triggers` of an `EnvironmentDeployment`.
 *
 * @example
 * ```ts
 * new HelmAdvancedSettings("ingress-settings", {
 *   helmId: ingress.id,
 *   settings: { "network.ingress.proxy_body_size_mb": 200, "network.ingress.enable_cors": true },
 * });
 * ```
 *
 * @class
 */
export const HelmAdvancedSettings = advancedSettingsClass<typeof HELM_ADVANCED_SETTINGS, HelmAdvancedSettingsArgs>("helm");
/** A {@link HelmAdvancedSettings} resource: its outputs are its id inputs, `settings` and `effectiveSettings`. */
export type HelmAdvancedSettings = InstanceType<typeof HelmAdvancedSettings>;
