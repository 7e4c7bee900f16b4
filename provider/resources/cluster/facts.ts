/** What the provider knows of clusters beyond one field: the clouds, their paths, the bounds of a node's disk. */

/** Clouds a cluster can run on with credentials of that cloud (the service's `cloud_provider`). */
export const CLUSTER_CLOUDS = ["AWS", "GCP", "SCW", "AZURE", "ON_PREMISE"] as const;
/** A cloud a cluster runs on. */
export type ClusterCloud = (typeof CLUSTER_CLOUDS)[number];

/** How the service runs a cluster's Kubernetes (its `kubernetes`). */
export const CLUSTER_KUBERNETES_MODES = ["MANAGED", "SELF_MANAGED", "PARTIALLY_MANAGED"] as const;

/** Bounds of a node's disk: size in GB, IOPS and throughput in MB/s (the last two from the service's reference). */
export const CLUSTER_DISK_GB = {
  size: { min: 20, max: 16_384 },
  defaultSize: 50,
  iops: { min: 3000, max: 16_000 },
  throughput: { min: 125, max: 1000 },
} as const;

/** Default wait for a cluster's deployment, upgrade or delete, in seconds: clouds take tens of minutes. */
export const DEFAULT_CLUSTER_TIMEOUT_SECONDS = 3600;
/** Longest wait a program may ask for, in seconds. */
export const MAX_CLUSTER_TIMEOUT_SECONDS = 86_400;

/** The cloud's name in words, for messages. */
export const CLOUD_NOUNS: Record<ClusterCloud, string> = { AWS: "AWS", GCP: "GCP", SCW: "Scaleway", AZURE: "Azure", ON_PREMISE: "on-premise" };
