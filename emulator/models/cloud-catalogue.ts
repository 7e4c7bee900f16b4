/**
 * What each cloud offers a cluster: its regions, its instance types (where each is offered), its cluster features,
 * its disk bounds and what a node costs. The catalogue routes answer from it, cluster creates and edits are checked
 * against it, and the current cost is counted with it.
 */
import { createHash } from "node:crypto";

/** The clouds a cluster of the emulator can run on (the service's `cloud_provider`). */
export type Cloud = "AWS" | "GCP" | "SCW" | "AZURE";

/** The clouds, in the order the service lists them. */
export const CLOUDS: readonly Cloud[] = ["AWS", "GCP", "SCW", "AZURE"];

/** One instance type: `[type, vCPU, RAM in GB, architecture, family, size, regions it is limited to (all when absent), GPU]`. */
type TypeRow = [string, number, number, "AMD64" | "ARM64", string, string, string[]?, string?];

/** One cluster feature of a cloud: its key, title, kind of value and default, and whether the cloud bills it. */
export interface FeatureDef {
  key: string;
  title: string;
  kind: "BOOLEAN" | "STRING";
  value: string | boolean;
  /** The values accepted (a boolean feature: true and false). */
  accepted: Array<string | boolean>;
  /** Monthly price in cents the cloud bills for it when on. */
  cents: number;
}

/** What a cloud offers. */
export interface CloudOffer {
  /** The path segment of its catalogue routes (`/aws/clusterFeature`). */
  segment: string;
  regions: readonly string[];
  /** The instance type a cluster gets when its request names none. */
  defaultType: string;
  types: readonly TypeRow[];
  features: readonly FeatureDef[];
  /** Node disk size bounds in GB. */
  disk: { min: number; max: number };
  /** True when its node disks take `disk_iops` and `disk_throughput`. */
  diskPerformance: boolean;
  /** Monthly price in cents of the managed control plane. */
  controlPlaneCents: number;
}

const staticIp: FeatureDef = { key: "STATIC_IP", title: "Static IP", kind: "BOOLEAN", value: false, accepted: [true, false], cents: 3300 };
const subnet = (v: string): FeatureDef => ({ key: "VPC_SUBNET", title: "VPC subnet", kind: "STRING", value: v, accepted: [v], cents: 0 });

const AWS_GPU_REGIONS = ["us-east-1", "us-west-2", "eu-west-1"];
const GCP_ARM_REGIONS = ["us-central1", "europe-west4"];

/** The catalogue: each cloud's regions, instance types and features. */
export const OFFERS: Readonly<Record<Cloud, CloudOffer>> = {
  AWS: {
    segment: "aws", defaultType: "t3a.large", diskPerformance: true, controlPlaneCents: 7300, disk: { min: 20, max: 1000 },
    regions: ["us-east-1", "us-east-2", "us-west-2", "eu-west-1", "eu-west-3", "eu-central-1", "ap-southeast-1"],
    types: [
      ["t3a.medium", 2, 4, "AMD64", "t3a", "medium"], ["t3a.large", 2, 8, "AMD64", "t3a", "large"],
      ["t3a.xlarge", 4, 16, "AMD64", "t3a", "xlarge"], ["t3a.2xlarge", 8, 32, "AMD64", "t3a", "2xlarge"],
      ["m5.large", 2, 8, "AMD64", "m5", "large"], ["m5.xlarge", 4, 16, "AMD64", "m5", "xlarge"],
      ["m6i.2xlarge", 8, 32, "AMD64", "m6i", "2xlarge"], ["c6i.xlarge", 4, 8, "AMD64", "c6i", "xlarge"],
      ["t4g.large", 2, 8, "ARM64", "t4g", "large"], ["m7g.xlarge", 4, 16, "ARM64", "m7g", "xlarge"],
      ["g4dn.xlarge", 4, 16, "AMD64", "g4dn", "xlarge", AWS_GPU_REGIONS, "T4"],
    ],
    features: [staticIp, subnet("10.0.0.0/16")],
  },
  GCP: {
    segment: "gcp", defaultType: "e2-standard-4", diskPerformance: false, controlPlaneCents: 7300, disk: { min: 10, max: 1000 },
    regions: ["europe-west1", "europe-west4", "europe-west9", "us-central1", "us-east1"],
    types: [
      ["e2-standard-2", 2, 8, "AMD64", "e2", "standard-2"], ["e2-standard-4", 4, 16, "AMD64", "e2", "standard-4"],
      ["n2-standard-4", 4, 16, "AMD64", "n2", "standard-4"], ["n2-standard-8", 8, 32, "AMD64", "n2", "standard-8"],
      ["t2a-standard-4", 4, 16, "ARM64", "t2a", "standard-4", GCP_ARM_REGIONS],
    ],
    features: [staticIp],
  },
  SCW: {
    segment: "scaleway", defaultType: "DEV1-L", diskPerformance: false, controlPlaneCents: 0, disk: { min: 20, max: 500 },
    regions: ["fr-par", "nl-ams", "pl-waw"],
    types: [
      ["DEV1-L", 4, 8, "AMD64", "DEV1", "L"], ["DEV1-XL", 4, 12, "AMD64", "DEV1", "XL"], ["GP1-XS", 4, 16, "AMD64", "GP1", "XS"],
      ["GP1-S", 8, 32, "AMD64", "GP1", "S"], ["PRO2-S", 8, 32, "AMD64", "PRO2", "S"],
      ["COPARM1-4C-16G", 4, 16, "ARM64", "COPARM1", "4C-16G", ["fr-par"]],
    ],
    features: [staticIp],
  },
  AZURE: {
    segment: "azure", defaultType: "Standard_D4s_v5", diskPerformance: false, controlPlaneCents: 7300, disk: { min: 30, max: 1024 },
    regions: ["westeurope", "northeurope", "francecentral", "eastus"],
    types: [
      ["Standard_B2s", 2, 4, "AMD64", "B", "2s"], ["Standard_D2s_v5", 2, 8, "AMD64", "Dsv5", "2s"],
      ["Standard_D4s_v5", 4, 16, "AMD64", "Dsv5", "4s"], ["Standard_D8s_v5", 8, 32, "AMD64", "Dsv5", "8s"],
      ["Standard_D4ps_v5", 4, 16, "ARM64", "Dpsv5", "4ps", ["westeurope", "eastus"]],
    ],
    features: [staticIp],
  },
};

/** One instance type of a cloud, as the catalogue keeps it. */
export interface InstanceType {
  type: string;
  cpu: number;
  ram_in_gb: number;
  architecture: "AMD64" | "ARM64";
  family: string;
  size: string;
  gpu: string | undefined;
}

function typeOf(row: TypeRow): InstanceType {
  const [type, cpu, ram_in_gb, architecture, family, size, , gpu] = row;
  return { type, cpu, ram_in_gb, architecture, family, size, gpu };
}

/** The region a Scaleway zone is in (`fr-par-2` is in `fr-par`); other clouds' regions are their own. */
export function regionOfZone(zone: string): string {
  return zone.replace(/-\d+$/, "");
}

/** The Scaleway zones (three per region). */
export const SCALEWAY_ZONES: readonly string[] = OFFERS.SCW.regions.flatMap((r) => [1, 2, 3].map((n) => `${r}-${n}`));

/** The instance types a cloud offers in a region (every region when `region` is absent). */
export function instanceTypes(cloud: Cloud, region?: string): InstanceType[] {
  return OFFERS[cloud].types.filter((row) => region === undefined || row[6] === undefined || row[6].includes(region)).map(typeOf);
}

/** An instance type a cloud offers in a region, or undefined. */
export function instanceTypeIn(cloud: Cloud, region: string, type: string): InstanceType | undefined {
  return instanceTypes(cloud, region).find((t) => t.type === type);
}

/** A stable uuid for a catalogue entry (the same in every run, so a cluster's features keep their ids). */
export function catalogueId(key: string): string {
  const h = createHash("sha1").update(`catalogue:${key}`).digest("hex");
  return [h.slice(0, 8), h.slice(8, 12), `5${h.slice(13, 16)}`, `a${h.slice(17, 20)}`, h.slice(20, 32)].join("-");
}

/** The id of a cloud's feature. */
export function featureId(cloud: Cloud, key: string): string {
  return catalogueId(`${cloud}:feature:${key}`);
}

/** A cloud's feature by id, or undefined. */
export function featureById(cloud: Cloud, id: string): FeatureDef | undefined {
  return OFFERS[cloud].features.find((f) => featureId(cloud, f.key) === id);
}

/** Monthly price in cents of one node of an instance type: its vCPUs and RAM at the emulator's list prices. */
export function nodeCents(t: InstanceType): number {
  return t.cpu * 1500 + t.ram_in_gb * 200 + (t.gpu ? 30000 : 0);
}
