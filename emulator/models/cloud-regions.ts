/**
 * Where each cloud's regions are (country and city), which offer ARM nodes (from the instance types of
 * `cloud-catalogue.ts`), their zones, and the managed databases each cloud runs with their instance types.
 */
import { CLOUDS, OFFERS, instanceTypes, type Cloud } from "./cloud-catalogue";

/** Country code, country and city of every region of the catalogue. */
const PLACES: Readonly<Record<string, readonly [string, string, string]>> = {
  "us-east-1": ["US", "United States", "Virginia"], "us-east-2": ["US", "United States", "Ohio"], "us-west-2": ["US", "United States", "Oregon"],
  "eu-west-1": ["IE", "Ireland", "Dublin"], "eu-west-3": ["FR", "France", "Paris"], "eu-central-1": ["DE", "Germany", "Frankfurt"],
  "ap-southeast-1": ["SG", "Singapore", "Singapore"],
  "europe-west1": ["BE", "Belgium", "St. Ghislain"], "europe-west4": ["NL", "Netherlands", "Eemshaven"], "europe-west9": ["FR", "France", "Paris"],
  "us-central1": ["US", "United States", "Iowa"], "us-east1": ["US", "United States", "South Carolina"],
  "fr-par": ["FR", "France", "Paris"], "nl-ams": ["NL", "Netherlands", "Amsterdam"], "pl-waw": ["PL", "Poland", "Warsaw"],
  westeurope: ["NL", "Netherlands", "Amsterdam"], northeurope: ["IE", "Ireland", "Dublin"], francecentral: ["FR", "France", "Paris"],
  eastus: ["US", "United States", "Virginia"],
};

/** Display names and short names of the clouds. */
const CLOUD_NAMES: Readonly<Record<Cloud, string>> = { AWS: "Amazon Web Services", GCP: "Google Cloud Platform", SCW: "Scaleway", AZURE: "Microsoft Azure" };

/** A region as the reference's `ClusterRegion` gives it. */
export interface RegionInfo {
  name: string;
  country_code: string;
  country: string;
  city: string;
  arm_supported: boolean;
  zones: string[];
}

/** The regions of a cloud, with where they are, ARM support and zones. */
export function regionsOf(cloud: Cloud): RegionInfo[] {
  return OFFERS[cloud].regions.map((name) => {
    const [country_code, country, city] = PLACES[name] ?? ["", "", ""];
    const zones = cloud === "SCW" ? ["1", "2", "3"] : cloud === "AZURE" ? ["1", "2", "3"] : ["a", "b", "c"];
    return { name, country_code, country, city, arm_supported: instanceTypes(cloud, name).some((t) => t.architecture === "ARM64"), zones };
  });
}

/** Every cloud with its regions. */
export function cloudProviders(): Array<{ short_name: string; name: string; logo_url: string; regions: RegionInfo[] }> {
  return CLOUDS.map((c) => ({ short_name: c, name: CLOUD_NAMES[c], logo_url: `https://emulator.invalid/logos/${c.toLowerCase()}.svg`, regions: regionsOf(c) }));
}

/** The managed database types a cloud runs. */
export const MANAGED_DATABASE_TYPES: Readonly<Partial<Record<Cloud, readonly string[]>>> = {
  AWS: ["MYSQL", "POSTGRESQL", "MONGODB", "REDIS"], SCW: ["MYSQL", "POSTGRESQL"],
};

/** Instance types of a managed database type in an AWS region; undefined when the region or the type is unknown. */
export function awsDatabaseInstanceTypes(region: string, type: string): string[] | undefined {
  if (!OFFERS.AWS.regions.includes(region) || !MANAGED_DATABASE_TYPES.AWS?.includes(type)) return undefined;
  return type === "REDIS" ? ["cache.t3.micro", "cache.t3.small", "cache.m6g.large"] : ["db.t3.micro", "db.t3.small", "db.t3.medium", "db.m6g.large"];
}
