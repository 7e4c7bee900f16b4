/**
 * `ClusterAdvancedSettings`: a cluster's advanced settings as the service kinds' advanced-settings resources have
 * theirs (`service-kinds/advanced-settings.ts`), over the cluster's calls, which need the organization besides the
 * cluster; a key removed (or the resource destroyed) goes back to the service's own default
 * (`GET /defaultClusterAdvancedSettings`).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { CLUSTER_ADVANCED_SETTINGS, DeployServiceClient } from "../../../sdk";
import {
  advancedSettingsClass, advancedSettingsProviderOf, type AdvancedSettingsArgs, type AdvancedSettingsCalls, type AdvancedSettingsDefinition,
  type AdvancedSettingsInputsOf,
} from "../../service-kinds/advanced-settings";

/**
 * The advanced settings of a cluster, keyed exactly as the service spells them; each key's type, bounds and docs
 * come from the sdk's catalogue ({@link CLUSTER_ADVANCED_SETTINGS}). Every key is optional; each value may also be a
 * Pulumi input.
 */
export type ClusterAdvancedSettingsInput = AdvancedSettingsInputsOf<typeof CLUSTER_ADVANCED_SETTINGS>;

/** The arguments of {@link ClusterAdvancedSettings}. */
export interface ClusterAdvancedSettingsArgs extends AdvancedSettingsArgs<typeof CLUSTER_ADVANCED_SETTINGS> {
  /** Id of the organization the cluster is in; wire: the `{organizationId}` of the settings' path. Changing it is a replacement. */
  organizationId: pulumi.Input<string>;
  /**
   * Id of the cluster whose settings are managed; wire: the `{clusterId}` of
   * `/organization/{organizationId}/cluster/{clusterId}/advancedSettings`. Changing it moves the settings to another
   * cluster (replacement).
   */
  clusterId: pulumi.Input<string>;
}

function clusterSettingsCalls(client: DeployServiceClient, props: Record<string, unknown> = {}): AdvancedSettingsCalls {
  const organizationId = String(props["organizationId"] ?? "");
  return {
    getAdvancedSettings: (clusterId) => client.clusters.advancedSettings(organizationId, clusterId),
    updateAdvancedSettings: (clusterId, settings) => client.clusters.updateAdvancedSettings(organizationId, clusterId, settings),
  };
}

/** The resource's definition: the cluster's catalogue, its two ids, the cluster's calls and the service's defaults. */
const definition: AdvancedSettingsDefinition = {
  kind: "ClusterAdvancedSettings", serviceKind: "cluster", idKey: "clusterId", parentKey: "organizationId",
  typeName: "ClusterAdvancedSettingsInput", group: clusterSettingsCalls, defaults: (client) => client.clusters.defaultAdvancedSettings(),
};

/** The dynamic provider of {@link ClusterAdvancedSettings}. */
export const clusterAdvancedSettingsProvider: pulumi.dynamic.ResourceProvider = advancedSettingsProviderOf(definition);

/**
 * The advanced settings of one cluster (log retention, Loki's sizing, the ingress controller's resources and
 * autoscaling, the gateway's timeouts and retries, database access CIDRs, AWS VPC, EKS and EFS options): only the
 * keys written in `settings` are managed, checked at preview with no API call (an unknown key is named with close
 * valid ones, a value of the wrong type or out of range is refused), compared after normalisation, read back on
 * refresh, and put back to the service's defaults when removed or on destroy. A change takes effect at the
 * cluster's next deployment. The resource's id is the cluster's id.
 *
 * @example
 * ```ts
 * new ClusterAdvancedSettings("prod-settings", {
 *   organizationId: org.id, clusterId: cluster.id,
 *   settings: { "loki.log_retention_in_week": 4, "aws.eks.ec2.metadata_imds": "required" },
 * });
 * ```
 *
 * @class
 */
export const ClusterAdvancedSettings = advancedSettingsClass<typeof CLUSTER_ADVANCED_SETTINGS, ClusterAdvancedSettingsArgs>(definition);
/** A {@link ClusterAdvancedSettings} resource: its outputs are `organizationId`, `clusterId`, `settings` and `effectiveSettings`. */
export type ClusterAdvancedSettings = InstanceType<typeof ClusterAdvancedSettings>;
