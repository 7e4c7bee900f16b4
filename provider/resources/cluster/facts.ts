/** What the provider knows of clusters beyond the sdk's facts: the bounds of a node's disk size, the waits. */
import type { CloudProvider } from "../../../sdk";

/**
 * Bounds of a node's disk size in GB on each cloud (the service's reference states none; these are the clouds' own
 * limits for a node's boot disk as the service offers them), checked before any call.
 */
export const DISK_SIZE_GB: Readonly<Record<CloudProvider, { min: number; max: number }>> = {
  AWS: { min: 20, max: 1000 }, GCP: { min: 10, max: 1000 }, SCW: { min: 20, max: 500 }, AZURE: { min: 30, max: 1024 }, ON_PREMISE: { min: 1, max: 65_536 },
};

/** Default wait for a cluster's deployment, upgrade, stop or delete, in seconds: clouds take tens of minutes. */
export const DEFAULT_CLUSTER_TIMEOUT_SECONDS = 3600;
/** Longest wait a program may ask for, in seconds. */
export const MAX_CLUSTER_TIMEOUT_SECONDS = 86_400;
