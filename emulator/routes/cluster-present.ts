/**
 * How a cluster goes on the wire: its record (a seeded cluster with the seed's AWS values, one made through the API
 * with what it was asked for, its state on the clock and its infrastructure outputs once deployed), its status, and
 * its features as the catalogue describes them.
 */
import { createHash } from "node:crypto";
import { OFFERS, featureId, instanceTypeIn, type Cloud, type FeatureDef } from "../models/cloud-catalogue";
import { clusterCostRange, clusterDeploymentStatus, clusterState, isDeployed } from "../models/cluster-lifecycle";
import { clusterDetails, type ClusterRec } from "../models/clusters";
import type { ModelContext } from "../models/records";

/** A catalogue feature as the service answers it, with the value a cluster gives it (its default when absent). */
export function presentFeature(cloud: Cloud, f: FeatureDef, value: unknown = f.value): Record<string, unknown> {
  const paid = f.cents > 0;
  return {
    id: featureId(cloud, f.key), title: f.title,
    cost_per_month_in_cents: paid ? f.cents : null, cost_per_month: paid ? f.cents / 100 : null, currency_code: paid ? "USD" : null,
    is_cloud_provider_paying_feature: paid, cloud_provider_feature_documentation: null,
    is_qovery_paying_feature: false, qovery_feature_documentation: null,
    value_object: { type: f.kind, value: value ?? f.value }, is_value_updatable: f.kind === "BOOLEAN", accepted_values: f.accepted,
  };
}

/** The infrastructure outputs of a deployed cluster made through the API, in its cloud's form. */
function infrastructureOutputs(c: ClusterRec, cloud: Cloud): Record<string, unknown> {
  const hex = createHash("sha1").update(c.id).digest("hex");
  switch (cloud) {
    case "AWS":
      return {
        kind: "EKS", cluster_name: c.name, cluster_arn: `arn:aws:eks:${c.region}:000000000000:cluster/${c.name}`,
        cluster_oidc_issuer: `https://oidc.eks.${c.region}.amazonaws.com/id/${hex.slice(0, 32).toUpperCase()}`, vpc_id: `vpc-${hex.slice(0, 17)}`,
      };
    case "GCP":
      return { kind: "GKE", cluster_name: c.name, cluster_self_link: `https://container.googleapis.com/v1/projects/emulator/locations/${c.region}/clusters/${c.name}` };
    case "SCW":
      return { kind: "SCW_KAPSULE", cluster_name: c.name };
    case "AZURE":
      return { kind: "AKS", cluster_name: c.name, cluster_oidc_issuer: `https://${c.region}.oic.prod-aks.azure.com/${hex.slice(0, 8)}/${hex.slice(8, 16)}/` };
  }
}

function specFields(m: ModelContext, c: ClusterRec): Record<string, unknown> {
  const s = c.spec;
  if (!s) {
    return {
      cloud_provider: "AWS", min_running_nodes: 1, max_running_nodes: 3, disk_size: 50, instance_type: "t3a.large", kubernetes: "MANAGED",
      cpu: 4000, memory: 8192, estimated_cloud_provider_cost: 120, production: false, ssh_keys: [], features: [],
    };
  }
  const type = instanceTypeIn(s.cloud_provider, c.region, s.instance_type);
  const chosen = new Map(s.features.map((f) => [f.id, f.value]));
  return {
    cloud_provider: s.cloud_provider, min_running_nodes: s.min_running_nodes, max_running_nodes: s.max_running_nodes,
    disk_size: s.disk_size, instance_type: s.instance_type, kubernetes: s.kubernetes,
    cpu: (type?.cpu ?? 0) * 1000 * s.min_running_nodes, memory: (type?.ram_in_gb ?? 0) * 1024 * s.min_running_nodes,
    estimated_cloud_provider_cost: Math.round(clusterCostRange(c).min / 100), production: s.production, ssh_keys: s.ssh_keys,
    features: OFFERS[s.cloud_provider].features.filter((f) => chosen.has(featureId(s.cloud_provider, f.key)))
      .map((f) => presentFeature(s.cloud_provider, f, chosen.get(featureId(s.cloud_provider, f.key)))),
    ...(s.keda ? { keda: s.keda } : {}),
  };
}

/** A cluster's wire form. */
export function presentCluster(m: ModelContext, c: ClusterRec): Record<string, unknown> {
  const details: Record<string, unknown> = { ...clusterDetails(c) };
  if (c.spec) {
    if (c.spec.cloud_provider !== "AWS") {
      delete details["disk_iops"];
      delete details["disk_throughput"];
    }
    if (isDeployed(c, m.now)) details["infrastructure_outputs"] = infrastructureOutputs(c, c.spec.cloud_provider);
    else delete details["infrastructure_outputs"];
  }
  return {
    id: c.id, created_at: c.created_at, updated_at: c.updated_at, organization: { id: c.organization_id },
    name: c.name, region: c.region, ...specFields(m, c), status: clusterState(m, c), has_access: true, version: c.version,
    is_default: c.is_default, is_demo: false, deployment_status: clusterDeploymentStatus(c, m.now), ...details,
    labels_groups: (c.labels_groups ?? []).map((id) => ({ id })),
  };
}

/** A cluster's status (the answer of its actions and upgrade, and the status reads). */
export function clusterStatus(m: ModelContext, c: ClusterRec): Record<string, unknown> {
  return {
    cluster_id: c.id, status: clusterState(m, c), is_deployed: isDeployed(c, m.now), reason: "UNSPECIFIED",
    next_k8s_available_version: c.next_version, last_execution_id: c.last_execution_id,
    cluster_lock: null, last_deployment_date: c.last_deployment_date,
  };
}
