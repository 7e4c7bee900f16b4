import { computedOutputs, defineResource, type DefinedResource } from "../../framework/define";
import { apiClient } from "../../framework/credentials";
import { serviceObjectClass } from "../../framework/resource";
import { clusterSchema, type ClusterArgs, type ClusterComputed } from "./args";
import { clusterServiceCheck } from "./check";
import { storedAccessesOf, withStoredSecrets } from "./secret-managers";
import { clusterDnsProviderPart } from "./dns-provider";
import { clusterDeployPart, clusterUpgradePart, deleteCluster } from "./parts";
import { clusterCalls, type ClusterRecord } from "./sdk-calls";

export { clusterSchema, type ClusterArgs, type ClusterComputed, type ClusterFeatureArgs, type ClusterInputs } from "./args";
export type { ClusterMetricsParametersArgs, ClusterMetricsConfigurationArgs, ClusterAlertingArgs, ClusterEnabledArgs } from "./metrics";
export type {
  ClusterInfrastructureChartsArgs, ClusterNginxChartArgs, ClusterCertManagerChartArgs, ClusterMetalLbChartArgs, ClusterEksAnywhereArgs,
  ClusterEksAnywhereGitRepositoryArgs, ClusterBackupArgs, ClusterBackupS3Args,
} from "./charts";
export type { SecretManagerAccessArgs, SecretManagerEndpointArgs, SecretManagerAuthenticationArgs } from "./secret-managers";
export type { ClusterDnsProviderArgs, CloudflareDnsArgs, Route53DnsArgs } from "./dns-provider";

/** {@link ClusterComputed} read from a cluster's record: the resource's outputs, the lookup's members. */
export const clusterComputed = computedOutputs<ClusterComputed>("status", "version", "isDefault");

const defined = defineResource({
  kind: "Cluster",
  noun: "cluster",
  schema: clusterSchema,
  ...clusterComputed,
  outputs: (record, inputs) => ({ ...clusterComputed.outputs(record), ...storedAccessesOf(record, inputs.secretManagerAccesses) }),
  parts: [clusterDnsProviderPart, clusterDeployPart, clusterUpgradePart],
  calls: clusterCalls,
  serviceCheck: clusterServiceCheck,
  toWire: (inputs, _purpose, derived) => ({
    ...derived,
    cloud_provider_credentials: { cloud_provider: inputs.cloudProvider, credentials: { id: inputs.credentialsId }, region: inputs.region },
    keda: { enabled: inputs.eventScalerEnabled },
  }),
  // The service answers features in its catalogue's shape: the stored ones stand.
  // The service never answers a secret manager's keys: the stored ones stand.
  fromWire: (_record: ClusterRecord, previous, derived) => ({
    ...derived, features: previous["features"] ?? [],
    secretManagerAccesses: withStoredSecrets(derived["secretManagerAccesses"], previous["secretManagerAccesses"]),
  }),
});

/** The cluster family: the framework's provider (its check asks the service), with the delete that stops first. */
export const cluster: DefinedResource<typeof clusterSchema> = {
  ...defined,
  provider: { ...defined.provider, delete: (id, props) => deleteCluster(apiClient(), id, props) },
};

/** The dynamic provider of {@link Cluster}. */
export const clusterProvider = cluster.provider;

/**
 * A Kubernetes cluster of an organization, created in a cloud with that cloud's credentials, deployed and waited
 * for (`deploy`, default true), its node counts, instance type and disk updated in place, its Kubernetes version
 * upgraded in place (`kubernetesVersion`). What replaces it: another organization, cloud or region (the service
 * cannot move a cluster). Destroying it stops it, deletes it and waits until it is gone; it is refused, naming them,
 * while environments still run on it. Outputs: `status` and `version`, as the service says.
 *
 * @example
 * const aws = new AwsCredentials("aws", { organizationId: org.id, name: "prod", roleArn });
 * const cluster = new Cluster("prod", {
 *   organizationId: org.id, cloudProvider: "AWS", credentialsId: aws.id, name: "prod", region: "eu-west-3",
 *   instanceType: "T3A_LARGE", minRunningNodes: 3, maxRunningNodes: 6, kubernetesVersion: "1.31",
 * });
 * new Environment("staging", { projectId: project.id, name: "staging", clusterId: cluster.id });
 *
 * @class
 */
export const Cluster = serviceObjectClass<ClusterArgs, typeof clusterSchema, ClusterComputed>(cluster);
/** {@link Cluster} as a type: its outputs are every input as stored and what the service computes. */
export type Cluster = InstanceType<typeof Cluster>;
