import type * as pulumi from "@pulumi/pulumi";
import { TERRAFORM_ADVANCED_SETTINGS, type AdvancedSettingsInputOf, type AdvancedSettingsOf } from "../../sdk";
import {
  AdvancedSettingsResource, advancedSettingsProvider, advancedSettingsResourceArgs, type AdvancedSettingsArgs, advancedSettingsDefinition,
  type AdvancedSettingsInputsOf,
} from "../service-kinds/advanced-settings";

/**
 * The advanced settings of a Terraform service as the service spells them ({@link TERRAFORM_ADVANCED_SETTINGS}: the
 * limits of the build of its runner, its stop grace, node affinity and pod security). Every key is optional.
 */
export type TerraformServiceAdvancedSettingsValues = AdvancedSettingsInputOf<typeof TERRAFORM_ADVANCED_SETTINGS>;

/** {@link TerraformServiceAdvancedSettingsValues} where each value may also be a Pulumi input. */
export type TerraformServiceAdvancedSettingsInput = AdvancedSettingsInputsOf<typeof TERRAFORM_ADVANCED_SETTINGS>;

/** Every advanced setting of a Terraform service as the service reports it, typed. */
export type EffectiveTerraformServiceAdvancedSettings = AdvancedSettingsOf<typeof TERRAFORM_ADVANCED_SETTINGS>;

/** The arguments of {@link TerraformServiceAdvancedSettings}. */
export interface TerraformServiceAdvancedSettingsArgs extends AdvancedSettingsArgs<typeof TERRAFORM_ADVANCED_SETTINGS> {
  /** Id of the Terraform service (wire: the `{terraformId}` of `/terraform/{terraformId}/advancedSettings`); a change replaces. */
  terraformServiceId: pulumi.Input<string>;
}

/** The resource: its line of the advanced-settings table (`service-kinds/advanced-settings.ts`). */
const definition = advancedSettingsDefinition("terraform");

/** The dynamic provider of {@link TerraformServiceAdvancedSettings}. */
export const terraformServiceAdvancedSettingsProvider: pulumi.dynamic.ResourceProvider = advancedSettingsProvider(definition);

/**
 * The advanced settings of one Terraform service, as `JobAdvancedSettings` does for jobs: only the keys written are
 * managed, checked at preview, read back on refresh and put back to the service's defaults on destroy. A change
 * takes effect at the next deployment; the service's own `advancedSettings` input redeploys instead.
 *
 * @example
 * ```ts
 * new TerraformServiceAdvancedSettings("infra-settings", { terraformServiceId: infra.id, settings: { "build.timeout_max_sec": 3600 } });
 * ```
 */
export class TerraformServiceAdvancedSettings extends AdvancedSettingsResource<typeof TERRAFORM_ADVANCED_SETTINGS> {
  /** Id of the Terraform service whose settings are managed (also the id of this resource). */
  declare readonly terraformServiceId: pulumi.Output<string>;

  /**
   * @param name The unique name of the resource in the program.
   * @param args The Terraform service and the settings to manage.
   * @param opts Options of the resource.
   */
  constructor(name: string, args: TerraformServiceAdvancedSettingsArgs, opts?: pulumi.CustomResourceOptions) {
    super(...advancedSettingsResourceArgs(definition, name, args, opts));
  }
}
