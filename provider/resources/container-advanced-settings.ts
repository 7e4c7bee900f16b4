import type * as pulumi from "@pulumi/pulumi";
import type { CONTAINER_ADVANCED_SETTINGS } from "../../sdk";
import { advancedSettingsClass, type AdvancedSettingsArgs, type AdvancedSettingsInputsOf } from "../service-kinds/advanced-settings";

/**
 * The advanced settings of a container, keyed exactly as the service spells them; each key's type, bounds and docs come
 * from the sdk's catalogue ({@link CONTAINER_ADVANCED_SETTINGS}: the common and long-running keys and
 * `network.ingress.proxy_request_buffering`; no build or lifecycle-command keys). Every key is optional. Each value may
 * also be a Pulumi input.
 */
export type ContainerAdvancedSettingsInput = AdvancedSettingsInputsOf<typeof CONTAINER_ADVANCED_SETTINGS>;

/** The arguments of {@link ContainerAdvancedSettings}. */
export interface ContainerAdvancedSettingsArgs extends AdvancedSettingsArgs<typeof CONTAINER_ADVANCED_SETTINGS> {
  /**
   * Id of the container whose settings are managed (a valid id: no `/`, `..`, `%` or whitespace); wire: the
   * `{containerId}` of `/container/{containerId}/advancedSettings`. Changing it moves the settings to another
   * container (replacement).
   */
  containerId: pulumi.Input<string>;
}

/**
 * The advanced settings of one container (ingress timeouts and sizes, CORS, gateway retries, rolling-update
 * strategy, autoscaling thresholds, pod placement), as `ApplicationAdvancedSettings` does for applications: only the
 * keys written in `settings` are managed, checked at preview with no API call, compared after normalisation, read
 * back on refresh, and put back to the service's defaults on destroy (skipped with `{ deletedWith: container }`
 * when the container is deleted in the same operation). A key only applications or jobs have (a build key, say) is
 * refused at preview.
 *
 * Changing these settings does not redeploy the container: the new values take effect at its next deployment. To
 * redeploy on a change, set them with the container's own `advancedSettings` input instead (with `deploy: true`), or
 * put them in the `triggers` of an `EnvironmentDeployment`.
 *
 * @example
 * ```ts
 * new ContainerAdvancedSettings("web-settings", {
 *   containerId: web.id,
 *   settings: { "network.ingress.proxy_body_size_mb": 200, "deployment.update_strategy.type": "Recreate" },
 * });
 * ```
 *
 * @class
 */
export const ContainerAdvancedSettings = advancedSettingsClass<typeof CONTAINER_ADVANCED_SETTINGS, ContainerAdvancedSettingsArgs>("container");
/** A {@link ContainerAdvancedSettings} resource: its outputs are its id inputs, `settings` and `effectiveSettings`. */
export type ContainerAdvancedSettings = InstanceType<typeof ContainerAdvancedSettings>;
