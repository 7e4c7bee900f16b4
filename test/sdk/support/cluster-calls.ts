/**
 * Every call of the cluster family, the clouds' credentials, the catalogues and the costs, with the request it must
 * send and a small answer of the service's shape: shared by the endpoint test and the test against the reference.
 */
import type { DeployServiceClient } from "../../../sdk";

type Method = "GET" | "POST" | "PUT" | "DELETE";
/** One call: its name, how it is made, the method, path (and query) and body it must send, and an answer. */
export type ClusterCall = [call: string, run: (c: DeployServiceClient) => Promise<unknown>, method: Method, url: string, body: unknown, answer: unknown];

const ORG = "o1";
/** Ids of records a request names (the reference wants uuids there). */
export const IDS = { cluster: "3f1c2d4e-0000-4000-8000-000000000001", credentials: "6a0e7a9c-0000-4000-8000-00000000000c", feature: "6a0e7a9c-0000-4000-8000-00000000000f", labels: "6a0e7a9c-0000-4000-8000-00000000000b" };
const list = (...items: unknown[]) => ({ results: items });
export const cluster = { id: "c1", name: "prod", region: "eu-west-3", cloud_provider: "AWS", organization: { id: ORG } };
export const clusterStatus = { cluster_id: "c1", status: "DEPLOYED", is_deployed: true, reason: "UNSPECIFIED", next_k8s_available_version: "1.31" };
const creds = (object_type: string) => ({ id: "k1", name: "ops", object_type });
const info = { cloud_provider: "AWS", credentials: { id: IDS.credentials, name: "ops" }, region: "eu-west-3" };
const routes = { routes: [{ destination: "10.0.0.0/16", target: "vpc-peer", description: "peering" }] };
const dns = { dns_provider: { provider: "QOVERY", domain: "example.com" } };
const instanceType = { type: "T3A_LARGE", name: "t3a.large", cpu: 2, ram_in_gb: 8, bandwidth_in_gbps: "5", bandwidth_guarantee: "UpTo" };
const feature = { id: "f1", title: "Static IP", value_type: "BOOLEAN", is_value_updatable: false };

/** A cluster create's body: node counts, disk, instance type, features, metrics, charts, KEDA, labels groups. */
export const clusterRequest = {
  name: "prod", region: "eu-west-3", cloud_provider: "AWS" as const, description: "main",
  cloud_provider_credentials: { cloud_provider: "AWS" as const, credentials: { id: IDS.credentials, name: "ops" }, region: "eu-west-3" },
  kubernetes: "MANAGED" as const, instance_type: "T3A_LARGE", disk_size: 50, disk_iops: 3000, disk_throughput: 125,
  min_running_nodes: 3, max_running_nodes: 5, production: true, ssh_keys: ["ssh-ed25519 AAAA"],
  features: [{ id: IDS.feature, value: true }], keda: { enabled: true }, labels_groups: [{ id: IDS.labels }],
  metrics_parameters: { enabled: true, configuration: { kind: "MANAGED_BY_QOVERY" as const, resource_profile: "NORMAL" as const } },
  infrastructure_charts_parameters: { nginx_parameters: { replica_count: 2 }, cert_manager_parameters: { kubernetes_namespace: "cert-manager" } },
};

/** Credentials bodies, one per cloud, in the reference's spelling. */
export const credentialRequests = {
  AWS: { type: "AWS_STATIC" as const, name: "ops", access_key_id: "AKIAEXAMPLE", secret_access_key: "aws-Secret/Key+0123456789" },
  GCP: { name: "ops", gcp_credentials: "eyJ0eXBlIjoic2VydmljZV9hY2NvdW50In0gcHJpdmF0ZQ==" },
  SCW: {
    name: "ops", scaleway_access_key: "SCWACCESS", scaleway_secret_key: "scw-secret-0123456789abcdef",
    scaleway_project_id: "p-1", scaleway_organization_id: "org-1",
  },
  AZURE: { name: "ops", azure_subscription_id: "sub-1", azure_tenant_id: "ten-1" },
  ON_PREMISE: { name: "ops" },
};

const GROUPS = [
  ["AWS", "awsCredentials", "aws"], ["GCP", "gcpCredentials", "gcp"], ["SCW", "scalewayCredentials", "scaleway"],
  ["AZURE", "azureCredentials", "azure"], ["ON_PREMISE", "onPremiseCredentials", "onPremise"],
] as const;

/** The five clouds' credentials calls, from one table. */
function credentialCalls(): ClusterCall[] {
  return GROUPS.flatMap(([cloud, group, segment]): ClusterCall[] => {
    const at = `/organization/${ORG}/${segment}/credentials`;
    const request = credentialRequests[cloud];
    const answer = creds(cloud === "ON_PREMISE" ? "OTHER" : cloud);
    const g = (c: DeployServiceClient) => c[group] as unknown as {
      list(o: string): Promise<unknown>; create(o: string, r: unknown): Promise<unknown>; get(o: string, i: string): Promise<unknown>;
      update(o: string, i: string, r: unknown): Promise<unknown>; delete(o: string, i: string): Promise<unknown>;
    };
    return [
      [`${group}.list`, (c) => g(c).list(ORG), "GET", at, undefined, list(answer)],
      [`${group}.create`, (c) => g(c).create(ORG, request), "POST", at, request, answer],
      [`${group}.get`, (c) => g(c).get(ORG, "k1"), "GET", `${at}/k1`, undefined, answer],
      [`${group}.update`, (c) => g(c).update(ORG, "k1", request), "PUT", `${at}/k1`, request, answer],
      [`${group}.delete`, (c) => g(c).delete(ORG, "k1"), "DELETE", `${at}/k1`, undefined, undefined],
    ];
  });
}

const at = `/organization/${ORG}/cluster`;

/** Every call, with what it must send. */
export const CLUSTER_CALLS: ClusterCall[] = [
  ["clusters.list", (c) => c.clusters.list(ORG), "GET", at, undefined, list(cluster)],
  ["clusters.get", (c) => c.clusters.get(ORG, IDS.cluster), "GET", at, undefined, list({ ...cluster, id: IDS.cluster })],
  ["clusters.create", (c) => c.clusters.create(ORG, clusterRequest), "POST", at, clusterRequest, cluster],
  ["clusters.update", (c) => c.clusters.update(ORG, "c1", clusterRequest), "PUT", `${at}/c1`, clusterRequest, cluster],
  ["clusters.delete", (c) => c.clusters.delete(ORG, "c1"), "DELETE", `${at}/c1`, undefined, undefined],
  ["clusters.delete (mode)", (c) => c.clusters.delete(ORG, "c1", { deleteMode: "DEFAULT" }), "DELETE", `${at}/c1?deleteMode=DEFAULT`, undefined, undefined],
  ["clusters.deploy", (c) => c.clusters.deploy(ORG, "c1"), "POST", `${at}/c1/deploy`, undefined, clusterStatus],
  ["clusters.deploy (dry run)", (c) => c.clusters.deploy(ORG, "c1", { dryRun: true }), "POST", `${at}/c1/deploy?dry_run=true`, undefined, clusterStatus],
  ["clusters.stop", (c) => c.clusters.stop(ORG, "c1"), "POST", `${at}/c1/stop`, undefined, clusterStatus],
  ["clusters.upgrade", (c) => c.clusters.upgrade("c1"), "POST", "/cluster/c1/upgrade", undefined, clusterStatus],
  ["clusters.status", (c) => c.clusters.status(ORG, "c1"), "GET", `${at}/c1/status`, undefined, clusterStatus],
  ["clusters.statuses", (c) => c.clusters.statuses(ORG), "GET", `${at}/status`, undefined, list(clusterStatus)],
  ["clusters.environments", (c) => c.clusters.environments("c1"), "GET", "/cluster/c1/environments", undefined,
    list({ environment_id: "e1", environment_name: "staging", project_id: "p1", project_name: "shop", services: [] })],
  ["clusters.advancedSettings", (c) => c.clusters.advancedSettings(ORG, "c1"), "GET", `${at}/c1/advancedSettings`, undefined, { "loki.log_retention_in_week": 12 }],
  ["clusters.updateAdvancedSettings", (c) => c.clusters.updateAdvancedSettings(ORG, "c1", { "loki.log_retention_in_week": 4 }), "PUT",
    `${at}/c1/advancedSettings`, { "loki.log_retention_in_week": 4 }, { "loki.log_retention_in_week": 4 }],
  ["clusters.defaultAdvancedSettings", (c) => c.clusters.defaultAdvancedSettings(), "GET", "/defaultClusterAdvancedSettings", undefined, { "loki.log_retention_in_week": 12 }],
  ["clusters.cloudProviderInfo", (c) => c.clusters.cloudProviderInfo(ORG, "c1"), "GET", `${at}/c1/cloudProviderInfo`, undefined, info],
  ["clusters.updateCloudProviderInfo", (c) => c.clusters.updateCloudProviderInfo(ORG, "c1", info as never), "POST", `${at}/c1/cloudProviderInfo`, info, info],
  ["clusters.routingTable", (c) => c.clusters.routingTable(ORG, "c1"), "GET", `${at}/c1/routingTable`, undefined, { results: routes.routes }],
  ["clusters.updateRoutingTable", (c) => c.clusters.updateRoutingTable(ORG, "c1", routes), "PUT", `${at}/c1/routingTable`, routes, { results: routes.routes }],
  ["clusters.dnsProvider", (c) => c.clusters.dnsProvider("c1"), "GET", "/cluster/c1/dnsProvider", undefined, dns],
  ["clusters.updateDnsProvider", (c) => c.clusters.updateDnsProvider("c1", dns as never), "PUT", "/cluster/c1/dnsProvider", dns, dns],
  ["clusters.logs", (c) => c.clusters.logs(ORG, "c1"), "GET", `${at}/c1/logs`, undefined, list({ type: "info", step: "Create", message: { safe_message: "ok" } })],
  ["clusters.token", (c) => c.clusters.token("c1"), "GET", "/cluster/c1/token", undefined,
    { apiVersion: "client.authentication.k8s.io/v1", kind: "ExecCredential", spec: {}, status: { token: "k8s-token-0123456789" } }],
  ["cloudCredentials.list", (c) => c.cloudCredentials.list(ORG), "GET", `/organization/${ORG}/credentials`, undefined,
    list({ credential: creds("AWS"), clusters: [{ id: "c1", name: "prod", cloud_provider: "AWS" }] })],
  ...credentialCalls(),
  ["cloudCatalogues.features AWS", (c) => c.cloudCatalogues.features("AWS"), "GET", "/aws/clusterFeature", undefined, list(feature)],
  ["cloudCatalogues.features GCP", (c) => c.cloudCatalogues.features("GCP"), "GET", "/gcp/clusterFeature", undefined, list(feature)],
  ["cloudCatalogues.features SCW", (c) => c.cloudCatalogues.features("SCW"), "GET", "/scaleway/clusterFeature", undefined, list(feature)],
  ["cloudCatalogues.features AZURE", (c) => c.cloudCatalogues.features("AZURE"), "GET", "/azure/clusterFeature", undefined, list(feature)],
  ["cloudCatalogues.instanceTypes AWS region", (c) => c.cloudCatalogues.instanceTypes("AWS", "eu-west-3"), "GET", "/aws/eks/instanceType/eu-west-3", undefined, list(instanceType)],
  ["cloudCatalogues.instanceTypes AWS", (c) => c.cloudCatalogues.instanceTypes("AWS"), "GET", "/aws/instanceType", undefined, list(instanceType)],
  ["cloudCatalogues.instanceTypes GCP region", (c) => c.cloudCatalogues.instanceTypes("GCP", "europe-west1"), "GET", "/gcp/instanceType/europe-west1", undefined, list(instanceType)],
  ["cloudCatalogues.instanceTypes SCW zone", (c) => c.cloudCatalogues.instanceTypes("SCW", "fr-par-1"), "GET", "/scaleway/instanceType/fr-par-1", undefined, list(instanceType)],
  ["cloudCatalogues.instanceTypes SCW", (c) => c.cloudCatalogues.instanceTypes("SCW"), "GET", "/scaleway/instanceType", undefined, list(instanceType)],
  ["cloudCatalogues.instanceTypes AZURE region", (c) => c.cloudCatalogues.instanceTypes("AZURE", "westeurope"), "GET", "/azure/aks/instanceType/westeurope", undefined, list(instanceType)],
  ["costs.current", (c) => c.costs.current(ORG), "GET", `/organization/${ORG}/currentCost`, undefined, { plan: "TEAM", cost: { total_in_cents: 100, total: 1, currency_code: "USD" } }],
  ["costs.cluster", (c) => c.costs.cluster(ORG, "c1"), "GET", `${at}/c1/currentCost`, undefined, { min_cost: 150, max_cost: 300, currency_code: "USD" }],
];
