/**
 * `ClusterAdvancedSettings`: a cluster's advanced settings as the service kinds' advanced-settings resources have
 * theirs (`service-kinds/advanced-settings.ts`), over the cluster's calls, which need the organization besides the
 * cluster; a key removed (or the resource destroyed) goes back to the service's own default
 * (`GET /defaultClusterAdvancedSettings`).
 */
import type * as pulumi from "@pulumi/pulumi";
import { CLUSTER_ADVANCED_SETTINGS, type AdvancedSettingsInputOf, type AdvancedSettingsOf, type DeployServiceClient } from "../../../sdk";
import {
  AdvancedSettingsResource, advancedSettingsProvider, advancedSettingsResourceArgs, type AdvancedSettingsArgs, type AdvancedSettingsCalls,
  type AdvancedSettingsDefinition, type AdvancedSettingsInputsOf,
} from "../../service-kinds/advanced-settings";

/**
 * The advanced settings of a cluster, keyed exactly as the service spells them; each key's type, bounds and docs
 * come from the sdk's catalogue ({@link CLUSTER_ADVANCED_SETTINGS}). Every key is optional.
 */
export type ClusterAdvancedSettingsValues = AdvancedSettingsInputOf<typeof CLUSTER_ADVANCED_SETTINGS>;

/** {@link ClusterAdvancedSettingsValues} where each value may also be a Pulumi input. */
export type ClusterAdvancedSettingsInput = AdvancedSettingsInputsOf<typeof CLUSTER_ADVANCED_SETTINGS>;

/** Every advanced setting of a cluster as the service reports it, typed (the service's spellings). */
export type EffectiveClusterAdvancedSettings = AdvancedSettingsOf<typeof CLUSTER_ADVANCED_SETTINGS>;

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
export const clusterAdvancedSettingsProvider: pulumi.dynamic.ResourceProvider = advancedSettingsProvider(definition);

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
 */
export class ClusterAdvancedSettings extends AdvancedSettingsResource<typeof CLUSTER_ADVANCED_SETTINGS> {
  /** Id of the organization the cluster is in. */
  declare readonly organizationId: pulumi.Output<string>;
  /** Id of the cluster whose settings are managed (also the id of this resource). */
  declare readonly clusterId: pulumi.Output<string>;

  /**
   * @param name The unique name of the resource in the program.
   * @param args The cluster and the settings to manage.
   * @param opts Options of the resource.
   */
  constructor(name: string, args: ClusterAdvancedSettingsArgs, opts?: pulumi.CustomResourceOptions) {
    super(...advancedSettingsResourceArgs(definition, name, args, opts));
  }
}
