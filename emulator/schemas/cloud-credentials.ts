/**
 * The requests and answers of cloud credentials, one entry per cloud: each request is split into what the service
 * shows again (an access key id, a role) and its secrets (a secret key, a service-account key, never answered).
 */
import { z } from "zod";
import { nonEmpty } from "./common";

/** What a request keeps: the credentials' kind on the wire, the fields answered, the secret fields (never answered). */
export interface CredentialsParts {
  object_type: string;
  shown: Record<string, string | number>;
  secrets: Record<string, string>;
}

const awsStatic = z.object({ type: z.literal("AWS_STATIC"), name: nonEmpty, access_key_id: nonEmpty, secret_access_key: nonEmpty });
const roleArn = z.string().regex(/^arn:aws:iam::\d{12}:role\/.+/, "expected an IAM role ARN (arn:aws:iam::<account>:role/<name>)");
const awsRole = z.object({ type: z.literal("AWS_ROLE"), name: nonEmpty, role_arn: roleArn });
// EKS Anywhere on vSphere: the vSphere account, and the AWS role or key the service manages the cluster with.
const vsphere = { name: nonEmpty, vsphere_user: nonEmpty, vsphere_password: nonEmpty };
const vsphereRole = z.object({ type: z.literal("EKS_ANYWHERE_VSPHERE_ROLE"), ...vsphere, role_arn: roleArn });
const vsphereStatic = z.object({ type: z.literal("EKS_ANYWHERE_VSPHERE_STATIC"), ...vsphere, access_key_id: nonEmpty, secret_access_key: nonEmpty });
/** A body's `field` set to `value` when it gives none (the older requests had no discriminator). */
function defaulted(field: string, value: string): (b: unknown) => unknown {
  return (b) => (typeof b === "object" && b !== null && !Array.isArray(b) && !Object.hasOwn(b, field) ? { ...b, [field]: value } : b);
}

/** AWS credentials: static keys or a role to assume (`type`; AWS_STATIC when left out, the older form). */
export const awsCredentialsRequest = z.preprocess(defaulted("type", "AWS_STATIC"), z.discriminatedUnion("type", [awsStatic, awsRole, vsphereRole, vsphereStatic]));

const gcpKey = z.object({ name: nonEmpty, credential_type: z.literal("SERVICE_ACCOUNT_KEY"), gcp_credentials: nonEmpty });
const gcpWif = z.object({
  name: nonEmpty, credential_type: z.enum(["WORKLOAD_IDENTITY_FEDERATION", "WIF"]),
  service_account_email: z.email(), workload_identity_provider_resource: nonEmpty,
});

/** GCP credentials: a service-account key (JSON text; `credential_type` may be left out), or workload identity federation. */
export const gcpCredentialsRequest = z.preprocess(defaulted("credential_type", "SERVICE_ACCOUNT_KEY"), z.discriminatedUnion("credential_type", [gcpKey, gcpWif]));

/** Scaleway credentials. */
export const scalewayCredentialsRequest = z.object({
  name: nonEmpty, scaleway_access_key: nonEmpty, scaleway_secret_key: nonEmpty,
  scaleway_project_id: nonEmpty, scaleway_organization_id: nonEmpty,
});

/** Azure credentials: the subscription and tenant the service's application is granted access to. */
export const azureCredentialsRequest = z.object({ name: nonEmpty, azure_subscription_id: nonEmpty, azure_tenant_id: nonEmpty });

/** On-premise credentials: a name. */
export const onPremiseCredentialsRequest = z.object({ name: nonEmpty });

/** How AWS credentials are kept. */
export function awsParts(b: z.output<typeof awsCredentialsRequest>): CredentialsParts {
  if (b.type === "AWS_ROLE") return { object_type: "AWS_ROLE", shown: { role_arn: b.role_arn }, secrets: {} };
  if (b.type === "EKS_ANYWHERE_VSPHERE_ROLE") {
    return { object_type: "EKS_ANYWHERE_VSPHERE", shown: { vsphere_user: b.vsphere_user, role_arn: b.role_arn }, secrets: { vsphere_password: b.vsphere_password } };
  }
  if (b.type === "EKS_ANYWHERE_VSPHERE_STATIC") {
    return {
      object_type: "EKS_ANYWHERE_VSPHERE", shown: { vsphere_user: b.vsphere_user, access_key_id: b.access_key_id },
      secrets: { vsphere_password: b.vsphere_password, secret_access_key: b.secret_access_key },
    };
  }
  return { object_type: "AWS", shown: { access_key_id: b.access_key_id }, secrets: { secret_access_key: b.secret_access_key } };
}

/** How GCP credentials are kept (the project is read from the key's `project_id` when it is JSON holding one). */
export function gcpParts(b: z.output<typeof gcpCredentialsRequest>): CredentialsParts {
  if (b.credential_type !== "SERVICE_ACCOUNT_KEY") {
    const project = /@([^.]+)\./.exec(b.service_account_email)?.[1] ?? "";
    return {
      object_type: "GCP_WORKLOAD_IDENTITY_FEDERATION",
      shown: { project_id: project, service_account_email: b.service_account_email, workload_identity_provider_resource: b.workload_identity_provider_resource, token_lifetime_seconds: 14400 },
      secrets: {},
    };
  }
  return { object_type: "GCP", shown: {}, secrets: { gcp_credentials: b.gcp_credentials } };
}

/** How Scaleway credentials are kept. */
export function scalewayParts(b: z.output<typeof scalewayCredentialsRequest>): CredentialsParts {
  return {
    object_type: "SCW",
    shown: { scaleway_access_key: b.scaleway_access_key, scaleway_project_id: b.scaleway_project_id, scaleway_organization_id: b.scaleway_organization_id },
    secrets: { scaleway_secret_key: b.scaleway_secret_key },
  };
}

/** How Azure credentials are kept (the application ids are the service's, made at create). */
export function azureParts(b: z.output<typeof azureCredentialsRequest>): CredentialsParts {
  return { object_type: "AZURE", shown: { azure_subscription_id: b.azure_subscription_id, azure_tenant_id: b.azure_tenant_id }, secrets: {} };
}

/** How on-premise credentials are kept. */
export function onPremiseParts(): CredentialsParts {
  return { object_type: "OTHER", shown: {}, secrets: {} };
}

/** One set of credentials as answered: id, name, kind and the shown fields, never a secret. */
export const cloudCredentialsResponse = z.object({ id: z.string(), name: z.string(), object_type: z.string() }).catchall(z.union([z.string(), z.number()]));

/** An entry of the organization's credentials list: the credentials and the clusters using them. */
export const organizationCredentialsResponse = z.object({
  credential: cloudCredentialsResponse,
  clusters: z.array(z.object({ id: z.string(), name: z.string(), cloud_provider: z.string() })),
});
