import type { Cluster } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import { clusterSchema, type ClusterArgs, type ClusterComputed } from "../resources/cluster/args";
import { booleanOf, textOf, type PlainArgs } from "./core";
import { lookups, parentLookup, type NameUnderParentArgs } from "./family";

/** Arguments of {@link getClusterOutput}: the organization owning the cluster, and the cluster's name or id. */
export type GetClusterOutputArgs = NameUnderParentArgs<"organizationId">;
/** Arguments of {@link getCluster}: those of {@link GetClusterOutputArgs} with plain values. */
export type GetClusterArgs = PlainArgs<GetClusterOutputArgs>;

/**
 * A cluster found by {@link getCluster} or {@link getClusterOutput}, in the spelling of `ClusterArgs` (its id is an
 * environment's `clusterId`): its name and organization, its region, cloud and production flag when the service
 * says them, and its Kubernetes `version` and `isDefault` from `ClusterComputed`.
 */
export interface ClusterResult extends LookupResult<
  Pick<ClusterArgs, "name" | "organizationId" | "region" | "cloudProvider" | "production">, "name" | "organizationId", never,
  Pick<ClusterComputed, "version" | "isDefault">
> {}

const clusters = parentLookup<typeof clusterSchema, Cluster, ClusterResult>("Cluster", {
  schema: clusterSchema, fields: ["name", "region", "cloudProvider", "production"], idNeedsParent: true,
  // The service has no read of one cluster: the client's get finds it in its organization's list.
  get: (client, id, organizationId) => client.clusters.get(organizationId!, id),
  computed: (c) => ({ version: textOf(c.version), isDefault: booleanOf(c.is_default) }),
});

export const { findCluster,
  /**
   * Looks up a cluster of an organization by name (compared exactly) or id, with plain values, in a Promise (in 0.1
   * it returned an Output, as {@link getClusterOutput} does).
   *
   * @example
   * const cluster = getClusterOutput({ organizationId: org.id, name: "eu-west" });
   * new Environment("staging", { projectId: project.id, name: "staging", clusterId: cluster.id });
   */
  getCluster,
  /** {@link getCluster} taking Inputs and answering an Output. */
  getClusterOutput } = lookups<"Cluster", GetClusterOutputArgs, ClusterResult>("Cluster", clusters);
