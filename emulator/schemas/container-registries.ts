import { z } from "zod";
import { baseResponse, nonEmpty } from "./common";

/** Registry kinds of the reference (`DOCR` is listed but no longer supported: a create or edit naming it is refused). */
export const CONTAINER_REGISTRY_KINDS = [
  "ECR", "SCALEWAY_CR", "DOCKER_HUB", "GITHUB_CR", "GITHUB_ENTERPRISE_CR", "GITLAB_CR", "PUBLIC_ECR", "DOCR", "GENERIC_CR",
  "GCP_ARTIFACT_REGISTRY", "AZURE_CR",
] as const;

/** Config fields holding a secret: kept, never answered, redacted in the state dump. */
export const REGISTRY_SECRET_FIELDS = ["password", "secret_access_key", "scaleway_secret_key", "json_credentials"] as const;

const text = z.string();

/** The config a request may give (which fields a kind needs is checked by the model); other keys are ignored. */
export const registryConfigRequest = z.object({
  username: text.optional(), password: text.optional(),
  region: text.optional(), access_key_id: text.optional(), secret_access_key: text.optional(), role_arn: text.optional(),
  scaleway_access_key: text.optional(), scaleway_secret_key: text.optional(), scaleway_project_id: text.optional(),
  json_credentials: text.optional(), gcp_credentials_type: z.enum(["workload_identity_federation"]).optional(),
  project_id: text.optional(), service_account_email: text.optional(), workload_identity_provider_resource: text.optional(),
  token_lifetime_seconds: z.number().int().min(1).optional(),
  azure_tenant_id: text.optional(), azure_subscription_id: text.optional(),
});

/** Create or replace a container registry (the edit is the whole request again, credentials included). */
export const containerRegistryRequest = z.object({
  name: nonEmpty,
  kind: z.enum(CONTAINER_REGISTRY_KINDS),
  description: z.string().optional(),
  url: z.string().optional(),
  config: registryConfigRequest,
});

/** The config as answered: every field but the secret ones. */
export const registryConfigResponse = registryConfigRequest.omit({
  password: true, secret_access_key: true, scaleway_secret_key: true, json_credentials: true,
});

/** A container registry (its config without its secrets). */
export const containerRegistryResponse = baseResponse.extend({
  name: z.string(),
  kind: z.enum(CONTAINER_REGISTRY_KINDS),
  description: z.string().optional(),
  url: z.string(),
  associated_services_count: z.number().int(),
  config: registryConfigResponse,
});

/** A registry kind a client may create, with the config fields it needs. */
export const availableRegistryResponse = z.object({
  kind: z.enum(CONTAINER_REGISTRY_KINDS), required_config: z.record(z.string(), z.unknown()), is_mandatory: z.boolean(),
});

/** A service using a registry. */
export const registryServiceResponse = z.object({
  project_id: z.string(), project_name: z.string(), environment_id: z.string(), environment_name: z.string(),
  service_id: z.string(), service_name: z.string(), service_type: z.enum(["CONTAINER", "LIFECYCLE", "CRON"]),
});

/** The registry a container or a job pulls from, as their answers carry it. */
export const registryDetailsResponse = z.object({ id: z.string(), name: z.string(), url: z.string(), kind: z.enum(CONTAINER_REGISTRY_KINDS) });
