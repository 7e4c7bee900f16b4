/**
 * Cloud credentials of an organization, one group per cloud built from the clouds' table ({@link CLOUDS}): list,
 * create, get, edit, delete under `/organization/{id}/<cloud>/credentials`. The service never answers a secret
 * (a secret access key, a GCP key, a Scaleway secret key): the records hold the rest.
 */
import { z } from "zod";
import { CLOUDS, CLOUD_PROVIDERS, type CloudProvider } from "./clouds";
import type { RequestCore } from "./core";
import { records, type KeyedRequest } from "./crud";
import { path, type ApiPath } from "./path";
import { maybe, namedRecord, openEnum, sameFields } from "./schema";

/** Kinds of credentials records (`object_type`): one per cloud and way of signing in. */
export const CREDENTIALS_OBJECT_TYPES = [
  "AWS", "AWS_ROLE", "EKS_ANYWHERE_VSPHERE", "SCW", "OTHER", "AZURE", "GCP", "GCP_WORKLOAD_IDENTITY_FEDERATION",
] as const;

/** The fields of a credentials record of any cloud, as the service answers them (read through {@link CloudCredentials}). */
export const CloudCredentialsFields = namedRecord({
  object_type: maybe(openEnum(CREDENTIALS_OBJECT_TYPES)),
  ...sameFields([
    "access_key_id", "role_arn", "vsphere_user", "scaleway_access_key", "scaleway_project_id", "scaleway_organization_id",
    "azure_subscription_id", "azure_tenant_id", "azure_application_id", "azure_application_object_id", "project_id",
    "service_account_email", "workload_identity_provider_resource",
  ], maybe(z.string())),
  token_lifetime_seconds: maybe(z.number()),
});
const NEVER_KEPT = ["secret_access_key", "gcp_credentials", "scaleway_secret_key", "vsphere_password"];

/** A credentials record of any cloud (never a secret: one an answer carried is dropped). */
export const CloudCredentials = CloudCredentialsFields.transform((record) => {
  const kept = { ...(record as Record<string, unknown>) };
  for (const key of NEVER_KEPT) delete kept[key];
  return kept as typeof record;
});
/** A credentials record of any cloud. */
export type CloudCredentials = z.infer<typeof CloudCredentialsFields>;

/** Credentials of the organization with the clusters that use them (`GET /organization/{id}/credentials`). */
export const CredentialsUsage = z.looseObject({
  credential: CloudCredentials,
  clusters: maybe(z.array(z.looseObject({ id: z.string(), name: maybe(z.string()), cloud_provider: maybe(openEnum(CLOUD_PROVIDERS)) }))),
});
/** Credentials of the organization with the clusters that use them. */
export type CredentialsUsage = z.infer<typeof CredentialsUsage>;

function credentialsPath(organizationId: string, cloud: CloudProvider): ApiPath {
  return `${path`/organization/${organizationId}`}/${CLOUDS[cloud].segment}/credentials` as ApiPath;
}

/** The group of one cloud's credentials, from its line of {@link CLOUDS} (`request`: that line's `credentials`). */
function credentialsOf<C extends KeyedRequest<"name">>(cloud: CloudProvider, request: C) {
  return records({
    what: `${CLOUDS[cloud].title} credentials`, naturalKey: "name", record: CloudCredentials, createRequest: request, editRequest: request,
    list: (organizationId: string) => credentialsPath(organizationId, cloud),
    item: (organizationId: string, credentialsId: string) => `${credentialsPath(organizationId, cloud)}/${path`${credentialsId}`}` as ApiPath,
  });
}

/** AWS credentials: an access key (`type: "AWS_STATIC"`, `access_key_id`, `secret_access_key`) or a role (`AWS_ROLE`, `role_arn`). */
export class AwsCredentialsApi extends credentialsOf("AWS", CLOUDS.AWS.credentials) {}
/** GCP credentials: the service account's JSON key, base64-encoded (`gcp_credentials`), or workload identity federation. */
export class GcpCredentialsApi extends credentialsOf("GCP", CLOUDS.GCP.credentials) {}
/** Scaleway credentials: `scaleway_access_key`, `scaleway_secret_key`, `scaleway_project_id`, `scaleway_organization_id`. */
export class ScalewayCredentialsApi extends credentialsOf("SCW", CLOUDS.SCW.credentials) {}
/** Azure credentials: `azure_subscription_id` and `azure_tenant_id`. */
export class AzureCredentialsApi extends credentialsOf("AZURE", CLOUDS.AZURE.credentials) {}
/** On-premise credentials: a name. */
export class OnPremiseCredentialsApi extends credentialsOf("ON_PREMISE", CLOUDS.ON_PREMISE.credentials) {}

/** The organization's credentials of every cloud. */
export class CloudCredentialsApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Lists the credentials of every cloud, each with the clusters that use it (every page). */
  list(organizationId: string): Promise<CredentialsUsage[]> {
    return this.core.list(path`/organization/${organizationId}/credentials`, CredentialsUsage);
  }
}
