import { createHash, randomUUID } from "node:crypto";
import type { GroupRefs } from "./groups";
import { iso, type BaseRec, type ModelContext } from "./records";
import { z } from "zod";
import { base, deployment, groupRefs, int, obj, str, strOrNull } from "./record-forms";
import type { DeploymentRec } from "./runtime";
import { slice } from "./slice";
import type { Cloud } from "./cloud-catalogue";

/** The last minor Kubernetes version the emulator offers an upgrade to. */
const LAST_MINOR = 33;

/** The configuration a cluster reports beyond its name and version (clusters of older data files lack it). */
export interface ClusterDetails {
  description: string;
  /** Disk operations per second of its nodes (3000 to 16000). */
  disk_iops: number;
  /** Disk throughput of its nodes in MB/s (125 to 1000). */
  disk_throughput: number;
  metrics_parameters: Record<string, unknown>;
  infrastructure_outputs: Record<string, unknown>;
  infrastructure_charts_parameters: Record<string, unknown>;
  secret_manager_accesses: Array<Record<string, unknown>>;
}

/**
 * What a cluster made through the API was asked for (a seeded cluster has none: it answers the seed's AWS values).
 * `features` are the catalogue's ids with their values.
 */
export interface ClusterSpec {
  cloud_provider: Cloud;
  credentials_id: string;
  min_running_nodes: number;
  max_running_nodes: number;
  disk_size: number;
  instance_type: string;
  kubernetes: "MANAGED" | "SELF_MANAGED" | "PARTIALLY_MANAGED";
  production: boolean;
  ssh_keys: string[];
  features: Array<{ id: string; value: unknown }>;
  keda: { enabled: boolean } | null;
}

/** A Kubernetes cluster: seeded (an AWS managed one) or made through the API (`spec`, and its lifecycle in `run`). */
export interface ClusterRec extends BaseRec, GroupRefs, Partial<ClusterDetails> {
  organization_id: string;
  name: string;
  region: string;
  version: string;
  next_version: string | null;
  is_default: boolean;
  last_deployment_date: string | null;
  last_execution_id: string | null;
  /** What a cluster made through the API was asked for. */
  spec?: ClusterSpec;
  /** Edit counter of `spec`. */
  spec_version?: number;
  /** `spec_version` at its last finished deploy; absent when never deployed. */
  deployed_version?: number;
  /** Its last deploy, stop or delete on the deployment clock (`UNINSTALL` is the delete). */
  run?: DeploymentRec;
  /** Its advanced settings as set (the defaults are answered for the rest). */
  advanced_settings?: Record<string, unknown>;
  /** Its routing table (`PUT .../routingTable`). */
  routes?: Array<{ destination: string; target: string; description: string }>;
  /** Its DNS provider as set (the secret `api_token` kept apart, never answered). */
  dns_provider?: Record<string, unknown>;
  /** The DNS provider's secret (a Cloudflare API token). */
  dns_secret?: string;
}

/** The clusters of the state (see `slice.ts`). */
export const clusterSlice = slice<ClusterRec>().list("clusters", z.looseObject({
  ...base, ...groupRefs, organization_id: str, name: str, region: str, version: str, next_version: strOrNull,
  is_default: z.boolean(), last_deployment_date: strOrNull, last_execution_id: strOrNull,
  spec: z.looseObject({
    cloud_provider: z.enum(["AWS", "GCP", "SCW", "AZURE"]), credentials_id: str, min_running_nodes: int, max_running_nodes: int,
    disk_size: int, instance_type: str, kubernetes: str, production: z.boolean(), ssh_keys: z.array(str), features: z.array(obj),
  }).optional(),
  spec_version: int.optional(), deployed_version: int.optional(), run: deployment.optional(), advanced_settings: obj.optional(),
  routes: z.array(obj).optional(), dns_provider: obj.optional(), dns_secret: str.optional(),
}));

/** What a cluster is known by before its details. */
type ClusterIdentity = Pick<ClusterRec, "id" | "name" | "region" | "created_at">;

/**
 * The details the emulator seeds a cluster with: an EKS cluster with 3000 IOPS / 125 MB/s node disks, managed
 * metrics, an ingress and a certificate manager, and access to the AWS secret manager of its region. Derived from its
 * id, name and region, so a cluster of an older data file answers the same details every time.
 */
export function seededClusterDetails(c: ClusterIdentity): ClusterDetails {
  const hex = createHash("sha1").update(c.id).digest("hex");
  return {
    description: `Managed Kubernetes cluster ${c.name} (${c.region}) of the emulator`,
    disk_iops: 3000,
    disk_throughput: 125,
    metrics_parameters: {
      enabled: true,
      configuration: {
        kind: "MANAGED_BY_QOVERY", resource_profile: "NORMAL", cloud_watch_export_config: { enabled: false },
        high_availability: false, internal_network_monitoring: { enabled: false }, alerting: { enabled: false },
      },
    },
    infrastructure_outputs: {
      kind: "EKS", cluster_name: c.name, cluster_arn: `arn:aws:eks:${c.region}:000000000000:cluster/${c.name}`,
      cluster_oidc_issuer: `https://oidc.eks.${c.region}.amazonaws.com/id/${hex.slice(0, 32).toUpperCase()}`,
      vpc_id: `vpc-${hex.slice(0, 17)}`,
    },
    infrastructure_charts_parameters: {
      nginx_parameters: { replica_count: 2 },
      cert_manager_parameters: { kubernetes_namespace: "cert-manager" },
    },
    secret_manager_accesses: [{
      id: [hex.slice(0, 8), hex.slice(8, 12), `4${hex.slice(13, 16)}`, `8${hex.slice(17, 20)}`, hex.slice(20, 32)].join("-"),
      name: `${c.name}-secrets`, created_at: c.created_at, updated_at: c.created_at,
      endpoint: { mode: "AWS_SECRET_MANAGER", region: c.region }, authentication: { mode: "AUTOMATICALLY_CONFIGURED" },
    }],
  };
}

/** A cluster's details: what it stores, the seeded ones for what it lacks. */
export function clusterDetails(c: ClusterRec): ClusterDetails {
  const seeded = seededClusterDetails(c);
  return {
    description: c.description ?? seeded.description,
    disk_iops: c.disk_iops ?? seeded.disk_iops,
    disk_throughput: c.disk_throughput ?? seeded.disk_throughput,
    metrics_parameters: c.metrics_parameters ?? seeded.metrics_parameters,
    infrastructure_outputs: c.infrastructure_outputs ?? seeded.infrastructure_outputs,
    infrastructure_charts_parameters: c.infrastructure_charts_parameters ?? seeded.infrastructure_charts_parameters,
    secret_manager_accesses: c.secret_manager_accesses ?? seeded.secret_manager_accesses,
  };
}

/** Upgrades a cluster to its next Kubernetes version, when it has one, as a new execution. */
export function upgradeCluster(m: ModelContext, c: ClusterRec): void {
  if (c.next_version) {
    c.version = c.next_version;
    const [major, minor] = c.version.split(".").map(Number);
    c.next_version = minor !== undefined && minor < LAST_MINOR ? `${major}.${minor + 1}` : null;
  }
  c.last_execution_id = randomUUID();
  c.last_deployment_date = iso(m.now);
  c.updated_at = iso(m.now);
}
