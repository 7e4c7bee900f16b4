/** What each cloud offers a cluster: its features and its instance types per region or zone, from the clouds' table. */
import { z } from "zod";
import { CLOUDS, type CloudInfo, type CloudProvider } from "./clouds";
import type { RequestCore } from "./core";
import { ClusterFeature } from "./clusters";
import { maybe } from "./schema";

/** An instance type a cloud offers for a cluster's nodes: `type` is what a cluster's `instance_type` takes. */
export const InstanceType = z.looseObject({
  type: z.string(),
  name: z.string(),
  cpu: z.number(),
  ram_in_gb: z.number(),
  bandwidth_in_gbps: maybe(z.string()),
  bandwidth_guarantee: maybe(z.string()),
  architecture: maybe(z.string()),
  gpu_info: maybe(z.looseObject({ count: maybe(z.number()), name: maybe(z.string()), manufacturer: maybe(z.string()), memory_in_mib: maybe(z.string()) })),
  attributes: maybe(z.looseObject({
    instance_category: maybe(z.string()), instance_generation: maybe(z.number()), instance_family: maybe(z.string()),
    instance_size: maybe(z.string()), meets_resource_reqs: maybe(z.boolean()),
  })),
});
/** An instance type a cloud offers for a cluster's nodes. */
export type InstanceType = z.infer<typeof InstanceType>;

function cloudInfo(cloud: CloudProvider): CloudInfo {
  const info = (CLOUDS as Record<string, CloudInfo | undefined>)[cloud];
  if (info === undefined) throw new RangeError(`cloud: expected one of ${Object.keys(CLOUDS).join(", ")}, got ${JSON.stringify(cloud)}`);
  return info;
}

/** The clouds' catalogues: cluster features and instance types. */
export class CloudCataloguesApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Lists the features a cluster of `cloud` can have (VPC, static IP, ...); none for on-premise. */
  async features(cloud: CloudProvider): Promise<ClusterFeature[]> {
    const at = cloudInfo(cloud).features;
    return at === undefined ? [] : this.core.list(at, ClusterFeature);
  }

  /**
   * Lists the instance types `cloud` offers in `regionOrZone` (a region; a zone for Scaleway, e.g. `fr-par-1`), or,
   * without one, every instance type where the service has that list (AWS, Scaleway). None for on-premise.
   * @throws RangeError for GCP or Azure without a region (the service lists their types per region only).
   */
  async instanceTypes(cloud: CloudProvider, regionOrZone?: string): Promise<InstanceType[]> {
    const info = cloudInfo(cloud);
    if (info.instanceTypes === undefined) return [];
    if (regionOrZone !== undefined) return this.core.list(info.instanceTypes(regionOrZone), InstanceType);
    if (info.allInstanceTypes === undefined) {
      throw new RangeError(`instanceTypes: ${info.title} lists its instance types per region only; expected a region, got none`);
    }
    return this.core.list(info.allInstanceTypes, InstanceType);
  }
}
