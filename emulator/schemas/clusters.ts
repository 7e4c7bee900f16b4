/**
 * Requests of the cluster routes (create and edit, cloud provider info, routing table, DNS provider, advanced
 * settings) and the answers the emulator adds for them. Bounds the reference states are checked here; what depends
 * on the cloud (region, instance type, disk size, features, credentials) is checked by the model.
 */
import { z } from "zod";
import { idReference, nonEmpty, uuidString } from "./common";

const looseObject = z.record(z.string(), z.unknown());

/** Where a cluster reads secrets from: AWS Secrets Manager or Parameter Store (a region), or GCP's (and a project). */
const secretManagerEndpoint = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("AWS_SECRET_MANAGER"), region: nonEmpty }),
  z.object({ mode: z.literal("AWS_PARAMETER_STORE"), region: nonEmpty }),
  z.object({ mode: z.literal("GCP_SECRET_MANAGER"), region: nonEmpty, project_id: nonEmpty }),
]);

/** How the cluster signs in to its secret manager; the secret key and the JSON key are never stored nor answered. */
const secretManagerAuthentication = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("AUTOMATICALLY_CONFIGURED") }),
  z.object({ mode: z.literal("AWS_ROLE_ARN"), role_arn: nonEmpty }),
  z.object({ mode: z.literal("AWS_STATIC_CREDENTIALS"), region: nonEmpty, access_key: nonEmpty, secret_key: z.string().nullish() }),
  z.object({ mode: z.literal("GCP_JSON_CREDENTIALS"), json_credentials: z.string().nullish() }),
]);

/** Create or edit a cluster (the edit is the full request again). */
export const clusterRequest = z.object({
  name: nonEmpty,
  region: nonEmpty,
  cloud_provider: z.enum(["AWS", "SCW", "GCP", "DO", "AZURE", "OVH", "CIVO", "HETZNER", "ORACLE", "IBM", "ON_PREMISE"]),
  cloud_provider_credentials: z.object({
    cloud_provider: z.string().optional(), credentials: z.object({ id: uuidString, name: z.string().optional() }), region: z.string().optional(),
  }).optional(),
  description: z.string().optional(),
  min_running_nodes: z.number().int().min(1, "must be at least 1").max(200, "must be at most 200").default(1),
  max_running_nodes: z.number().int().min(1, "must be at least 1").max(200, "must be at most 200").default(1),
  disk_size: z.number().int().optional(),
  disk_iops: z.number().int().min(3000, "must be at least 3000").max(16000, "must be at most 16000").optional(),
  disk_throughput: z.number().int().min(125, "must be at least 125").max(1000, "must be at most 1000").optional(),
  instance_type: nonEmpty.optional(),
  kubernetes: z.enum(["MANAGED", "SELF_MANAGED", "PARTIALLY_MANAGED"]).default("MANAGED"),
  production: z.boolean().default(false),
  ssh_keys: z.array(z.string()).default([]),
  features: z.array(z.object({ id: uuidString, value: z.unknown().optional() })).default([]),
  metrics_parameters: looseObject.optional(),
  infrastructure_charts_parameters: looseObject.optional(),
  keda: z.object({ enabled: z.boolean() }).optional(),
  labels_groups: z.array(idReference).optional(),
  secret_manager_accesses: z.array(z.object({
    id: uuidString.nullish(), name: nonEmpty, endpoint: secretManagerEndpoint, authentication: secretManagerAuthentication,
  })).optional(),
});

/** A parsed cluster request. */
export type ClusterRequest = z.output<typeof clusterRequest>;

/** Where a cluster runs and with which credentials. */
export const cloudProviderInfoRequest = z.object({
  cloud_provider: z.enum(["AWS", "SCW", "GCP", "ON_PREMISE", "AZURE"]).optional(),
  credentials: z.object({ id: uuidString, name: z.string().optional() }).optional(),
  region: z.string().optional(),
});

/** A parsed cloud provider info request. */
export type CloudProviderInfoRequest = z.output<typeof cloudProviderInfoRequest>;

/** The cloud provider info of a cluster. */
export const cloudProviderInfoResponse = z.object({
  cloud_provider: z.string(), credentials: z.object({ id: z.string(), name: z.string() }).optional(), region: z.string(),
});

const route = z.object({ destination: nonEmpty, target: nonEmpty, description: z.string() });

/** Replace a cluster's routing table. */
export const routingTableRequest = z.object({ routes: z.array(route) });

/** A cluster's routing table. */
export const routingTableResponse = z.object({ results: z.array(route) });

/** Set a cluster's DNS provider: the service's own, Cloudflare (with an API token, never answered) or Route 53. */
export const dnsProviderRequest = z.object({
  dns_provider: z.discriminatedUnion("provider", [
    z.object({ provider: z.literal("QOVERY"), domain: nonEmpty }),
    z.object({ provider: z.literal("CLOUDFLARE"), domain: nonEmpty, email: z.email(), api_token: nonEmpty, proxied: z.boolean().default(false) }),
    z.object({
      provider: z.literal("ROUTE53"), domain: nonEmpty, aws_region: nonEmpty, hosted_zone_id: z.string().nullish(),
      credentials: z.object({ type: z.literal("STATIC"), aws_access_key_id: nonEmpty, aws_secret_access_key: nonEmpty }),
    }),
  ]),
});

/** A parsed DNS provider request. */
export type DnsProviderRequest = z.output<typeof dnsProviderRequest>;

/** A cluster's DNS provider. */
export const dnsProviderResponse = z.object({ dns_provider: z.object({ provider: z.string(), domain: z.string() }).loose() });

/** The environments on a cluster, each with its project and its services. */
export const clusterEnvironmentsResponse = z.object({
  results: z.array(z.object({
    environment_id: z.string(), environment_name: z.string(), project_id: z.string(), project_name: z.string(),
    services: z.array(z.object({ id: z.string(), name: z.string(), type: z.string() })),
  })),
});

/** Whether a cluster is ready to take deployments. */
export const readinessResponse = z.object({ is_ready: z.boolean() });

/** One line of a cluster's infrastructure log. */
export const clusterLogResponse = z.object({
  type: z.string(), timestamp: z.string(), step: z.string(), message: z.object({ safe_message: z.string() }),
  details: z.object({ provider_kind: z.string(), region: z.string(), transmitter: z.object({ type: z.string(), id: z.string(), name: z.string() }) }),
});

/** A cluster's monthly cost range. */
export const costRangeResponse = z.object({
  total_in_cents: z.number().int(), total: z.number(), min_cost_in_cents: z.number().int(), min_cost: z.number(),
  max_cost_in_cents: z.number().int(), max_cost: z.number(), currency_code: z.string(),
});

/** One cluster feature of a cloud's catalogue. */
export const clusterFeatureResponse = z.object({
  id: z.string(), title: z.string(), cost_per_month_in_cents: z.number().int().nullable(), cost_per_month: z.number().nullable(),
  currency_code: z.string().nullable(), is_cloud_provider_paying_feature: z.boolean(), cloud_provider_feature_documentation: z.string().nullable(),
  is_qovery_paying_feature: z.boolean(), qovery_feature_documentation: z.string().nullable(),
  value_object: z.object({ type: z.string(), value: z.union([z.string(), z.boolean()]) }).nullable(),
  is_value_updatable: z.boolean(), accepted_values: z.array(z.union([z.string(), z.boolean()])),
});

/** An instance type of a cloud. */
export const instanceTypeResponse = z.object({
  type: z.string(), name: z.string(), cpu: z.number().int(), ram_in_gb: z.number().int(), bandwidth_in_gbps: z.string(),
  bandwidth_guarantee: z.string(), architecture: z.string(),
  gpu_info: z.object({ count: z.number().int(), name: z.string(), manufacturer: z.string(), memory_in_mib: z.string() }),
  attributes: z.object({
    instance_category: z.string(), instance_generation: z.number().int(), instance_family: z.string(), instance_size: z.string(),
    meets_resource_reqs: z.boolean(),
  }),
});
