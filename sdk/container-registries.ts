/**
 * Container registries: where an organization's containers and jobs pull their images from, with the credentials to
 * do so. The credentials (`password`, `secret_access_key`, `scaleway_secret_key`, `json_credentials`) are write-only:
 * answers never carry them, and the client keeps them out of every message.
 */
import { z } from "zod";
import { records } from "./crud";
import { path } from "./path";
import { hasUrlCredentials } from "./url-credentials";
import { maybe, namedRecord, openEnum, sameFields, withoutConfigSecrets } from "./schema";
import { secretFields } from "./sensitive";

/**
 * Kinds of container registry, as the reference enumerates them. `DOCR` (DigitalOcean) is listed by the service but
 * no longer supported: a request with it is refused before sending.
 */
export const CONTAINER_REGISTRY_KINDS = [
  "ECR", "SCALEWAY_CR", "DOCKER_HUB", "GITHUB_CR", "GITHUB_ENTERPRISE_CR", "GITLAB_CR", "PUBLIC_ECR", "DOCR", "GENERIC_CR",
  "GCP_ARTIFACT_REGISTRY", "AZURE_CR",
] as const;
/** A kind of container registry in a request. */
export const ContainerRegistryKind = z.enum(CONTAINER_REGISTRY_KINDS);
/** `DOCKER_HUB`, `GITHUB_CR`, `ECR`, `GCP_ARTIFACT_REGISTRY`, `GENERIC_CR`, ... */
export type ContainerRegistryKind = z.infer<typeof ContainerRegistryKind>;

/** Kinds the service lists but refuses (`DOCR`, "not supported anymore"). */
export const UNSUPPORTED_CONTAINER_REGISTRY_KINDS: readonly ContainerRegistryKind[] = ["DOCR"];

/**
 * The URL each public registry has, which the service fills in when a request leaves `url` out (and requires when
 * it is given). Every other kind needs its `url`, an `https://` address.
 */
export const CONTAINER_REGISTRY_DEFAULT_URLS: Readonly<Partial<Record<ContainerRegistryKind, string>>> = {
  DOCKER_HUB: "https://docker.io",
  GITHUB_CR: "https://ghcr.io",
  GITLAB_CR: "https://registry.gitlab.com",
};

/** The config fields holding credentials: write-only, never in answers, never in messages. */
export const CONTAINER_REGISTRY_SECRET_FIELDS = ["password", "secret_access_key", "scaleway_secret_key", "json_credentials"] as const;
secretFields({ secret: CONTAINER_REGISTRY_SECRET_FIELDS, sensitive: ["access_key_id", "scaleway_access_key"] });

/** The config fields each kind requires; `[a, b]` alternatives mean one of them. */
const REQUIRED_CONFIG: Readonly<Partial<Record<ContainerRegistryKind, ReadonlyArray<string | readonly string[]>>>> = {
  ECR: ["region", ["access_key_id", "role_arn"]],
  SCALEWAY_CR: ["region", "scaleway_access_key", "scaleway_secret_key"],
  GCP_ARTIFACT_REGISTRY: ["region", ["json_credentials", "gcp_credentials_type"]],
  AZURE_CR: ["azure_tenant_id", "azure_subscription_id"],
};

/** One problem of a registry request: the field (a path in the request) and what was expected. */
export interface ContainerRegistryProblem {
  /** Path of the field in the request, e.g. `["config", "region"]`. */
  path: Array<string | number>;
  /** What was expected; never quotes a value. */
  message: string;
}

function hasText(config: Readonly<Record<string, unknown>>, key: string): boolean {
  const value = config[key];
  return typeof value === "string" && value !== "";
}

/** Why a registry URL with credentials in it is refused, and where the credentials go instead. */
export const CONTAINER_REGISTRY_URL_CREDENTIALS_REASON =
  "expected the registry's URL without credentials (no user name or password before the host): they go in the " +
  "registry's config (username and password, or the keys its kind takes), which is kept secret, never in the url";

/**
 * What the reference requires of a registry of `kind` that a request's `url` and `config` do not give: `DOCR` is
 * refused; `url`, when given, is an `https://` address without credentials in it, and for Docker Hub, GitHub and GitLab it is their one URL
 * ({@link CONTAINER_REGISTRY_DEFAULT_URLS}); other kinds require it; `ECR` needs `region` and `access_key_id` (with
 * `secret_access_key`) or `role_arn`; `SCALEWAY_CR` needs `region`, `scaleway_access_key` and
 * `scaleway_secret_key`; `GCP_ARTIFACT_REGISTRY` needs `region` and `json_credentials` or `gcp_credentials_type`;
 * `AZURE_CR` needs `azure_tenant_id` and `azure_subscription_id`. Messages name fields, never their values.
 */
export function containerRegistryProblems(
  kind: ContainerRegistryKind, url: string | undefined, config: Readonly<Record<string, unknown>>,
): ContainerRegistryProblem[] {
  if (UNSUPPORTED_CONTAINER_REGISTRY_KINDS.includes(kind)) {
    return [{ path: ["kind"], message: `expected a supported kind: the service no longer supports ${kind}` }];
  }
  const problems: ContainerRegistryProblem[] = [];
  const fixed = CONTAINER_REGISTRY_DEFAULT_URLS[kind];
  if (url !== undefined && hasUrlCredentials(url)) {
    problems.push({ path: ["url"], message: CONTAINER_REGISTRY_URL_CREDENTIALS_REASON });
  } else if (url === undefined) {
    if (fixed === undefined) problems.push({ path: ["url"], message: `expected the registry's https:// URL (required for ${kind})` });
  } else if (fixed !== undefined && url.replace(/\/+$/, "") !== fixed) {
    problems.push({ path: ["url"], message: `expected ${fixed} for ${kind} (or no url, which means it)` });
  } else if (!/^https:\/\/[^\s/]+/.test(url)) {
    problems.push({ path: ["url"], message: "expected an https:// URL" });
  }
  for (const required of REQUIRED_CONFIG[kind] ?? []) {
    const choices = typeof required === "string" ? [required] : required;
    if (!choices.some((key) => hasText(config, key))) {
      const what = choices.length === 1 ? `"${choices[0]}"` : `one of ${choices.map((c) => `"${c}"`).join(", ")}`;
      problems.push({ path: ["config", choices[0] ?? ""], message: `expected ${what} (required for ${kind})` });
    }
  }
  if (kind === "ECR" && hasText(config, "access_key_id") && !hasText(config, "secret_access_key")) {
    problems.push({ path: ["config", "secret_access_key"], message: "expected \"secret_access_key\" with \"access_key_id\" (required for ECR)" });
  }
  return problems;
}

const optionalText = z.string().optional();

/** The config fields that say who and where, not secrets: sent in requests and answered in records alike. */
const CONTAINER_REGISTRY_CONFIG_IDENTIFIERS = [
  "username", "region", "access_key_id", "role_arn", "scaleway_access_key", "scaleway_project_id", "project_id",
  "service_account_email", "workload_identity_provider_resource", "azure_tenant_id", "azure_subscription_id",
] as const;

/**
 * The `config` of a registry request, in the service's spelling; which fields a kind needs is checked by
 * {@link containerRegistryProblems}. Unknown keys are passed on.
 */
export const ContainerRegistryConfigRequest = z.looseObject({
  ...sameFields(CONTAINER_REGISTRY_CONFIG_IDENTIFIERS, optionalText),
  ...sameFields(CONTAINER_REGISTRY_SECRET_FIELDS, optionalText),
  gcp_credentials_type: z.enum(["workload_identity_federation"]).optional(),
  token_lifetime_seconds: z.number().int().min(1).optional(),
});
/** The `config` of a registry request. */
export type ContainerRegistryConfigRequest = z.input<typeof ContainerRegistryConfigRequest>;

/**
 * Body of a registry create or replace (an edit sends every field again, credentials included). `name` is unique
 * within the organization; `config` defaults to `{}` (a public registry without credentials). See
 * {@link containerRegistryProblems} for what each kind requires.
 */
export const ContainerRegistryRequest = z
  .looseObject({
    name: z.string().min(1),
    kind: ContainerRegistryKind,
    description: z.string().optional(),
    url: z.string().min(1).optional(),
    config: ContainerRegistryConfigRequest.default({}),
  })
  .superRefine((request, ctx) => {
    for (const { path: at, message } of containerRegistryProblems(request.kind, request.url, request.config)) {
      ctx.addIssue({ code: "custom", path: at, message });
    }
  });
/** Body of a registry create or replace. */
export type ContainerRegistryRequest = z.input<typeof ContainerRegistryRequest>;

/** A registry's `config` as returned: identifiers only (a credential in an answer is dropped). */
export const ContainerRegistryConfig = z.looseObject({
  ...sameFields([...CONTAINER_REGISTRY_CONFIG_IDENTIFIERS, "azure_application_id", "azure_application_object_id"], maybe(z.string())),
  gcp_credentials_type: maybe(z.string()),
  token_lifetime_seconds: maybe(z.number()),
});
/** A registry's `config` as returned. */
export type ContainerRegistryConfig = z.infer<typeof ContainerRegistryConfig>;

const ContainerRegistryFields = namedRecord({
  kind: maybe(openEnum(CONTAINER_REGISTRY_KINDS)),
  description: maybe(z.string()),
  url: maybe(z.string()),
  cluster: maybe(z.looseObject({ id: z.string(), name: maybe(z.string()) })),
  associated_services_count: maybe(z.number()),
  config: maybe(ContainerRegistryConfig),
});

/** A container registry record (never its credentials: a credential in an answer's `config` is dropped). */
export const ContainerRegistry = withoutConfigSecrets(ContainerRegistryFields, CONTAINER_REGISTRY_SECRET_FIELDS);
/** A container registry record, without credentials. */
export type ContainerRegistry = z.infer<typeof ContainerRegistryFields>;

/**
 * The registry a container or a job record names (`registry`): its id, name, URL and kind.
 */
export const ContainerRegistryReference = z.looseObject({
  id: z.string(),
  name: maybe(z.string()),
  url: maybe(z.string()),
  kind: maybe(openEnum(CONTAINER_REGISTRY_KINDS)),
});
/** The registry a container or a job record names. */
export type ContainerRegistryReference = z.infer<typeof ContainerRegistryReference>;

/**
 * Endpoints of container registries. An update is a PUT of the full request again, credentials included; the service
 * refuses a delete while containers or jobs use the registry.
 */
export class ContainerRegistriesApi extends records({
  what: "container registry", naturalKey: "name", record: ContainerRegistry,
  createRequest: ContainerRegistryRequest, editRequest: ContainerRegistryRequest,
  list: (organizationId: string) => path`/organization/${organizationId}/containerRegistry`,
  item: (organizationId: string, containerRegistryId: string) => path`/organization/${organizationId}/containerRegistry/${containerRegistryId}`,
}) {}
