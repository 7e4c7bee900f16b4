/**
 * The catalogue of a cluster's advanced settings (`/organization/{id}/cluster/{clusterId}/advancedSettings`): each
 * key of the reference's `ClusterAdvancedSettings` with the type it declares (integer, boolean, a string of a fixed
 * set, a list or a map of strings). Defaults are the service's as documented; `GET /defaultClusterAdvancedSettings`
 * answers the ones the service holds now, which the provider's reset prefers.
 */
import { flag, integer, integerOrNull, oneOf, retryTriggers, statusCodes, stringList, stringMap, text, textOrNull, type AdvancedSettingsCatalogue } from "./advanced-setting-specs";

/** The four requests and limits (milli-CPUs and MiB, >= 0) of one Loki component. */
function lokiResources<const P extends string>(part: P, cpuMilli: number, memoryMib: number) {
  return {
    [`loki.${part}.cpu_request_m`]: integer(cpuMilli),
    [`loki.${part}.cpu_limit_m`]: integer(cpuMilli * 2),
    [`loki.${part}.memory_request_mib`]: integer(memoryMib),
    [`loki.${part}.memory_limit_mib`]: integer(memoryMib * 2),
  } as Record<`loki.${P}.${"cpu_request_m" | "cpu_limit_m" | "memory_request_mib" | "memory_limit_mib"}`, ReturnType<typeof integer>>;
}

/** Whether a managed database kind refuses every source, and the CIDRs it accepts otherwise. */
function databaseAccess<const D extends string>(db: D) {
  return { [`database.${db}.deny_any_access`]: flag(false), [`database.${db}.allowed_cidrs`]: stringList([]) } as
    Record<`database.${D}.deny_any_access`, ReturnType<typeof flag>> & Record<`database.${D}.allowed_cidrs`, ReturnType<typeof stringList>>;
}

/** Every advanced setting of a cluster, typed as the reference declares it. */
export const CLUSTER_ADVANCED_SETTINGS = {
  /** Days the EKS control-plane logs are kept in CloudWatch (AWS). */
  "aws.cloudwatch.eks_logs_retention_days": integer(90),
  /** Send the VPC's flow logs to S3 (AWS). */
  "aws.vpc.enable_s3_flow_logs": flag(false),
  /** Days the VPC flow logs are kept (AWS). */
  "aws.vpc.flow_logs_retention_days": integer(365),
  /** A second elastic IP on the NAT gateway (AWS). */
  "aws.vpc.enable_nat_gateway_secondary_eip": flag(false),
  /** Weeks Loki keeps the services' logs. */
  "loki.log_retention_in_week": integer(12),
  /** How Loki runs: `"single_binary"` or `"simple_scalable"` (separate write, read and backend components). */
  "loki.deployment_mode": oneOf(["single_binary", "simple_scalable"], "single_binary"),
  ...lokiResources("single_binary", 500, 1024),
  ...lokiResources("write", 250, 512),
  ...lokiResources("read", 250, 512),
  ...lokiResources("backend", 250, 512),
  /** Seconds images are kept in the cluster's mirroring registry. */
  "registry.image_retention_time": integer(31536000),
  /** Tags put on the cloud provider's container registry (name -> value). */
  "cloud_provider.container_registry.tags": stringMap(),
  /** Install the AWS load balancer controller (AWS). */
  "aws.eks.enable_alb_controller": flag(true),
  /** Install the EFS add-on (AWS). */
  "aws.eks.enable_efs_addon": flag(false),
  /** EFS throughput mode (AWS). */
  "aws.eks.efs.throughput_mode": oneOf(["bursting", "elastic", "provisioned"], "elastic"),
  /** EFS performance mode (AWS). */
  "aws.eks.efs.performance_mode": oneOf(["generalPurpose", "maxIO"], "generalPurpose"),
  /** When EFS files move to infrequent access (AWS); `""` never. */
  "aws.eks.efs.transition_to_ia": oneOf(["AFTER_1_DAY", "AFTER_7_DAYS", "AFTER_14_DAYS", "AFTER_30_DAYS", "AFTER_60_DAYS", "AFTER_90_DAYS", ""], "AFTER_30_DAYS"),
  /** Size of the cluster's load balancer (Scaleway: `"lb-s"`, `"lb-gp-m"`, ...). */
  "load_balancer.size": text("lb-s"),
  ...databaseAccess("postgresql"),
  ...databaseAccess("mysql"),
  ...databaseAccess("mongodb"),
  ...databaseAccess("redis"),
  /** IAM group whose members administer the cluster (AWS). */
  "aws.iam.admin_group": text("Admins"),
  /** Instance metadata service of the nodes: `"optional"` (IMDSv1 and v2) or `"required"` (IMDSv2 only) (AWS). */
  "aws.eks.ec2.metadata_imds": oneOf(["optional", "required"], "optional"),
  /** AMI family of the nodes (AWS). */
  "aws.eks.ec2.ami": text("AmazonLinux2023"),
  /** Deprecated by the service: seconds before an ephemeral cluster's resources are cleaned up (-1: never). */
  "pleco.resources_ttl": integer(-1, { min: -1 }),
  /** How the mirroring registry groups images: per `"Service"` or per `"Cluster"` (not on Scaleway). */
  "registry.mirroring_mode": oneOf(["Cluster", "Service"], "Service"),
  /** CPU the ingress controller requests, in milli-CPUs. */
  "nginx.vcpu.request_in_milli_cpu": integer(100),
  /** CPU limit of the ingress controller, in milli-CPUs. */
  "nginx.vcpu.limit_in_milli_cpu": integer(500),
  /** Memory the ingress controller requests, in MiB. */
  "nginx.memory.request_in_mib": integer(768),
  /** Memory limit of the ingress controller, in MiB. */
  "nginx.memory.limit_in_mib": integer(768),
  /** Gateway request timeout in seconds (>= 0), or `null` for the service's default. */
  "envoy.gateway_api.http_request_timeout_seconds": integerOrNull({ min: 0 }),
  /** Gateway idle connection timeout in seconds (>= 0), or `null`. */
  "envoy.gateway_api.http_connection_idle_timeout_seconds": integerOrNull({ min: 0 }),
  /** Number of gateway retries (>= 0), or `null`. */
  "envoy.gateway_api.retry.num_retries": integerOrNull({ min: 0 }),
  /** Comma-separated retry triggers (`"5xx,reset"`), or `null`. */
  "envoy.gateway_api.retry.retry_on": textOrNull(retryTriggers, "commaList"),
  /** Comma-separated HTTP codes retried, or `null`. */
  "envoy.gateway_api.retry.http_status_codes": textOrNull(statusCodes, "commaList"),
  /** Timeout of each gateway attempt in seconds (>= 1), or `null`. */
  "envoy.gateway_api.retry.per_try_timeout_seconds": integerOrNull({ min: 1 }),
  /** Average CPU (percent) above which ingress controllers are added. */
  "nginx.hpa.cpu_utilization_percentage_threshold": integer(50),
  /** Fewest ingress controller instances. */
  "nginx.hpa.min_number_instances": integer(2),
  /** Most ingress controller instances. */
  "nginx.hpa.max_number_instances": integer(25),
  /** Storage class of fast SSD volumes. */
  "storageclass.fast_ssd": text("aws-ebs-gp2-0"),
  /** Egress through static IPs. */
  "qovery.static_ip_mode": flag(false),
  /** CIDRs allowed to reach the Kubernetes API; `["0.0.0.0/0"]` allows every source. */
  "k8s.api.allowed_public_access_cidrs": stringList(["0.0.0.0/0"]),
} as const satisfies AdvancedSettingsCatalogue;

/** One advanced-setting key of a cluster, as the service spells it. */
export type ClusterAdvancedSettingKey = keyof typeof CLUSTER_ADVANCED_SETTINGS;
