import type * as pulumi from "@pulumi/pulumi";
import type { JOB_ADVANCED_SETTINGS } from "../../sdk";
import { advancedSettingsClass, type AdvancedSettingsArgs, type AdvancedSettingsInputsOf } from "../service-kinds/advanced-settings";

/**
 * The advanced settings of a job, keyed exactly as the service spells them; each key's type, bounds and docs come from
 * the sdk's catalogue ({@link JOB_ADVANCED_SETTINGS}: the common keys, the build keys and the job keys such as
 * `job.delete_ttl_seconds_after_finished` and `cronjob.concurrency_policy`). Every key is optional. Each value may also
 * be a Pulumi input.
 */
export type JobAdvancedSettingsInput = AdvancedSettingsInputsOf<typeof JOB_ADVANCED_SETTINGS>;

/** The arguments of {@link JobAdvancedSettings}. */
export interface JobAdvancedSettingsArgs extends AdvancedSettingsArgs<typeof JOB_ADVANCED_SETTINGS> {
  /**
   * Id of the job whose settings are managed (a valid id: no `/`, `..`, `%` or whitespace); wire: the
   * `{jobId}` of `/job/{jobId}/advancedSettings`. Changing it moves the settings to another job
   * (replacement).
   */
  jobId: pulumi.Input<string>;
}

/**
 * The advanced settings of one job (build limits, run history and concurrency of a cron job, pod placement), as
 * `ApplicationAdvancedSettings` does for applications: only the keys written in `settings` are managed, checked at
 * preview with no API call, compared after normalisation, read back on refresh, and put back to the service's
 * defaults on destroy (skipped with `{ deletedWith: job }` when the job is deleted in the same operation). A
 * key only applications or containers have (an ingress key, say) is refused at preview.
 *
 * Changing these settings does not redeploy the job: the new values take effect at its next deployment. To
 * redeploy on a change, set them with the job's own `advancedSettings` input instead (with `deploy: true`), or
 * put them in the `triggers` of an `EnvironmentDeployment`.
 *
 * @example
 * ```ts
 * new JobAdvancedSettings("nightly-settings", {
 *   jobId: nightly.id,
 *   settings: { "cronjob.concurrency_policy": "Forbid", "build.timeout_max_sec": 1800 },
 * });
 * ```
 *
 * @class
 */
export const JobAdvancedSettings = advancedSettingsClass<typeof JOB_ADVANCED_SETTINGS, JobAdvancedSettingsArgs>("job");
/** A {@link JobAdvancedSettings} resource: its outputs are its id inputs, `settings` and `effectiveSettings`. */
export type JobAdvancedSettings = InstanceType<typeof JobAdvancedSettings>;
