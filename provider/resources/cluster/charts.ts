/**
 * A cluster's `infrastructureChartsParameters` input (wire `infrastructure_charts_parameters`, the reference's
 * `ClusterInfrastructureChartsParameters`): the charts the service installs on the cluster, their Args with TSDoc
 * and a strict schema whose members the framework maps to their wire names.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { GIT_PROVIDERS } from "../../../sdk";
import { field } from "../../framework/fields";
import { idInput } from "../../framework/rules";

/** The ingress controller's chart (the reference's `ClusterInfrastructureNginxChartParameters`). */
export interface ClusterNginxChartArgs {
  /** Replicas of the ingress controller, 0 or more. Wire: `replica_count`. */
  replicaCount?: pulumi.Input<number>;
  /** The default TLS certificate (`namespace/secret`). Wire: `default_ssl_certificate`. */
  defaultSslCertificate?: pulumi.Input<string>;
  /** The address the ingresses publish as theirs. Wire: `publish_status_address`. */
  publishStatusAddress?: pulumi.Input<string>;
  /** The MetalLB load-balancer IPs annotation. Wire: `annotation_metal_lb_load_balancer_ips`. */
  annotationMetalLbLoadBalancerIps?: pulumi.Input<string>;
  /** The external-dns target annotation. Wire: `annotation_external_dns_kubernetes_target`. */
  annotationExternalDnsKubernetesTarget?: pulumi.Input<string>;
}

/** The certificate manager's chart (the reference's `ClusterInfrastructureCertManagerChartParameters`). */
export interface ClusterCertManagerChartArgs {
  /** Its namespace. Wire: `kubernetes_namespace`. */
  kubernetesNamespace?: pulumi.Input<string>;
}

/** MetalLB's chart (the reference's `ClusterInfrastructureMetalLbChartParameters`). */
export interface ClusterMetalLbChartArgs {
  /** The address pools (`10.0.0.10-10.0.0.20`). Wire: `ip_address_pools`. */
  ipAddressPools?: pulumi.Input<pulumi.Input<string>[]>;
}

/** The git repository holding an EKS Anywhere cluster's YAML (the reference's `ClusterEksAnywhereGitRepository`). */
export interface ClusterEksAnywhereGitRepositoryArgs {
  /** The repository's URL. Wire: `url`. */
  url: pulumi.Input<string>;
  /** Id of the `GitToken` the service reads the repository with. Wire: `git_token_id`. */
  gitTokenId: pulumi.Input<string>;
  /** Branch. Default: the repository's default branch. Wire: `branch`. */
  branch?: pulumi.Input<string>;
  /** Commit to pin. Default: the branch's latest. Wire: `commit_id`. */
  commitId?: pulumi.Input<string>;
  /** `GITHUB`, `GITLAB` or `BITBUCKET`. Wire: `provider`. */
  provider?: pulumi.Input<(typeof GIT_PROVIDERS)[number]>;
}

/** Where an EKS Anywhere cluster's backups go (the reference's `ClusterInfrastructureEksAnywhereBackupS3Parameters`). */
export interface ClusterBackupS3Args {
  /** The S3 bucket. Wire: `bucket`. */
  bucket: pulumi.Input<string>;
  /** The bucket's AWS region. Wire: `region`. */
  region: pulumi.Input<string>;
  /** The IAM role that uploads the backups. Wire: `role_arn`. */
  roleArn: pulumi.Input<string>;
  /** Prefix of the backups' keys. Wire: `key_prefix`. */
  keyPrefix?: pulumi.Input<string>;
}

/** An EKS Anywhere cluster's backup (the reference's `ClusterInfrastructureEksAnywhereBackupParameters`). */
export interface ClusterBackupArgs {
  /** Whether backups run. Default: the service's (`true`). Wire: `enabled`. */
  enabled?: pulumi.Input<boolean>;
  /** Timeout of a backup in seconds. Default: the service's (`300`). Wire: `timeout_seconds`. */
  timeoutSeconds?: pulumi.Input<number>;
  /** Kubernetes secret holding the etcd certificates. Wire: `certs_secret_name`. */
  certsSecretName?: pulumi.Input<string>;
  /** The S3 bucket the backups go to. Wire: `s3`. */
  s3: pulumi.Input<ClusterBackupS3Args>;
}

/** An EKS Anywhere cluster's source, on-premise clusters only (the reference's `ClusterInfrastructureEksAnywhereParameters`). */
export interface ClusterEksAnywhereArgs {
  /** The repository holding the cluster's YAML. Wire: `git_repository`. */
  gitRepository: pulumi.Input<ClusterEksAnywhereGitRepositoryArgs>;
  /** Path of the cluster's YAML in the repository (`/clusters/a.yaml`). Wire: `yaml_file_path`. */
  yamlFilePath: pulumi.Input<string>;
  /** Backups of the cluster. Default: none. Wire: `cluster_backup`. */
  clusterBackup?: pulumi.Input<ClusterBackupArgs>;
}

/** The charts the service installs on a cluster. */
export interface ClusterInfrastructureChartsArgs {
  /** The ingress controller. Wire: `nginx_parameters`. */
  nginx?: pulumi.Input<ClusterNginxChartArgs>;
  /** The certificate manager. Wire: `cert_manager_parameters`. */
  certManager?: pulumi.Input<ClusterCertManagerChartArgs>;
  /** MetalLB's address pools. Wire: `metal_lb_parameters`. */
  metalLb?: pulumi.Input<ClusterMetalLbChartArgs>;
  /** The EKS Anywhere source: `cloudProvider: "ON_PREMISE"` or `kubernetesMode: "PARTIALLY_MANAGED"` only. Wire: `eks_anywhere_parameters`. */
  eksAnywhere?: pulumi.Input<ClusterEksAnywhereArgs>;
}

const text = z.string().min(1);

const eksAnywhere = z.strictObject({
  gitRepository: z.strictObject({
    url: z.url(), gitTokenId: idInput(), branch: text.optional(), commitId: text.optional(), provider: z.enum(GIT_PROVIDERS).optional(),
  }),
  yamlFilePath: text,
  clusterBackup: z.strictObject({
    enabled: z.boolean().optional(),
    timeoutSeconds: z.number().int().min(1).optional(),
    certsSecretName: text.optional(),
    s3: z.strictObject({ bucket: text, region: text, roleArn: text, keyPrefix: text.optional() }),
  }).optional(),
});

/** The `infrastructureChartsParameters` input: unknown keys refused at every depth, the path named. */
export const infrastructureChartsSchema = z.strictObject({
  nginx: field(z.strictObject({
    replicaCount: z.number().int().min(0).optional(),
    defaultSslCertificate: text.optional(),
    publishStatusAddress: text.optional(),
    annotationMetalLbLoadBalancerIps: text.optional(),
    annotationExternalDnsKubernetesTarget: text.optional(),
  }).optional(), { wire: "nginx_parameters" }),
  certManager: field(z.strictObject({ kubernetesNamespace: text.optional() }).optional(), { wire: "cert_manager_parameters" }),
  metalLb: field(z.strictObject({ ipAddressPools: z.array(text).optional() }).optional(), { wire: "metal_lb_parameters" }),
  eksAnywhere: field(eksAnywhere.optional(), { wire: "eks_anywhere_parameters" }),
});
