import { NotFoundError, type Cluster } from "../../sdk";
import type { NaturalKey } from "../framework/natural-keys";
import { booleanOf, defined, idOf, textOf, type LookupFamily, type PlainArgs } from "./core";
import { lookups, type NameUnderParentArgs } from "./family";

/** Arguments of {@link getClusterOutput}: the organization owning the cluster, and the cluster's name or id. */
export type GetClusterOutputArgs = NameUnderParentArgs<"organizationId">;
/** Arguments of {@link getCluster}: those of {@link GetClusterOutputArgs} with plain values. */
export type GetClusterArgs = PlainArgs<GetClusterOutputArgs>;

/** A cluster found by {@link getCluster} or {@link getClusterOutput}. */
export interface ClusterResult {
  /** Cluster id (use it as an environment's `clusterId`). */
  id: string;
  /** Cluster name. */
  name: string;
  /** Cloud region, when the service says. */
  region?: string;
  /** Kubernetes version, when the service says. */
  version?: string;
  /** Organization owning the cluster. */
  organizationId?: string;
  /** Cloud provider, when the service says. */
  cloudProvider?: string;
  /** Whether it is the organization's default cluster, when the service says. */
  isDefault?: boolean;
  /** Whether it is meant for production, when the service says. */
  production?: boolean;
}

/** Clusters are no resource of this package: their key lives here, in the shape of the natural-key table. */
const clusterKey: NaturalKey = {
  noun: "cluster", parentKey: "organizationId", parentNoun: "organization", keyInput: "name", keyNoun: "name", ignoreCase: false,
  // The list is the only read of a cluster: it carries the whole record.
  list: async (client, inputs) => (await client.clusters.list(String(inputs["organizationId"]))).map((c) => ({ id: c.id, key: c.name, record: c })),
};

const clusters: LookupFamily<Cluster, ClusterResult> = {
  lookup: "getCluster", nouns: "clusters", key: clusterKey, idNeedsParent: true,
  // The service has no read of one cluster: it is found in its organization's list.
  get: async (client, id, organizationId) => {
    const found = (await client.clusters.list(organizationId!)).find((c) => c.id === id);
    if (found === undefined) throw new NotFoundError(`cluster ${id} is not in organization ${organizationId}`, { method: "GET", path: `/organization/${organizationId}/cluster`, status: 404 });
    return found;
  },
  parentOf: (r) => idOf(r.organization),
  result: (c, organizationId) => defined<ClusterResult>({
    id: c.id, name: c.name, region: textOf(c.region), version: textOf(c.version), organizationId,
    cloudProvider: textOf(c.cloud_provider), isDefault: booleanOf(c.is_default), production: booleanOf(c.production),
  }),
};

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
