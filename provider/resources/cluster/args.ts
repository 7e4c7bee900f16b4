/**
 * The inputs of a `Cluster`: the Args users read (TSDoc), what the service computes, and the schema that says the
 * same with the provider's facts on each field (wire names, what replaces, what a part sets).
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { AdoptableArgs } from "../../framework/adoption";
import { argsSchema } from "../../framework/args";
import { field } from "../../framework/fields";
import { idInput, nameInput } from "../../framework/rules";
import { isUnknown } from "../../framework/unknowns";
import { CLOUD_PROVIDERS, DEFAULT_DISK_SIZE_GB, DISK_IOPS_BOUNDS, DISK_THROUGHPUT_BOUNDS, KUBERNETES_MODES } from "../../../sdk";
import { infrastructureChartsSchema, type ClusterInfrastructureChartsArgs } from "./charts";
import { metricsParametersSchema, type ClusterMetricsParametersArgs } from "./metrics";
import { secretManagerAccessesSchema, type SecretManagerAccessArgs } from "./secret-managers";
import { dnsProviderSchema, type ClusterDnsProviderArgs } from "./dns-provider";
import { DEFAULT_CLUSTER_TIMEOUT_SECONDS, DISK_SIZE_GB, MAX_CLUSTER_TIMEOUT_SECONDS } from "./facts";

/** One feature of a cluster: its id in the cloud's catalogue (`getClusterFeatures`) and its value. */
export interface ClusterFeatureArgs {
  /** The feature's id, as `getClusterFeatures` lists it. Wire: `id`. */
  id: pulumi.Input<string>;
  /** Its value: `true`/`false`, a text (a static IP's name), or the object the feature takes (an existing VPC). Wire: `value`. */
  value: pulumi.Input<string | boolean | Record<string, any>>;
}

/** Inputs of a {@link Cluster}. */
export interface ClusterArgs extends AdoptableArgs {
  /** Organization owning the cluster (wire: the `{organizationId}` of the path). Changing it replaces the cluster. */
  organizationId: pulumi.Input<string>;
  /**
   * Cloud the cluster runs on: `AWS`, `GCP`, `SCW` (Scaleway), `AZURE` or `ON_PREMISE`. The service cannot move a
   * cluster to another cloud: changing it replaces the cluster. Wire: `cloud_provider`.
   */
  cloudProvider: pulumi.Input<(typeof CLOUD_PROVIDERS)[number]>;
  /**
   * Id of the cloud credentials the service creates the cluster with (an `AwsCredentials`, `GcpCredentials`, ...):
   * check refuses credentials of another cloud than `cloudProvider`. Changing it to other credentials of the same
   * cloud updates in place. Wire: `cloud_provider_credentials.credentials.id`.
   */
  credentialsId: pulumi.Input<string>;
  /** Cluster name, unique in the organization (case-insensitive), 1 to 255 characters. Wire: `name`. */
  name: pulumi.Input<string>;
  /**
   * Cloud region (`eu-west-3`) or, for Scaleway, zone (`fr-par-1`). The service cannot move a cluster: changing it
   * replaces the cluster. Wire: `region`.
   */
  region: pulumi.Input<string>;
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
  /** `MANAGED` (the service runs the cluster), `SELF_MANAGED` or `PARTIALLY_MANAGED`. Default: `MANAGED`. Wire: `kubernetes`. */
  kubernetesMode?: pulumi.Input<(typeof KUBERNETES_MODES)[number]>;
  /**
   * Node instance type, as `getInstanceTypes` answers its `type` (`T3A_LARGE`): check refuses a type the cloud does
   * not offer in `region` (it asks the service only when the type or the region is new or changed). Default: chosen
   * by the service. Wire: `instance_type`.
   */
  instanceType?: pulumi.Input<string>;
  /** Fewest running nodes, at least 1 and at most `maxRunningNodes`. Updates in place. Default: `1`. Wire: `min_running_nodes`. */
  minRunningNodes?: pulumi.Input<number>;
  /** Most running nodes, at least `minRunningNodes`. Updates in place. Default: `1`. Wire: `max_running_nodes`. */
  maxRunningNodes?: pulumi.Input<number>;
  /**
   * Node disk size in GB, within the cloud's bounds: AWS 20-1000, GCP 10-1000, Scaleway 20-500, Azure 30-1024
   * (checked before any call). Default: `40`. Wire: `disk_size`.
   */
  diskSize?: pulumi.Input<number>;
  /** Node disk IOPS, 3000 to 16000, on AWS only. Default: chosen by the service. Wire: `disk_iops`. */
  diskIops?: pulumi.Input<number>;
  /** Node disk throughput in MB/s, 125 to 1000, on AWS only. Default: chosen by the service. Wire: `disk_throughput`. */
  diskThroughput?: pulumi.Input<number>;
  /** Features of the cluster (VPC, static IP, ...), from `getClusterFeatures`. Default: none. Wire: `features`. */
  features?: pulumi.Input<pulumi.Input<ClusterFeatureArgs>[]>;
  /** Ids of labels groups of the organization, put on the cluster's nodes. Default: none. Wire: `labels_groups` (`[{id}]`). */
  labelsGroupIds?: pulumi.Input<pulumi.Input<string>[]>;
  /** Whether the cluster runs production environments. Default: `false`. Wire: `production`. */
  production?: pulumi.Input<boolean>;
  /** Public SSH keys put on the nodes. Default: none. Wire: `ssh_keys`. */
  sshKeys?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Metrics and alerting: `{ enabled, configuration: { resourceProfile, alerting: {...}, ... } }`. Unknown keys are
   * refused, naming their path. Default: the service's. Wire: `metrics_parameters`.
   */
  metricsParameters?: pulumi.Input<ClusterMetricsParametersArgs>;
  /**
   * The charts the service installs: `nginx`, `certManager`, `metalLb`, and `eksAnywhere` (on-premise clusters only:
   * `cloudProvider: "ON_PREMISE"`, or `kubernetesMode: "PARTIALLY_MANAGED"` as an EKS Anywhere cluster on AWS
   * credentials with a vSphere account is). Default: the service's. Wire: `infrastructure_charts_parameters`.
   */
  infrastructureChartsParameters?: pulumi.Input<ClusterInfrastructureChartsArgs>;
  /**
   * Secret managers the cluster reads secrets from, each with its endpoint and authentication (an authentication of
   * another cloud than the endpoint's is refused before any call). The whole input is a Pulumi secret; the service
   * never answers the AWS secret key nor the GCP JSON key, so a refresh keeps them from the state. Default: the
   * service's. Wire: `secret_manager_accesses` (each access keeps its service id across edits, matched by `name`).
   */
  secretManagerAccesses?: pulumi.Input<pulumi.Input<SecretManagerAccessArgs>[]>;
  /** Whether the event scaler (KEDA) runs in the cluster. Default: `false`. Wire: `keda.enabled`. */
  eventScalerEnabled?: pulumi.Input<boolean>;
  /**
   * Kubernetes version to run (`"1.31"`). Default: whatever the service installs. A change is an upgrade in place,
   * never a replacement (wire: `POST /cluster/{id}/upgrade`): the service upgrades one minor version at a time, so
   * the version must be the one it offers next (`next_k8s_available_version`), else the update fails saying which.
   */
  kubernetesVersion?: pulumi.Input<string>;
  /**
   * The cluster's DNS provider (the service's own, Cloudflare or Route 53), set after create and on each change by
   * its own call (`PUT /cluster/{id}/dnsProvider`; the service asks for the Cloudflare token or the AWS secret key on
   * every edit), read back on refresh; a change redeploys the cluster (with `deploy`). The whole input is a Pulumi
   * secret. Removing it leaves the service's provider as it is. Default: the service's (not managed).
   */
  dnsProvider?: pulumi.Input<ClusterDnsProviderArgs>;
  /**
   * Deploy the cluster after create and after each update of its own fields, and wait until it is `DEPLOYED`, each
   * state a line of `pulumi up`'s output. A failure names the state reached and the last log lines. Default: `true`.
   */
  deploy?: pulumi.Input<boolean>;
  /** How long to wait for a deployment, an upgrade or a delete, in seconds (1-86400). Default: `3600`. Never sent. */
  timeoutSeconds?: pulumi.Input<number>;
}

/** What the service says of a cluster beyond its inputs: outputs of a {@link Cluster}, members of a lookup's result. */
export interface ClusterComputed {
  /** Its state (`DEPLOYED`, `DEPLOYING`, `STOPPED`, `INVALID_CREDENTIALS`, ...). */
  status: string;
  /** The Kubernetes version it runs. */
  version: string;
  /** Whether it is the organization's default cluster. */
  isDefault: boolean;
}

const feature = z.strictObject({
  id: idInput(),
  value: z.union([z.string(), z.boolean(), z.record(z.string(), z.any())]),
});

const bounded = (b: { min: number; max: number }) => z.number().int().min(b.min).max(b.max);

/** Validated cluster inputs: the single source of field names, types, defaults and wire spellings. */
export const clusterSchema = argsSchema<ClusterArgs>()(z
  .strictObject({
    organizationId: field(idInput(), { parent: "organization" }),
    cloudProvider: field(z.enum(CLOUD_PROVIDERS), { replace: true }),
    credentialsId: field(idInput(), { wire: false }),
    name: nameInput(255),
    region: field(z.string().min(1), { replace: true }),
    description: z.string().default(""),
    kubernetesMode: field(z.enum(KUBERNETES_MODES).default("MANAGED"), { wire: "kubernetes" }),
    instanceType: field(z.string().min(1).optional(), { computed: true }),
    minRunningNodes: z.number().int().min(1).default(1),
    maxRunningNodes: z.number().int().min(1).default(1),
    diskSize: z.number().int().min(1).default(DEFAULT_DISK_SIZE_GB),
    diskIops: field(bounded(DISK_IOPS_BOUNDS).optional(), { computed: true }),
    diskThroughput: field(bounded(DISK_THROUGHPUT_BOUNDS).optional(), { computed: true }),
    features: z.array(feature).default([]),
    labelsGroupIds: field(z.array(idInput()).default([]), { wire: "labels_groups", refs: true }),
    production: z.boolean().default(false),
    sshKeys: z.array(z.string().min(1)).default([]),
    metricsParameters: field(metricsParametersSchema.optional(), { computed: true }),
    infrastructureChartsParameters: field(infrastructureChartsSchema.optional(), { computed: true }),
    secretManagerAccesses: field(secretManagerAccessesSchema.optional(), { computed: true, secret: true, idBy: "name" }),
    eventScalerEnabled: field(z.boolean().default(false), { wire: false, readAs: "keda.enabled" }),
    kubernetesVersion: field(z.string().min(1).optional(), { wire: false, computed: true, readAs: "version" }),
    dnsProvider: field(dnsProviderSchema.optional(), { wire: false, secret: true }),
    deploy: field(z.boolean().default(true), { wire: false }),
    timeoutSeconds: field(z.number().int().min(1).max(MAX_CLUSTER_TIMEOUT_SECONDS).default(DEFAULT_CLUSTER_TIMEOUT_SECONDS), { wire: false }),
  })
  .superRefine((v, ctx) => {
    if (!isUnknown(v.minRunningNodes) && !isUnknown(v.maxRunningNodes) && v.minRunningNodes > v.maxRunningNodes) {
      ctx.addIssue({
        code: "custom", path: ["minRunningNodes"],
        message: `expected at most maxRunningNodes (${v.maxRunningNodes}), got ${v.minRunningNodes}: raise maxRunningNodes or lower minRunningNodes`,
      });
    }
    if (isUnknown(v.cloudProvider)) return;
    const disk = DISK_SIZE_GB[v.cloudProvider];
    if (!isUnknown(v.diskSize) && (v.diskSize < disk.min || v.diskSize > disk.max)) {
      ctx.addIssue({ code: "custom", path: ["diskSize"], message: `expected ${disk.min} to ${disk.max} GB on ${v.cloudProvider}, got ${v.diskSize}` });
    }
    // EKS Anywhere runs on the organization's own machines: an ON_PREMISE cluster, or one the service manages
    // partially (the official Terraform provider's EKS Anywhere cluster is AWS with PARTIALLY_MANAGED).
    const onPremise = v.cloudProvider === "ON_PREMISE" || v.kubernetesMode === "PARTIALLY_MANAGED" || isUnknown(v.kubernetesMode);
    if (v.infrastructureChartsParameters?.eksAnywhere !== undefined && !onPremise) {
      ctx.addIssue({
        code: "custom", path: ["infrastructureChartsParameters", "eksAnywhere"],
        message: `is for on-premise clusters only (cloudProvider ON_PREMISE, or kubernetesMode PARTIALLY_MANAGED; this one is ${v.cloudProvider}, ${v.kubernetesMode}): remove it`,
      });
    }
    for (const k of ["diskIops", "diskThroughput"] as const) {
      if (v[k] !== undefined && v.cloudProvider !== "AWS") ctx.addIssue({ code: "custom", path: [k], message: `is for AWS node disks only (cloudProvider is ${v.cloudProvider}): remove it` });
    }
  }));
/** Cluster inputs after validation (defaults applied). */
export type ClusterInputs = z.output<typeof clusterSchema>;
