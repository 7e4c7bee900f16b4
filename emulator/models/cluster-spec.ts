/**
 * Creating and editing a cluster: the request is checked against the cloud's catalogue (region, instance type offered
 * there, disk bounds, disk performance, features) and the credentials (of the same cloud), each refusal a 400 naming
 * its field; then it is kept as the cluster's {@link ClusterSpec} with its details.
 */
import { randomUUID } from "node:crypto";
import { badRequest } from "../server/errors";
import type { ClusterRequest } from "../schemas/clusters";
import { CLOUDS, OFFERS, featureById, instanceTypeIn, type Cloud } from "./cloud-catalogue";
import { credentialsById } from "./cloud-credentials";
import { clusterSlice, seededClusterDetails, type ClusterRec, type ClusterSpec } from "./clusters";
import { ensureClusterCredentials } from "./kubeconfig";
import { baseFields, iso, touch, type ModelContext } from "./records";
import { assertNameFree } from "./uniqueness";
import { read } from "./slice";
import type { tokenSlice } from "./organization";

/** The Kubernetes version a new cluster starts at, and the one it can be upgraded to. */
export const NEW_CLUSTER_VERSION = { version: "1.32", next: "1.33" } as const;

function cloudOf(b: ClusterRequest): Cloud {
  const cloud = CLOUDS.find((c) => c === b.cloud_provider);
  if (!cloud) throw badRequest("cloud_provider", `'${b.cloud_provider}' is not offered by the emulator (expected one of ${CLOUDS.join(", ")})`);
  return cloud;
}

function checkSizes(cloud: Cloud, b: ClusterRequest): void {
  const offer = OFFERS[cloud];
  if (b.min_running_nodes > b.max_running_nodes) {
    throw badRequest("max_running_nodes", `must be at least min_running_nodes (${b.min_running_nodes}), got ${b.max_running_nodes}`);
  }
  const disk = b.disk_size;
  if (disk !== undefined && (disk < offer.disk.min || disk > offer.disk.max)) {
    throw badRequest("disk_size", `must be between ${offer.disk.min} and ${offer.disk.max} GB on ${cloud}, got ${disk}`);
  }
  for (const f of ["disk_iops", "disk_throughput"] as const) {
    if (b[f] !== undefined && !offer.diskPerformance) throw badRequest(f, `is not set on ${cloud} (only AWS node disks take it)`);
  }
}

function checkPlacement(cloud: Cloud, b: ClusterRequest): string {
  const offer = OFFERS[cloud];
  if (!offer.regions.includes(b.region)) throw badRequest("region", `'${b.region}' is not a ${cloud} region (expected one of ${offer.regions.join(", ")})`);
  const type = b.instance_type ?? offer.defaultType;
  if (!instanceTypeIn(cloud, b.region, type)) {
    throw badRequest("instance_type", `'${type}' is not offered by ${cloud} in ${b.region} (see GET /${offer.segment}/.../instanceType)`);
  }
  b.features.forEach((f, i) => {
    if (!featureById(cloud, f.id)) throw badRequest(`features[${i}].id`, `${f.id} is not a cluster feature of ${cloud} (see GET /${offer.segment}/clusterFeature)`);
  });
  return type;
}

function checkCredentials(m: ModelContext, cloud: Cloud, b: ClusterRequest): string {
  const id = b.cloud_provider_credentials?.credentials.id;
  if (id === undefined) throw badRequest("cloud_provider_credentials", `is required: the ${cloud} credentials the cluster is made with`);
  const creds = credentialsById(m, id);
  if (!creds) throw badRequest("cloud_provider_credentials.credentials.id", `no credentials ${id} in this organization`);
  if (creds.cloud !== cloud) {
    throw badRequest("cloud_provider_credentials.credentials.id", `credentials '${creds.name}' are ${creds.cloud} credentials, not ${cloud} ones`);
  }
  return id;
}

/** Checks a create or edit request (`self`: the edited cluster) and returns the spec it asks for. */
export function checkClusterRequest(m: ModelContext, b: ClusterRequest, self?: ClusterRec): ClusterSpec {
  assertNameFree(read<typeof clusterSlice>(m.world.store, "clusters"), b.name, "exact", "cluster", "this organization", self?.id);
  const cloud = cloudOf(b);
  if (self?.spec && self.spec.cloud_provider !== cloud) throw badRequest("cloud_provider", `a cluster cannot move from ${self.spec.cloud_provider} to ${cloud}`);
  if (self && self.region !== b.region) throw badRequest("region", `a cluster cannot move from ${self.region} to ${b.region}`);
  checkSizes(cloud, b);
  const instanceType = checkPlacement(cloud, b);
  const credentialsId = checkCredentials(m, cloud, b);
  return {
    cloud_provider: cloud, credentials_id: credentialsId, min_running_nodes: b.min_running_nodes, max_running_nodes: b.max_running_nodes,
    disk_size: b.disk_size ?? OFFERS[cloud].disk.min * 2, instance_type: instanceType, kubernetes: b.kubernetes, production: b.production,
    ssh_keys: b.ssh_keys, features: b.features.map((f) => ({ id: f.id, value: f.value ?? null })), keda: b.keda ?? null,
  };
}

/** The keys of a secret manager's authentication the service takes and never stores nor answers. */
const ACCESS_SECRETS = new Set(["secret_key", "json_credentials"]);

function withoutAccessSecrets(authentication: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(authentication).filter(([k]) => !ACCESS_SECRETS.has(k)));
}

function applyDetails(c: ClusterRec, b: ClusterRequest): void {
  const seeded = seededClusterDetails(c);
  c.description = b.description ?? "";
  if (c.spec?.cloud_provider === "AWS") {
    c.disk_iops = b.disk_iops ?? 3000;
    c.disk_throughput = b.disk_throughput ?? 125;
  }
  c.metrics_parameters = b.metrics_parameters ?? { enabled: false };
  c.infrastructure_charts_parameters = b.infrastructure_charts_parameters ?? seeded.infrastructure_charts_parameters;
  c.labels_groups = (b.labels_groups ?? []).map((g) => g.id);
  c.secret_manager_accesses = (b.secret_manager_accesses ?? []).map((s, i) => ({
    id: s.id ?? randomUUID(), name: s.name, created_at: c.secret_manager_accesses?.[i]?.["created_at"] ?? c.updated_at,
    updated_at: c.updated_at, endpoint: s.endpoint, authentication: withoutAccessSecrets(s.authentication),
  }));
}

/** Creates a cluster (not deployed: `READY` until its deploy) with its Kubernetes credentials. */
export function createCluster(m: ModelContext, orgId: string, b: ClusterRequest): ClusterRec {
  const spec = checkClusterRequest(m, b);
  const c: ClusterRec = {
    ...baseFields(m.now), organization_id: orgId, name: b.name, region: b.region, version: NEW_CLUSTER_VERSION.version,
    next_version: NEW_CLUSTER_VERSION.next, is_default: false, last_deployment_date: null, last_execution_id: null,
    spec, spec_version: 0,
  };
  applyDetails(c, b);
  c.infrastructure_outputs = {};
  read<typeof clusterSlice>(m.world.store, "clusters").push(c);
  const admin = read<typeof tokenSlice>(m.world.store, "tokens").find((t) => t.scope === "Admin" && t.id === undefined);
  ensureClusterCredentials(m.world.store, admin?.value ?? c.id, iso(m.now));
  return c;
}

/** The spec fields whose change makes a deployed cluster redeploy (its nodes). */
const NODE_FIELDS = ["min_running_nodes", "max_running_nodes", "instance_type", "disk_size"] as const;

/**
 * Replaces a cluster's configuration with a full request; answers true when its nodes changed (node counts, instance
 * type, disk size), which a deployed cluster rolls out by a redeploy.
 */
export function editCluster(m: ModelContext, c: ClusterRec, b: ClusterRequest): boolean {
  const spec = checkClusterRequest(m, b, c);
  const before = c.spec;
  const nodesChanged = before === undefined || NODE_FIELDS.some((f) => before[f] !== spec[f]);
  c.name = b.name;
  c.spec = spec;
  c.spec_version = (c.spec_version ?? 0) + 1;
  applyDetails(c, b);
  touch(c, m.now);
  return nodesChanged;
}
