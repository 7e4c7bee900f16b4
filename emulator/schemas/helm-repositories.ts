import { z } from "zod";
import { baseResponse, nonEmpty } from "./common";

/** Helm repository kinds of the reference (`HelmRepositoryKindEnum`): `HTTPS`, or an OCI registry of one of seven kinds. */
export const HELM_REPOSITORY_KINDS = [
  "HTTPS", "OCI_ECR", "OCI_SCALEWAY_CR", "OCI_DOCKER_HUB", "OCI_PUBLIC_ECR", "OCI_GENERIC_CR", "OCI_GITHUB_CR", "OCI_GITLAB_CR",
] as const;

/** Config fields holding a secret: kept, never answered. */
export const HELM_REPOSITORY_SECRET_FIELDS = ["password", "secret_access_key", "scaleway_secret_key"] as const;

const text = z.string().optional();

/** The config a request may give (which fields a kind needs is checked by the model). */
export const helmRepositoryConfigRequest = z.object({
  username: text, password: text, access_key_id: text, secret_access_key: text, region: text, role_arn: text,
  scaleway_access_key: text, scaleway_secret_key: text, scaleway_project_id: text, azure_tenant_id: text, azure_subscription_id: text,
});

/** Create or replace a Helm repository (the edit is the whole request again, credentials included). */
export const helmRepositoryRequest = z.object({
  name: nonEmpty,
  kind: z.enum(HELM_REPOSITORY_KINDS),
  description: z.string().optional(),
  url: z.string().optional(),
  skip_tls_verification: z.boolean(),
  config: helmRepositoryConfigRequest,
});

/** A Helm repository: its config without its secrets, and how many charts use it. */
export const helmRepositoryResponse = baseResponse.extend({
  name: z.string(),
  kind: z.enum(HELM_REPOSITORY_KINDS),
  description: z.string().optional(),
  url: z.string(),
  skip_tls_verification: z.boolean(),
  associated_services_count: z.number().int(),
  config: helmRepositoryConfigRequest.omit({ password: true, secret_access_key: true, scaleway_secret_key: true }),
});

/** A repository kind a client may create, with the config fields it needs. */
export const availableHelmRepositoryResponse = z.object({
  kind: z.enum(HELM_REPOSITORY_KINDS), required_config: z.record(z.string(), z.unknown()), is_mandatory: z.boolean(),
});

/** A chart of a repository with the versions it offers, newest first. */
export const helmChartResponse = z.object({ chart_name: z.string(), versions: z.array(z.string()) });

/** A Helm service deploying a chart of the repository. */
export const helmRepositoryServiceResponse = z.object({
  project_id: z.string(), project_name: z.string(), environment_id: z.string(), environment_name: z.string(),
  service_id: z.string(), service_name: z.string(), service_type: z.enum(["HELM"]),
});
