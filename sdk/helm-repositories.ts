/**
 * Helm repositories: where an organization's Helm charts come from (a classic `https://` chart index or an OCI
 * registry), with the credentials to read them; the charts and versions each offers, and the kinds the service
 * supports. The credentials (`password`, `secret_access_key`, `scaleway_secret_key`) are write-only: answers never
 * carry them, and the client keeps them out of every message.
 */
import { z } from "zod";
import { records } from "./crud";
import { helmRepositoryUrlProblem } from "./helm-rules";
import { path, under } from "./path";
import { maybe, namedRecord, openEnum, sameFields, withoutConfigSecrets } from "./schema";
import { secretFields } from "./sensitive";

/** Kinds of Helm repository, as the reference enumerates them (`HelmRepositoryKindEnum`). */
export const HELM_REPOSITORY_KINDS = [
  "HTTPS", "OCI_ECR", "OCI_SCALEWAY_CR", "OCI_DOCKER_HUB", "OCI_PUBLIC_ECR", "OCI_GENERIC_CR", "OCI_GITHUB_CR", "OCI_GITLAB_CR",
] as const;
/** A kind of Helm repository in a request. */
export const HelmRepositoryKind = z.enum(HELM_REPOSITORY_KINDS);
/** `HTTPS`, `OCI_DOCKER_HUB`, `OCI_ECR`, ... */
export type HelmRepositoryKind = z.infer<typeof HelmRepositoryKind>;

/** The config fields holding credentials: write-only, never in answers, never in messages. */
export const HELM_REPOSITORY_SECRET_FIELDS = ["password", "secret_access_key", "scaleway_secret_key"] as const;
secretFields({ secret: HELM_REPOSITORY_SECRET_FIELDS, sensitive: ["access_key_id", "scaleway_access_key"] });

/** The config fields that say who and where, not secrets: sent in requests and answered in records alike. */
export const HELM_REPOSITORY_CONFIG_IDENTIFIERS = [
  "username", "region", "access_key_id", "role_arn", "scaleway_access_key", "scaleway_project_id", "azure_tenant_id",
  "azure_subscription_id",
] as const;

/** The `config` of a repository request, in the service's spelling. Unknown keys are passed on. */
export const HelmRepositoryConfigRequest = z.looseObject({
  ...sameFields(HELM_REPOSITORY_CONFIG_IDENTIFIERS, z.string().optional()),
  ...sameFields(HELM_REPOSITORY_SECRET_FIELDS, z.string().optional()),
});
/** The `config` of a repository request. */
export type HelmRepositoryConfigRequest = z.input<typeof HelmRepositoryConfigRequest>;

/**
 * Body of a repository create or replace (an edit sends every field again, credentials included). `name` is unique
 * within the organization; `url` is an `oci://` address for the OCI kinds and an `https://` one for `HTTPS`, without
 * credentials in it; `config` defaults to `{}` (a public repository) and `skip_tls_verification` to `false`.
 */
export const HelmRepositoryRequest = z
  .looseObject({
    name: z.string().min(1),
    kind: HelmRepositoryKind,
    description: z.string().optional(),
    url: z.string().min(1),
    skip_tls_verification: z.boolean().default(false),
    config: HelmRepositoryConfigRequest.default({}),
  })
  .superRefine((request, ctx) => {
    const problem = helmRepositoryUrlProblem(request.kind, request.url);
    if (problem !== undefined) ctx.addIssue({ code: "custom", path: ["url"], message: problem });
  });
/** Body of a repository create or replace. */
export type HelmRepositoryRequest = z.input<typeof HelmRepositoryRequest>;

const HelmRepositoryFields = namedRecord({
  kind: maybe(openEnum(HELM_REPOSITORY_KINDS)),
  description: maybe(z.string()),
  url: maybe(z.string()),
  skip_tls_verification: maybe(z.boolean()),
  associated_services_count: maybe(z.number()),
  config: maybe(z.looseObject(sameFields(HELM_REPOSITORY_CONFIG_IDENTIFIERS, maybe(z.string())))),
});

/** A Helm repository record (never its credentials: a credential in an answer's `config` is dropped). */
export const HelmRepository = withoutConfigSecrets(HelmRepositoryFields, HELM_REPOSITORY_SECRET_FIELDS);
/** A Helm repository record, without credentials. */
export type HelmRepository = z.infer<typeof HelmRepositoryFields>;

/** A chart a repository offers, with its versions (`HelmVersionResponse`). */
export const HelmChartVersions = z.looseObject({
  /** The chart's name. */
  chart_name: maybe(z.string()),
  /** Its versions, as the repository lists them. */
  versions: maybe(z.array(z.string())),
});
/** A chart a repository offers, with its versions. */
export type HelmChartVersions = z.infer<typeof HelmChartVersions>;

/** A kind of repository the service supports, with the config it requires (`AvailableHelmRepositoryResponse`). */
export const AvailableHelmRepository = z.looseObject({
  /** The kind. */
  kind: openEnum(HELM_REPOSITORY_KINDS),
  /** The config fields the kind requires, as the service describes them. */
  required_config: maybe(z.record(z.string(), z.unknown())),
  /** Whether credentials are mandatory for the kind. */
  is_mandatory: maybe(z.boolean()),
});
/** A kind of repository the service supports. */
export type AvailableHelmRepository = z.infer<typeof AvailableHelmRepository>;

/** A service using a repository (`HelmRepositoryAssociatedServicesResponse`): what keeps it from being deleted. */
export const HelmRepositoryService = z.looseObject({
  ...sameFields(["project_id", "project_name", "environment_id", "environment_name", "service_id", "service_name"], maybe(z.string())),
  /** `HELM`, as the service spells it. */
  service_type: maybe(z.string()),
});
/** A service using a repository. */
export type HelmRepositoryService = z.infer<typeof HelmRepositoryService>;

const repositoryPath = (organizationId: string, helmRepositoryId: string) =>
  path`/organization/${organizationId}/helmRepository/${helmRepositoryId}`;

/**
 * Endpoints of Helm repositories: records (an update is a PUT of the full request again, credentials included; the
 * service refuses a delete while charts use the repository), the charts a repository offers, the services using it,
 * and the kinds the service supports.
 */
export class HelmRepositoriesApi extends records({
  what: "helm repository", naturalKey: "name", record: HelmRepository,
  createRequest: HelmRepositoryRequest, editRequest: HelmRepositoryRequest,
  list: (organizationId: string) => path`/organization/${organizationId}/helmRepository`,
  item: repositoryPath,
}) {
  /** The charts the repository offers with their versions; `chartName` keeps that chart only. */
  charts(organizationId: string, helmRepositoryId: string, chartName?: string): Promise<HelmChartVersions[]> {
    const at = under(() => repositoryPath(organizationId, helmRepositoryId), "charts");
    return this.core.list(at, HelmChartVersions, chartName === undefined ? {} : { chartName });
  }

  /** The services (Helm charts) using the repository. */
  associatedServices(organizationId: string, helmRepositoryId: string): Promise<HelmRepositoryService[]> {
    return this.core.list(under(() => repositoryPath(organizationId, helmRepositoryId), "associatedServices"), HelmRepositoryService);
  }

  /** The kinds of repository the service supports, with the config each requires. */
  available(): Promise<AvailableHelmRepository[]> {
    return this.core.list(path`/availableHelmRepository`, AvailableHelmRepository);
  }
}
