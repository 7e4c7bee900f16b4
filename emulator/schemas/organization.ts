import { z } from "zod";
import { baseResponse, nonEmpty, referenceObject } from "./common";

/** Organization plans. */
export const PLANS = ["FREE", "TEAM", "TEAM_YEARLY", "ENTERPRISE", "ENTERPRISE_YEARLY", "PROFESSIONAL", "BUSINESS", "USER_2025", "TEAM_2025", "BUSINESS_2025", "ENTERPRISE_2025"] as const;

/** The organization. */
export const organizationResponse = baseResponse.extend({ name: z.string(), plan: z.enum(PLANS), owner: z.string() });

const looseObject = z.record(z.string(), z.unknown());

/** A cluster. */
export const clusterResponse = baseResponse.extend({
  organization: referenceObject, name: z.string(), description: z.string(), region: z.string(), cloud_provider: z.string(),
  version: z.string(), status: z.string(), is_default: z.boolean(),
  min_running_nodes: z.number().int(), max_running_nodes: z.number().int(),
  disk_size: z.number().int(), disk_iops: z.number().int().optional(), disk_throughput: z.number().int().optional(),
  instance_type: z.string(), kubernetes: z.string(), cpu: z.number().int(), memory: z.number().int(),
  metrics_parameters: z.object({ enabled: z.boolean(), configuration: looseObject }),
  infrastructure_outputs: z.object({ kind: z.string(), cluster_name: z.string() }).loose().optional(),
  deployment_status: z.enum(["NEVER_DEPLOYED", "OUT_OF_DATE", "UP_TO_DATE"]), features: z.array(looseObject), production: z.boolean(),
  infrastructure_charts_parameters: looseObject,
  labels_groups: z.array(z.object({ id: z.string() })),
  secret_manager_accesses: z.array(z.object({
    id: z.string(), name: z.string(), created_at: z.string(), updated_at: z.string(), endpoint: looseObject, authentication: looseObject,
  })),
});

/** Status of a cluster (upgrade answer). */
export const clusterStatusResponse = z.object({
  cluster_id: z.string(), status: z.string(), is_deployed: z.boolean(), reason: z.enum(["UNSPECIFIED", "MAINTENANCE"]),
  next_k8s_available_version: z.string().nullable(), last_execution_id: z.string().nullable(),
  cluster_lock: z.null(), last_deployment_date: z.string().nullable(),
});

/** Kubernetes credential of a cluster. */
export const clusterTokenResponse = z.object({
  apiVersion: z.string(), kind: z.string(), spec: z.object({}),
  status: z.object({ token: z.string(), expirationTimestamp: z.string() }),
});

/** Light service of the organization-wide list. */
export const serviceLightResponse = z.object({
  id: z.string(), name: z.string(), description: z.string(), icon_uri: z.string(), service_type: z.string(),
  project_id: z.string(), project_name: z.string(), environment_id: z.string(), environment_name: z.string(), cluster_id: z.string(),
});

/** Current cost. */
export const currentCostResponse = z.object({
  plan: z.enum(PLANS), remaining_trial_day: z.number().int(), renewal_at: z.string().nullable(),
  cost: z.object({ total_in_cents: z.number().int(), total: z.number(), currency_code: z.string() }),
});

/** Edit on-premise credentials. */
export const onPremiseRequest = z.object({ name: nonEmpty });

/** On-premise credentials. */
export const onPremiseResponse = z.object({ id: z.string(), name: z.string(), object_type: z.literal("OTHER") });

/** Git provider account. */
export const gitAuthProviderResponse = z.object({ id: z.string(), name: z.string(), owner: z.string(), use_bot: z.boolean() });

/** Source commit of an on-premise cluster's configuration. */
export const commitResponse = z.object({
  created_at: z.string(), git_commit_id: z.string(), tag: z.string(), message: z.string(), author_name: z.string(),
  author_avatar_url: z.string(), commit_page_url: z.string(),
});

/** Argo CD instance mapping of an agent cluster. */
export const argoCdMappingResponse = z.object({
  agent_cluster_id: z.string(), agent_cluster_name: z.string(), agent_cluster_cloud_provider: z.string(), credentials_id: z.string(),
  argocd_url: z.string(), status: z.enum(["connected", "error"]), last_checked_at: z.string(),
  linked_clusters: z.array(z.object({})), unlinked_clusters: z.array(z.object({})),
});
