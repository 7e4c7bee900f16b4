import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
  CONTAINER_REGISTRY_KINDS, CONTAINER_REGISTRY_SECRET_FIELDS, containerRegistryProblems,
  type ContainerRegistryKind,
} from "../../sdk";
import { argsSchema } from "../framework/args";
import { camelCase, renameKeysDeep, snakeCase } from "../framework/case";
import { configWire } from "../framework/common";
import { computedOutputs, defineResource, organizationCalls } from "../framework/define";
import { field } from "../framework/fields";
import { idInput, nameInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import { isUnknown } from "../framework/unknowns";
import type { AdoptableArgs } from "../framework/adoption";

/** Kinds of container registry the service knows (`DOCR` is listed but refused: the service no longer supports it). */
export { CONTAINER_REGISTRY_KINDS };

/** A kind of container registry. */
export type { ContainerRegistryKind };

/**
 * How the registry is reached: which fields a kind needs is checked at preview (ECR: `region` and
 * `accessKeyId`/`secretAccessKey` or `roleArn`; SCALEWAY_CR: `region`, `scalewayAccessKey`, `scalewaySecretKey`;
 * GCP_ARTIFACT_REGISTRY: `region` and `jsonCredentials` or `gcpCredentialsType`; AZURE_CR: `azureTenantId`,
 * `azureSubscriptionId`; DOCKER_HUB, GITHUB_CR, GITLAB_CR, GENERIC_CR: optional `username`/`password`; PUBLIC_ECR:
 * nothing). Wire: `config`, each field in snake case (`accessKeyId` -> `access_key_id`).
 *
 * The whole object is stored as a Pulumi secret. The credentials (`password`, `secretAccessKey`,
 * `scalewaySecretKey`, `jsonCredentials`) are never returned by the service: a registry changed outside Pulumi
 * (its `updated_at` moved) shows them as changed, and the next `up` sends the program's values again.
 */
export interface ContainerRegistryConfigArgs {
  /** User name (Docker Hub, GitHub, GitLab, generic registries). Wire: `config.username`. */
  username?: pulumi.Input<string>;
  /** Password or access token going with `username` (a credential). Wire: `config.password`. */
  password?: pulumi.Input<string>;
  /** Cloud region (ECR, SCALEWAY_CR, GCP_ARTIFACT_REGISTRY), e.g. `eu-west-3`. Wire: `config.region`. */
  region?: pulumi.Input<string>;
  /** AWS access key id (ECR). Wire: `config.access_key_id`. */
  accessKeyId?: pulumi.Input<string>;
  /** AWS secret access key (ECR; a credential). Wire: `config.secret_access_key`. */
  secretAccessKey?: pulumi.Input<string>;
  /** AWS role to assume instead of keys (ECR). Wire: `config.role_arn`. */
  roleArn?: pulumi.Input<string>;
  /** Scaleway access key (SCALEWAY_CR). Wire: `config.scaleway_access_key`. */
  scalewayAccessKey?: pulumi.Input<string>;
  /** Scaleway secret key (SCALEWAY_CR; a credential). Wire: `config.scaleway_secret_key`. */
  scalewaySecretKey?: pulumi.Input<string>;
  /** Scaleway project id (SCALEWAY_CR). Wire: `config.scaleway_project_id`. */
  scalewayProjectId?: pulumi.Input<string>;
  /** Service account JSON key (GCP_ARTIFACT_REGISTRY; a credential). Wire: `config.json_credentials`. */
  jsonCredentials?: pulumi.Input<string>;
  /** `workload_identity_federation` to use Workload Identity Federation instead of a JSON key (GCP). Wire: `config.gcp_credentials_type`. */
  gcpCredentialsType?: pulumi.Input<"workload_identity_federation">;
  /** GCP project id (Workload Identity Federation). Wire: `config.project_id`. */
  projectId?: pulumi.Input<string>;
  /** GCP service account e-mail (Workload Identity Federation). Wire: `config.service_account_email`. */
  serviceAccountEmail?: pulumi.Input<string>;
  /** GCP workload identity provider resource name (Workload Identity Federation). Wire: `config.workload_identity_provider_resource`. */
  workloadIdentityProviderResource?: pulumi.Input<string>;
  /** Lifetime of the federated token in seconds (at least 1). Wire: `config.token_lifetime_seconds`. */
  tokenLifetimeSeconds?: pulumi.Input<number>;
  /** Azure tenant id (AZURE_CR). Wire: `config.azure_tenant_id`. */
  azureTenantId?: pulumi.Input<string>;
  /** Azure subscription id (AZURE_CR). Wire: `config.azure_subscription_id`. */
  azureSubscriptionId?: pulumi.Input<string>;
}

/** Inputs of a {@link ContainerRegistry}. */
export interface ContainerRegistryArgs extends AdoptableArgs {
  /** Organization that owns the registry (wire: the `{organizationId}` of the path). Changing it replaces the registry. */
  organizationId: pulumi.Input<string>;
  /** Registry name, unique within the organization, 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /**
   * `DOCKER_HUB`, `GITHUB_CR`, `GITHUB_ENTERPRISE_CR`, `GITLAB_CR`, `ECR`, `PUBLIC_ECR`, `SCALEWAY_CR`,
   * `GCP_ARTIFACT_REGISTRY`, `AZURE_CR` or `GENERIC_CR` (`DOCR` is refused: the service no longer supports it).
   * Changed in place. Wire: `kind`.
   */
  kind: pulumi.Input<ContainerRegistryKind>;
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
  /**
   * Address of the registry. For DOCKER_HUB, GITHUB_CR and GITLAB_CR it is their one URL (`https://docker.io`,
   * `https://ghcr.io`, `https://registry.gitlab.com`), which is the default; every other kind requires an
   * `https://` URL. Wire: `url`.
   */
  url?: pulumi.Input<string>;
  /** Credentials and cloud identifiers, as the kind needs them (a Pulumi secret). Default: `{}`. Wire: `config`. */
  config?: pulumi.Input<ContainerRegistryConfigArgs>;
}

const text = z.string().min(1).optional();

/** The registry's `config` in the provider's spelling (camel case); a Helm repository's credentials are a part of it. */
export const configSchema = z.strictObject({
  username: text,
  password: text,
  region: text,
  accessKeyId: text,
  secretAccessKey: text,
  roleArn: text,
  scalewayAccessKey: text,
  scalewaySecretKey: text,
  scalewayProjectId: text,
  jsonCredentials: text,
  gcpCredentialsType: z.enum(["workload_identity_federation"]).optional(),
  projectId: text,
  serviceAccountEmail: text,
  workloadIdentityProviderResource: text,
  tokenLifetimeSeconds: z.number().int().min(1).optional(),
  azureTenantId: text,
  azureSubscriptionId: text,
});

/** The credential fields of `config` in the provider's spelling (`secretAccessKey`, ...). */
const SECRET_CONFIG_KEYS = CONTAINER_REGISTRY_SECRET_FIELDS.map(camelCase);

/** What the service says of a container registry beyond its inputs: outputs of a {@link ContainerRegistry}, members of a lookup's result. */
export interface ContainerRegistryComputed {
  /** Address of the registry (the service's default for DOCKER_HUB, GITHUB_CR and GITLAB_CR when not set). */
  url: string;
  /** Number of containers and jobs using the registry, when the service says. */
  associatedServicesCount?: number;
}

/** Validated container registry inputs: the single source of field names, types and defaults. */
export const containerRegistrySchema = argsSchema<ContainerRegistryArgs>()(z
  .strictObject({
    organizationId: field(idInput(), { parent: "organization" }),
    name: nameInput(255),
    kind: z.enum(CONTAINER_REGISTRY_KINDS),
    description: z.string().default(""),
    url: field(z.string().min(1).optional(), { computed: true }),
    config: field(configSchema.default({}), { secret: true }),
  })
  .superRefine((v, ctx) => {
    // The sdk's rules of the reference (fixed URLs, https, the fields each kind needs); messages never quote values.
    if (isUnknown(v.kind)) return;
    const urlKnown = !isUnknown(v.url);
    const configKnown = !isUnknown(v.config);
    const config = configKnown ? (renameKeysDeep(v.config, snakeCase) as Record<string, unknown>) : {};
    for (const problem of containerRegistryProblems(v.kind, urlKnown ? v.url : undefined, config)) {
      const [first, second] = problem.path;
      if (first === "url" && !urlKnown) continue;
      if (first === "config" && !configKnown) continue;
      const path = first === "config" && typeof second === "string" ? ["config", camelCase(second)] : problem.path;
      ctx.addIssue({ code: "custom", path, message: problem.message });
    }
  }));
/** Container registry inputs after validation (defaults applied). */
export type ContainerRegistryInputs = z.output<typeof containerRegistrySchema>;

/** The container registry family. The service never returns credentials: a change made outside shows through `updated_at`. */
export const containerRegistry = defineResource({
  kind: "ContainerRegistry",
  noun: "container registry",
  schema: containerRegistrySchema,
  ...computedOutputs<ContainerRegistryComputed>("associatedServicesCount"),
  ...configWire("config", new Set(Object.keys(configSchema.shape)), SECRET_CONFIG_KEYS),
  calls: organizationCalls((client) => client.containerRegistries),
});

/** The dynamic provider of {@link ContainerRegistry}. */
export const containerRegistryProvider = containerRegistry.provider;

/**
 * A container registry of an organization: where its containers and jobs pull their images from, with the
 * credentials to do so. `config` is a Pulumi secret; the service never returns the credentials in it.
 *
 * @example
 * const hub = new ContainerRegistry("docker-hub", { organizationId: org.id, name: "docker-hub", kind: "DOCKER_HUB" });
 * const ecr = new ContainerRegistry("ecr", {
 *   organizationId: org.id, name: "ecr", kind: "ECR", url: "https://123456789012.dkr.ecr.eu-west-3.amazonaws.com",
 *   config: { region: "eu-west-3", accessKeyId: config.require("awsKeyId"), secretAccessKey: config.requireSecret("awsSecret") },
 * });
 *
 * @class
 */
export const ContainerRegistry = serviceObjectClass<ContainerRegistryArgs, typeof containerRegistrySchema, ContainerRegistryComputed>(containerRegistry);
/** {@link ContainerRegistry} as a type: its outputs are every input as stored and what the service computes. */
export type ContainerRegistry = InstanceType<typeof ContainerRegistry>;
