import type * as pulumi from "@pulumi/pulumi";
import { CONTAINER_ADVANCED_SETTINGS, type AdvancedSettingsInputOf, type AdvancedSettingsOf } from "../../sdk";
import {
  AdvancedSettingsResource, advancedSettingsProvider, advancedSettingsResourceArgs, type AdvancedSettingsArgs, advancedSettingsDefinition,
  type AdvancedSettingsInputsOf,
} from "../service-kinds/advanced-settings";

/**
 * The advanced settings of a container, keyed exactly as the service spells them; each key's type, bounds and
 * docs come from the sdk's catalogue ({@link CONTAINER_ADVANCED_SETTINGS}: the common and long-running keys and
 * `network.ingress.proxy_request_buffering`; no build or lifecycle-command keys). Every key is optional.
 */
export type ContainerAdvancedSettingsValues = AdvancedSettingsInputOf<typeof CONTAINER_ADVANCED_SETTINGS>;

/** {@link ContainerAdvancedSettingsValues} where each value may also be a Pulumi input. */
export type ContainerAdvancedSettingsInput = AdvancedSettingsInputsOf<typeof CONTAINER_ADVANCED_SETTINGS>;

/** Every advanced setting of a container as the service reports it, typed (the service's spellings). */
export type EffectiveContainerAdvancedSettings = AdvancedSettingsOf<typeof CONTAINER_ADVANCED_SETTINGS>;

/** The arguments of {@link ContainerAdvancedSettings}. */
export interface ContainerAdvancedSettingsArgs extends AdvancedSettingsArgs<typeof CONTAINER_ADVANCED_SETTINGS> {
  /**
   * Id of the container whose settings are managed (a valid id: no `/`, `..`, `%` or whitespace); wire: the
   * `{containerId}` of `/container/{containerId}/advancedSettings`. Changing it moves the settings to another
   * container (replacement).
   */
  containerId: pulumi.Input<string>;
}

/** The resource: its line of the advanced-settings table (`service-kinds/advanced-settings.ts`). */
const definition = advancedSettingsDefinition("container");

/** The dynamic provider of {@link ContainerAdvancedSettings}. */
export const containerAdvancedSettingsProvider: pulumi.dynamic.ResourceProvider = advancedSettingsProvider(definition);

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
 */
export class ContainerAdvancedSettings extends AdvancedSettingsResource<typeof CONTAINER_ADVANCED_SETTINGS> {
  /** Id of the container whose settings are managed (also the id of this resource). */
  declare readonly containerId: pulumi.Output<string>;

  /**
   * @param name The unique name of the resource in the program.
   * @param args The container and the settings to manage.
   * @param opts Options of the resource.
   */
  constructor(name: string, args: ContainerAdvancedSettingsArgs, opts?: pulumi.CustomResourceOptions) {
    super(...advancedSettingsResourceArgs(definition, name, args, opts));
  }
}
