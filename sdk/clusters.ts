/**
 * Clusters: the Kubernetes clusters environments run on. The records and requests in the service's spelling; the
 * endpoint group is {@link ClustersApi} (`cluster-endpoints.ts`), the clouds' table `clouds.ts`.
 */
import { z } from "zod";
import { CLOUD_PROVIDERS } from "./clouds";
import { Reference, ReferenceRequest, TIMESTAMP_FIELDS, maybe, namedRecord, openEnum, sameFields } from "./schema";
import { secretFields } from "./sensitive";

/** Cluster states (deployment states plus `DRY_RUN` and `INVALID_CREDENTIALS`). */
export const ClusterState = openEnum([
  "BUILDING", "BUILD_ERROR", "CANCELED", "CANCELING", "DELETED", "DELETE_ERROR", "DELETE_QUEUED", "DELETING", "DEPLOYED",
  "DEPLOYING", "DEPLOYMENT_ERROR", "DEPLOYMENT_QUEUED", "DRY_RUN", "QUEUED", "READY", "STOPPED", "STOPPING", "STOP_ERROR",
  "STOP_QUEUED", "RESTART_QUEUED", "RESTARTING", "RESTARTED", "RESTART_ERROR", "INVALID_CREDENTIALS",
] as const);
/** A cluster state. */
export type ClusterState = z.infer<typeof ClusterState>;

/** How the cluster's Kubernetes is run (`kubernetes`): `MANAGED` (the default), `SELF_MANAGED` or `PARTIALLY_MANAGED`. */
export const KUBERNETES_MODES = ["MANAGED", "SELF_MANAGED", "PARTIALLY_MANAGED"] as const;
/** Bounds of a node's disk IOPS (`disk_iops`, operations per second), where the cloud has them. */
export const DISK_IOPS_BOUNDS = { min: 3000, max: 16_000 } as const;
/** Bounds of a node's disk throughput (`disk_throughput`, MB/s), where the cloud has them. */
export const DISK_THROUGHPUT_BOUNDS = { min: 125, max: 1000 } as const;
/** The disk size of a node in GB the service uses when a create gives none. */
export const DEFAULT_DISK_SIZE_GB = 40;

const bounded = (b: { min: number; max: number }) => z.number().int().min(b.min).max(b.max);
const nodeCount = z.number().int().min(0);

/** A feature's value in a request: a string, a flag, or the feature's parameters (an existing VPC, Karpenter, a NAT gateway). */
export const ClusterFeatureValue = z.union([z.string(), z.boolean(), z.record(z.string(), z.unknown())]);
/** A feature of a cluster in a request: the feature's id (from `client.cloudCatalogues.features`) and its value. */
export const ClusterFeatureRequest = z.looseObject({ id: z.string().min(1), value: ClusterFeatureValue.nullish() });

/** How the cluster's alerts are configured (`metrics_parameters.configuration.alerting`). */
const AlertingConfig = z.looseObject({
  enabled: z.boolean(),
  default_rule_labels: z.record(z.string(), z.string()).nullish(),
  spec_config_secret: z.string().optional(),
  spec_external_url: z.string().optional(),
  config_name: z.string().optional(),
});
const enabledFlag = z.looseObject({ enabled: z.boolean() });

/** How much the cluster's metrics stack may use (`metrics_parameters.configuration.resource_profile`). */
export const OBSERVABILITY_RESOURCE_PROFILES = ["LOW", "NORMAL", "HIGH"] as const;
/** Who runs the cluster's metrics (`metrics_parameters.configuration.kind`): the service, the only kind. */
export const METRICS_CONFIGURATION_KINDS = ["MANAGED_BY_QOVERY"] as const;
/** Where a cluster reads secrets from (`secret_manager_accesses[].endpoint.mode`). */
export const SECRET_MANAGER_ENDPOINT_MODES = ["AWS_SECRET_MANAGER", "AWS_PARAMETER_STORE", "GCP_SECRET_MANAGER"] as const;
/** How a cluster authenticates to a secret manager (`secret_manager_accesses[].authentication.mode`). */
export const SECRET_MANAGER_AUTH_MODES = ["AUTOMATICALLY_CONFIGURED", "AWS_ROLE_ARN", "AWS_STATIC_CREDENTIALS", "GCP_JSON_CREDENTIALS"] as const;

/** Metrics and alerting of a cluster (`metrics_parameters`); `configuration.kind` is `MANAGED_BY_QOVERY`. */
export const MetricsParameters = z.looseObject({
  enabled: z.boolean().optional(),
  configuration: z.looseObject({
    kind: z.enum(METRICS_CONFIGURATION_KINDS),
    resource_profile: z.enum(OBSERVABILITY_RESOURCE_PROFILES).optional(),
    cloud_watch_export_config: enabledFlag.optional(),
    high_availability: z.boolean().optional(),
    internal_network_monitoring: enabledFlag.optional(),
    alerting: AlertingConfig.optional(),
  }).optional(),
});

/** The charts the service installs on the cluster: ingress controller, certificate manager, load-balancer pools, on-premise source. */
export const InfrastructureChartsParameters = z.looseObject({
  nginx_parameters: z.looseObject({
    replica_count: z.number().int().min(0).optional(),
    default_ssl_certificate: z.string().optional(),
    publish_status_address: z.string().optional(),
    annotation_metal_lb_load_balancer_ips: z.string().optional(),
    annotation_external_dns_kubernetes_target: z.string().optional(),
  }).optional(),
  cert_manager_parameters: z.looseObject({ kubernetes_namespace: z.string().optional() }).optional(),
  metal_lb_parameters: z.looseObject({ ip_address_pools: z.array(z.string()).optional() }).optional(),
  eks_anywhere_parameters: z.looseObject({
    git_repository: z.looseObject({
      url: z.string().min(1), git_token_id: z.string().min(1), branch: z.string().optional(), commit_id: z.string().optional(),
      provider: z.string().optional(),
    }),
    yaml_file_path: z.string().min(1),
    cluster_backup: z.looseObject({
      enabled: z.boolean().optional(),
      timeout_seconds: z.number().int().min(0).optional(),
      certs_secret_name: z.string().optional(),
      s3: z.looseObject({ bucket: z.string().min(1), region: z.string().min(1), role_arn: z.string().min(1), key_prefix: z.string().optional() }),
    }).optional(),
  }).optional(),
});

/** Where the cluster reads secrets from (`secret_manager_accesses`): an endpoint and how to authenticate to it. */
export const SecretManagerAccessRequest = z.looseObject({
  id: z.string().nullish(),
  name: z.string().min(1),
  endpoint: z.looseObject({
    mode: z.enum(SECRET_MANAGER_ENDPOINT_MODES), region: z.string().min(1), project_id: z.string().optional(),
  }),
  authentication: z.looseObject({
    mode: z.enum(SECRET_MANAGER_AUTH_MODES),
    role_arn: z.string().optional(), region: z.string().optional(), access_key: z.string().optional(),
    secret_key: z.string().nullish(), json_credentials: z.string().nullish(),
  }),
});

/** The cloud, credentials and region of a cluster (`cloud_provider_credentials`, and the cloud-provider-info endpoint). */
export const ClusterCloudProviderInfoRequest = z.looseObject({
  cloud_provider: z.enum(CLOUD_PROVIDERS),
  credentials: z.looseObject({ id: z.string().min(1), name: z.string().optional() }),
  region: z.string().min(1),
});
/** The cloud, credentials and region of a cluster. */
export type ClusterCloudProviderInfoRequest = z.input<typeof ClusterCloudProviderInfoRequest>;
/** The cloud, credentials and region of a cluster, as the service answers them. */
export const ClusterCloudProviderInfo = z.looseObject({
  cloud_provider: maybe(openEnum(CLOUD_PROVIDERS)),
  credentials: maybe(z.looseObject({ id: maybe(z.string()), name: maybe(z.string()) })),
  region: maybe(z.string()),
});
/** The cloud, credentials and region of a cluster, as the service answers them. */
export type ClusterCloudProviderInfo = z.infer<typeof ClusterCloudProviderInfo>;

/**
 * Body of a cluster create or edit (an edit sends the whole request again). `instance_type` is the type code of
 * `client.cloudCatalogues.instanceTypes` (`T3A_LARGE`); `min_running_nodes` may not exceed `max_running_nodes`.
 */
export const ClusterRequest = z
  .looseObject({
    name: z.string().min(1),
    description: z.string().optional(),
    region: z.string().min(1),
    cloud_provider: z.enum(CLOUD_PROVIDERS),
    cloud_provider_credentials: ClusterCloudProviderInfoRequest.optional(),
    min_running_nodes: nodeCount.optional(),
    max_running_nodes: nodeCount.optional(),
    disk_size: z.number().int().min(1).optional(),
    disk_iops: bounded(DISK_IOPS_BOUNDS).optional(),
    disk_throughput: bounded(DISK_THROUGHPUT_BOUNDS).optional(),
    instance_type: z.string().min(1).optional(),
    kubernetes: z.enum(KUBERNETES_MODES).optional(),
    production: z.boolean().optional(),
    ssh_keys: z.array(z.string()).optional(),
    features: z.array(ClusterFeatureRequest).optional(),
    metrics_parameters: MetricsParameters.optional(),
    infrastructure_charts_parameters: InfrastructureChartsParameters.optional(),
    keda: enabledFlag.optional(),
    labels_groups: z.array(ReferenceRequest).optional(),
    secret_manager_accesses: z.array(SecretManagerAccessRequest).optional(),
  })
  .superRefine((request, ctx) => {
    const { min_running_nodes: min, max_running_nodes: max } = request;
    if (min !== undefined && max !== undefined && min > max) {
      ctx.addIssue({ code: "custom", path: ["min_running_nodes"], message: `expected at most max_running_nodes (${max}), got ${min}` });
    }
    const cloud = request.cloud_provider_credentials?.cloud_provider;
    if (cloud !== undefined && cloud !== request.cloud_provider) {
      ctx.addIssue({
        code: "custom", path: ["cloud_provider_credentials", "cloud_provider"],
        message: `expected credentials of the cluster's cloud ${request.cloud_provider}, got ${cloud}`,
      });
    }
  });
/** Body of a cluster create or edit. */
export type ClusterRequest = z.input<typeof ClusterRequest>;
// The secret manager's keys and the alert manager's secret configuration.
secretFields({ secret: ["secret_key", "json_credentials", "spec_config_secret"] });

/** A feature of a cluster or of a cloud's catalogue (`value_object.value` is the cluster's setting). */
export const ClusterFeature = z.looseObject({
  ...sameFields(["id", "title", "description", "cloud_provider_feature_documentation", "value_type"], maybe(z.string())),
  ...sameFields(["is_cloud_provider_paying_feature", "is_value_updatable"], maybe(z.boolean())),
  value_object: maybe(z.looseObject({ type: maybe(z.string()), value: z.unknown() })),
  accepted_values: maybe(z.array(z.union([z.string(), z.boolean()]))),
});
/** A feature of a cluster or of a cloud's catalogue. */
export type ClusterFeature = z.infer<typeof ClusterFeature>;

/** A cluster record. */
export const Cluster = namedRecord({
  organization: maybe(Reference),
  status: maybe(ClusterState),
  ...sameFields(["region", "cloud_provider", "description", "version", "kubernetes", "instance_type"], maybe(z.string())),
  ...sameFields(["is_default", "is_demo", "has_access", "production"], maybe(z.boolean())),
  ...sameFields(
    ["min_running_nodes", "max_running_nodes", "disk_size", "disk_iops", "disk_throughput", "cpu", "memory", "estimated_cloud_provider_cost"],
    maybe(z.number()),
  ),
  ssh_keys: maybe(z.array(z.string())),
  features: maybe(z.array(ClusterFeature)),
  deployment_status: maybe(openEnum(["NEVER_DEPLOYED", "OUT_OF_DATE", "UP_TO_DATE"] as const)),
  metrics_parameters: maybe(z.looseObject({})),
  infrastructure_outputs: maybe(z.looseObject({ kind: maybe(z.string()), cluster_name: maybe(z.string()), cluster_oidc_issuer: maybe(z.string()) })),
  infrastructure_charts_parameters: maybe(z.looseObject({})),
  keda: maybe(z.looseObject({ enabled: maybe(z.boolean()) })),
  labels_groups: maybe(z.array(z.looseObject({ id: maybe(z.string()) }))),
  secret_manager_accesses: maybe(z.array(z.looseObject({ id: maybe(z.string()), name: maybe(z.string()), ...TIMESTAMP_FIELDS }))),
});
/** A cluster record. */
export type Cluster = z.infer<typeof Cluster>;

/** Status of a cluster (its state, whether it is deployed, the next Kubernetes version it can be upgraded to). */
export const ClusterStatus = z.looseObject({
  cluster_id: z.string(),
  status: ClusterState,
  is_deployed: maybe(z.boolean()),
  reason: maybe(openEnum(["UNSPECIFIED", "MAINTENANCE"] as const)),
  next_k8s_available_version: maybe(z.string()),
  last_execution_id: maybe(z.string()),
  last_deployment_date: maybe(z.string()),
  cluster_lock: maybe(z.looseObject({
    reason: maybe(z.string()), cluster_id: maybe(z.string()), locked_at: maybe(z.string()),
    owner_name: maybe(z.string()), ttl_in_days: maybe(z.number()),
  })),
});
/** Status of a cluster. */
export type ClusterStatus = z.infer<typeof ClusterStatus>;

/** A Kubernetes access token for a cluster (`status.token` is a secret). */
export const ClusterToken = z.looseObject({
  apiVersion: z.string(),
  kind: z.string(),
  spec: z.looseObject({}),
  status: z.looseObject({ token: z.string(), expirationTimestamp: maybe(z.string()) }),
});
/** A Kubernetes access token for a cluster. */
export type ClusterToken = z.infer<typeof ClusterToken>;
secretFields({ secret: ["token"] });

/** Options of {@link ClustersApi.kubeconfig}. */
export interface KubeconfigOptions {
  /** True: the user part runs the service's CLI to get a token (`exec`) instead of holding one. */
  withTokenFromCli?: boolean;
  /** True: the credential is a read-only one (a service account with the `view` cluster role). */
  readOnly?: boolean;
}

const CREDENTIAL_LINE = /^\s*-?\s*(?:token|client-key-data|client-certificate-data|password|id-token|refresh-token)\s*:\s*["']?([^"'\s]+)["']?\s*$/gm;

/** The credential values of a kubeconfig (tokens, keys, passwords), each kept out of messages on its own too. */
export function kubeconfigCredentials(yaml: string): string[] {
  return [...yaml.matchAll(CREDENTIAL_LINE)].map((m) => m[1] ?? "").filter((v) => v.length >= 8);
}
