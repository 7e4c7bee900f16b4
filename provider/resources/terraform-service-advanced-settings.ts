import type * as pulumi from "@pulumi/pulumi";
import type { TERRAFORM_ADVANCED_SETTINGS } from "../../sdk";
import { advancedSettingsClass, type AdvancedSettingsArgs, type AdvancedSettingsInputsOf } from "../service-kinds/advanced-settings";

/**
 * The advanced settings of a Terraform service as the service spells them ({@link TERRAFORM_ADVANCED_SETTINGS}: the
 * limits of the build of its runner, its stop grace, node affinity and pod security). Every key is optional. Each value
 * may also be a Pulumi input.
 */
export type TerraformServiceAdvancedSettingsInput = AdvancedSettingsInputsOf<typeof TERRAFORM_ADVANCED_SETTINGS>;

/** The arguments of {@link TerraformServiceAdvancedSettings}. */
export interface TerraformServiceAdvancedSettingsArgs extends AdvancedSettingsArgs<typeof TERRAFORM_ADVANCED_SETTINGS> {
  /** Id of the Terraform service (wire: the `{terraformId}` of `/terraform/{terraformId}/advancedSettings`); a change replaces. */
  terraformServiceId: pulumi.Input<string>;
}

/**
 * The advanced settings of one Terraform service, as `JobAdvancedSettings` does for jobs: only the keys written are
 * managed, checked at preview, read back on refresh and put back to the service's defaults on destroy. A change
 * takes effect at the next deployment; the service's own `advancedSettings` input redeploys instead.
 *
 * @example
 * ```ts
 * new TerraformServiceAdvancedSettings("infra-settings", { terraformServiceId: infra.id, settings: { "build.timeout_max_sec": 3600 } });
 * ```
 *
 * @class
 */
export const TerraformServiceAdvancedSettings = advancedSettingsClass<typeof TERRAFORM_ADVANCED_SETTINGS, TerraformServiceAdvancedSettingsArgs>("terraform");
/** A {@link TerraformServiceAdvancedSettings} resource: its outputs are its id inputs, `settings` and `effectiveSettings`. */
export type TerraformServiceAdvancedSettings = InstanceType<typeof TerraformServiceAdvancedSettings>;
