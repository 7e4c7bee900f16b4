/**
 * Lookups of what clusters are made with: an organization's cloud credentials, what a cloud offers (instance types
 * in a region, cluster features) and what the organization currently costs. Each in two forms: a Promise of plain
 * values taking plain arguments, and an Output taking Inputs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { CLOUDS, type CloudProvider, type DeployServiceClient } from "../../sdk";
import { describeFailure } from "../framework/errors";
import { listCloudCredentials } from "../resources/cluster/sdk-calls";
import { defined, textOf, type PlainArgs } from "./core";
import { lookups, type NameUnderParentArgs } from "./family";

const failing = <A, R>(what: (args: A) => string, find: (client: DeployServiceClient, args: A) => Promise<R>) =>
  async (client: DeployServiceClient, args: A): Promise<R> => {
    try {
      return await find(client, args);
    } catch (e) {
      throw describeFailure(e, what(args));
    }
  };

/** Arguments of {@link getCredentialsOutput}: the organization, the cloud, and the credentials' `name` (compared exactly) or `id`. */
export type GetCredentialsOutputArgs = NameUnderParentArgs<"organizationId"> & {
  /** The cloud they are for: `AWS`, `GCP`, `SCW`, `AZURE` or `ON_PREMISE`. */
  cloudProvider: pulumi.Input<CloudProvider>;
};
/** Arguments of {@link getCredentials}: those of {@link GetCredentialsOutputArgs} with plain values. */
export type GetCredentialsArgs = PlainArgs<GetCredentialsOutputArgs>;

/** Cloud credentials found by {@link getCredentials}: never what they hold (the service never answers it). */
export interface CredentialsResult {
  /** Their id (a `Cluster`'s `credentialsId`). */
  id: string;
  /** Their name. */
  name: string;
  /** The organization owning them. */
  organizationId: string;
  /** The cloud they are for. */
  cloudProvider: CloudProvider;
}

async function credentialsOf(client: DeployServiceClient, args: GetCredentialsArgs): Promise<CredentialsResult> {
  if ((args.id === undefined) === (args.name === undefined)) throw new Error("expected exactly one of id and name");
  const all = await listCloudCredentials(client, args.organizationId, args.cloudProvider);
  const found = all.find((c) => (args.id !== undefined ? c.id === args.id : c.name === args.name));
  if (found === undefined) {
    const known = all.length === 0 ? "it has none" : `it has ${all.map((c) => JSON.stringify(c.name)).join(", ")}`;
    throw new Error(`no ${CLOUDS[args.cloudProvider].title} credentials ${args.id ?? JSON.stringify(args.name)} in organization ${args.organizationId}: ${known}`);
  }
  return { id: found.id, name: found.name, organizationId: args.organizationId, cloudProvider: args.cloudProvider };
}

/** Arguments of {@link getInstanceTypesOutput}: a cloud and a region (a zone for Scaleway, `fr-par-1`). */
export interface GetInstanceTypesOutputArgs {
  /** The cloud: `AWS`, `GCP`, `SCW` or `AZURE` (on-premise offers none). */
  cloudProvider: pulumi.Input<CloudProvider>;
  /** The region (`eu-west-3`), or the zone for Scaleway. */
  region: pulumi.Input<string>;
}
/** Arguments of {@link getInstanceTypes}: those of {@link GetInstanceTypesOutputArgs} with plain values. */
export type GetInstanceTypesArgs = PlainArgs<GetInstanceTypesOutputArgs>;

/** One instance type a cloud offers in a region. */
export interface InstanceTypeResult {
  /** What a `Cluster`'s `instanceType` takes. */
  type: string;
  /** The cloud's own name of it. */
  name: string;
  /** vCPUs. */
  cpu: number;
  /** Memory in GB. */
  ramInGb: number;
  /** `AMD64` or `ARM64`, when the service says. */
  architecture?: string;
}
/** The instance types found by {@link getInstanceTypes}. */
export interface InstanceTypesResult {
  /** The cloud asked. */
  cloudProvider: CloudProvider;
  /** The region asked. */
  region: string;
  /** What the cloud offers there, in the service's order. */
  instanceTypes: InstanceTypeResult[];
}

async function instanceTypesOf(client: DeployServiceClient, args: GetInstanceTypesArgs): Promise<InstanceTypesResult> {
  const types = await client.cloudCatalogues.instanceTypes(args.cloudProvider, args.region);
  return {
    cloudProvider: args.cloudProvider, region: args.region,
    instanceTypes: types.map((t) => defined<InstanceTypeResult>({ type: t.type, name: t.name, cpu: t.cpu, ramInGb: t.ram_in_gb, architecture: textOf(t.architecture) })),
  };
}

/** Arguments of {@link getClusterFeaturesOutput}: a cloud. */
export interface GetClusterFeaturesOutputArgs {
  /** The cloud: `AWS`, `GCP`, `SCW` or `AZURE` (on-premise has none). */
  cloudProvider: pulumi.Input<CloudProvider>;
}
/** Arguments of {@link getClusterFeatures}: those of {@link GetClusterFeaturesOutputArgs} with plain values. */
export type GetClusterFeaturesArgs = PlainArgs<GetClusterFeaturesOutputArgs>;

/** One feature a cluster of the cloud can have. */
export interface ClusterFeatureResult {
  /** What a `Cluster`'s `features[].id` takes. */
  id: string;
  /** Its title (`Static IP`). */
  title: string;
  /** Its description, when the service says. */
  description?: string;
}
/** The features found by {@link getClusterFeatures}. */
export interface ClusterFeaturesResult {
  /** The cloud asked. */
  cloudProvider: CloudProvider;
  /** Its features, in the service's order. */
  features: ClusterFeatureResult[];
}

async function featuresOf(client: DeployServiceClient, args: GetClusterFeaturesArgs): Promise<ClusterFeaturesResult> {
  const features = await client.cloudCatalogues.features(args.cloudProvider);
  return {
    cloudProvider: args.cloudProvider,
    features: features.map((f) => defined<ClusterFeatureResult>({ id: String(f.id), title: String(f.title ?? ""), description: textOf(f.description) })),
  };
}

/** Arguments of {@link getOrganizationCostOutput}: the organization. */
export interface GetOrganizationCostOutputArgs {
  /** The organization. */
  organizationId: pulumi.Input<string>;
}
/** Arguments of {@link getOrganizationCost}: those of {@link GetOrganizationCostOutputArgs} with plain values. */
export type GetOrganizationCostArgs = PlainArgs<GetOrganizationCostOutputArgs>;

/** An organization's current cost, found by {@link getOrganizationCost}. */
export interface OrganizationCostResult {
  /** The organization asked. */
  organizationId: string;
  /** Its plan, when the service says. */
  plan?: string;
  /** The current cost in cents, when the service says. */
  totalInCents?: number;
  /** The current cost, when the service says. */
  total?: number;
  /** Its currency (`USD`), when the service says. */
  currencyCode?: string;
}

async function costOf(client: DeployServiceClient, args: GetOrganizationCostArgs): Promise<OrganizationCostResult> {
  const c = await client.costs.current(args.organizationId);
  return defined<OrganizationCostResult>({
    organizationId: args.organizationId, plan: textOf(c.plan), totalInCents: c.cost?.total_in_cents, total: c.cost?.total, currencyCode: textOf(c.cost?.currency_code),
  });
}

export const { findCredentials,
  /**
   * Looks up cloud credentials of an organization by name (compared exactly) or id, with plain values, in a Promise.
   *
   * @example
   * const aws = getCredentialsOutput({ organizationId: org.id, cloudProvider: "AWS", name: "prod" });
   * new Cluster("prod", { ..., cloudProvider: "AWS", credentialsId: aws.id });
   */
  getCredentials,
  /** {@link getCredentials} taking Inputs and answering an Output. */
  getCredentialsOutput } = lookups<"Credentials", GetCredentialsOutputArgs, CredentialsResult>(
  "Credentials", failing((a) => `getCredentials: finding ${a.cloudProvider} credentials ${a.id ?? JSON.stringify(a.name)}`, credentialsOf));

export const { findInstanceTypes,
  /**
   * Lists the instance types a cloud offers in a region, with plain values, in a Promise: to pick a size in code.
   *
   * @example
   * const types = await getInstanceTypes({ cloudProvider: "AWS", region: "eu-west-3" });
   * const smallest = types.instanceTypes.filter((t) => t.ramInGb >= 8).sort((a, b) => a.cpu - b.cpu)[0].type;
   */
  getInstanceTypes,
  /** {@link getInstanceTypes} taking Inputs and answering an Output. */
  getInstanceTypesOutput } = lookups<"InstanceTypes", GetInstanceTypesOutputArgs, InstanceTypesResult>(
  "InstanceTypes", failing((a) => `getInstanceTypes: listing the instance types of ${a.cloudProvider} in ${a.region}`, instanceTypesOf));

export const { findClusterFeatures,
  /** Lists the features a cluster of a cloud can have (VPC, static IP, ...), with plain values, in a Promise. */
  getClusterFeatures,
  /** {@link getClusterFeatures} taking Inputs and answering an Output. */
  getClusterFeaturesOutput } = lookups<"ClusterFeatures", GetClusterFeaturesOutputArgs, ClusterFeaturesResult>(
  "ClusterFeatures", failing((a) => `getClusterFeatures: listing the cluster features of ${a.cloudProvider}`, featuresOf));

export const { findOrganizationCost,
  /** Reads an organization's plan and current cost, with plain values, in a Promise. */
  getOrganizationCost,
  /** {@link getOrganizationCost} taking Inputs and answering an Output. */
  getOrganizationCostOutput } = lookups<"OrganizationCost", GetOrganizationCostOutputArgs, OrganizationCostResult>(
  "OrganizationCost", failing((a) => `getOrganizationCost: reading the current cost of organization ${a.organizationId}`, costOf));
