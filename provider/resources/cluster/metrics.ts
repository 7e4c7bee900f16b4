/**
 * A cluster's `metricsParameters` input (wire `metrics_parameters`, the reference's `MetricsParameters`): its Args
 * with the TSDoc users read and its strict schema, whose members the framework maps to their snake-case wire names.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { METRICS_CONFIGURATION_KINDS, OBSERVABILITY_RESOURCE_PROFILES } from "../../../sdk";

/** A switch the service takes as `{ enabled }`. */
export interface ClusterEnabledArgs {
  /** On or off. Wire: `enabled`. */
  enabled: pulumi.Input<boolean>;
}

/** The alerting of a cluster's metrics (the reference's `AlertingConfig`). */
export interface ClusterAlertingArgs {
  /** Whether alerts are sent. Wire: `enabled`. */
  enabled: pulumi.Input<boolean>;
  /** Labels put on every alert rule (`{ team: "ops" }`). Default: none. Wire: `default_rule_labels`. */
  defaultRuleLabels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Name of the Kubernetes secret holding the alert manager's configuration. Wire: `spec_config_secret`. */
  specConfigSecret?: pulumi.Input<string>;
  /** External URL of the alert manager. Wire: `spec_external_url`. */
  specExternalUrl?: pulumi.Input<string>;
  /** Name of the alert manager's configuration. Wire: `config_name`. */
  configName?: pulumi.Input<string>;
}

/** How the service runs a cluster's metrics (the reference's `MetricsConfigurationManagedByQovery`). */
export interface ClusterMetricsConfigurationArgs {
  /** Who runs the metrics: `MANAGED_BY_QOVERY`, the only kind. Default: `MANAGED_BY_QOVERY`. Wire: `kind`. */
  kind?: pulumi.Input<(typeof METRICS_CONFIGURATION_KINDS)[number]>;
  /** How much the metrics stack may use: `LOW`, `NORMAL` or `HIGH`. Default: the service's. Wire: `resource_profile`. */
  resourceProfile?: pulumi.Input<(typeof OBSERVABILITY_RESOURCE_PROFILES)[number]>;
  /** Export of the metrics to CloudWatch. Default: the service's. Wire: `cloud_watch_export_config`. */
  cloudWatchExportConfig?: pulumi.Input<ClusterEnabledArgs>;
  /** Whether the metrics stack runs highly available. Default: the service's. Wire: `high_availability`. */
  highAvailability?: pulumi.Input<boolean>;
  /** Monitoring of the cluster's internal network. Default: the service's. Wire: `internal_network_monitoring`. */
  internalNetworkMonitoring?: pulumi.Input<ClusterEnabledArgs>;
  /** Alerting on the metrics. Default: the service's. Wire: `alerting`. */
  alerting?: pulumi.Input<ClusterAlertingArgs>;
}

/** A cluster's metrics and alerting (the reference's `MetricsParameters`). */
export interface ClusterMetricsParametersArgs {
  /** Whether the service collects the cluster's metrics. Wire: `enabled`. */
  enabled?: pulumi.Input<boolean>;
  /** How it runs them. Wire: `configuration`. */
  configuration?: pulumi.Input<ClusterMetricsConfigurationArgs>;
}

const text = z.string().min(1);
const enabledOnly = z.strictObject({ enabled: z.boolean() });

/** The `metricsParameters` input: unknown keys refused at every depth, the path named. */
export const metricsParametersSchema = z.strictObject({
  enabled: z.boolean().optional(),
  configuration: z.strictObject({
    kind: z.enum(METRICS_CONFIGURATION_KINDS).default("MANAGED_BY_QOVERY"),
    resourceProfile: z.enum(OBSERVABILITY_RESOURCE_PROFILES).optional(),
    cloudWatchExportConfig: enabledOnly.optional(),
    highAvailability: z.boolean().optional(),
    internalNetworkMonitoring: enabledOnly.optional(),
    alerting: z.strictObject({
      enabled: z.boolean(),
      defaultRuleLabels: z.record(z.string(), z.string()).optional(),
      specConfigSecret: text.optional(),
      specExternalUrl: text.optional(),
      configName: text.optional(),
    }).optional(),
  }).optional(),
});
