/**
 * The clouds a cluster runs on, one table: each cloud's spelling in a cluster (`cloud_provider`), its path segment
 * (`/organization/{id}/<segment>/credentials`), its credentials request and secret fields, and where the service
 * lists its cluster features and instance types. The credentials groups and the catalogues are built from it.
 */
import { z } from "zod";
import { path, type ApiPath } from "./path";
import { secretFields } from "./sensitive";

/** The clouds a cluster can be created on, as a cluster's `cloud_provider` spells them. */
export const CLOUD_PROVIDERS = ["AWS", "SCW", "GCP", "AZURE", "ON_PREMISE"] as const;
/** A cloud a cluster can be created on (`AWS`, `SCW` for Scaleway, `GCP`, `AZURE`, `ON_PREMISE`). */
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

const name = z.string().min(1);
const text = z.string().min(1);

const vsphere = { name, vsphere_user: text, vsphere_password: text };
/**
 * AWS credentials: an access key (`AWS_STATIC`) or a role the service assumes (`AWS_ROLE`); for EKS Anywhere on
 * vSphere, the vSphere account with a role (`EKS_ANYWHERE_VSPHERE_ROLE`) or a key (`EKS_ANYWHERE_VSPHERE_STATIC`),
 * answered as records of `object_type` `EKS_ANYWHERE_VSPHERE`.
 */
export const AwsCredentialsRequest = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("AWS_STATIC"), name, access_key_id: text, secret_access_key: text }),
  z.looseObject({ type: z.literal("AWS_ROLE"), name, role_arn: text }),
  z.looseObject({ type: z.literal("EKS_ANYWHERE_VSPHERE_ROLE"), ...vsphere, role_arn: text }),
  z.looseObject({ type: z.literal("EKS_ANYWHERE_VSPHERE_STATIC"), ...vsphere, access_key_id: text, secret_access_key: text }),
]);
/** GCP credentials: a service account key (`gcp_credentials`, the JSON key base64-encoded) or workload identity federation. */
export const GcpCredentialsRequest = z.union([
  z.looseObject({ name, credential_type: z.literal("SERVICE_ACCOUNT_KEY").optional(), gcp_credentials: text }),
  z.looseObject({
    name, credential_type: z.enum(["WORKLOAD_IDENTITY_FEDERATION", "WIF"]).optional(), service_account_email: text,
    workload_identity_provider_resource: text,
  }),
]);
/** Scaleway credentials: an API key (access and secret key) and the project and organization it belongs to. */
export const ScalewayCredentialsRequest = z.looseObject({
  name, scaleway_access_key: text, scaleway_secret_key: text, scaleway_project_id: text, scaleway_organization_id: text,
});
/** Azure credentials: the subscription and the tenant the service is granted access to. */
export const AzureCredentialsRequest = z.looseObject({ name, azure_subscription_id: text, azure_tenant_id: text });
/** On-premise credentials: a name (the cluster's own kubeconfig is what gives access). */
export const OnPremiseCredentialsRequest = z.looseObject({ name });

// Never answered by the service; the credentials records carry the non-secret parts only.
secretFields({ secret: ["secret_access_key", "gcp_credentials", "scaleway_secret_key", "vsphere_password"] });

/** What the table says of one cloud. */
export interface CloudInfo<C extends z.ZodType = z.ZodType> {
  /** The cloud's name in messages: `AWS`, `Scaleway`. */
  title: string;
  /** The path segment of its credentials: `aws`, `scaleway`, `onPremise`. */
  segment: string;
  /** Body of a credentials create or edit. */
  credentials: C;
  /** Its cluster features (`/aws/clusterFeature`), when the cloud has a catalogue. */
  features?: ApiPath;
  /** Its instance types in a region or zone (`/aws/eks/instanceType/{region}`), when the cloud has a catalogue. */
  instanceTypes?: (regionOrZone: string) => ApiPath;
  /** Its instance types without a region, where the service has that list (`/aws/instanceType`). */
  allInstanceTypes?: ApiPath;
}

/** The clouds, one line each. */
export const CLOUDS = {
  AWS: {
    title: "AWS", segment: "aws", credentials: AwsCredentialsRequest, features: path`/aws/clusterFeature`,
    /** EKS instance types of a region. */
    instanceTypes: (region: string) => path`/aws/eks/instanceType/${region}`, allInstanceTypes: path`/aws/instanceType`,
  },
  SCW: {
    title: "Scaleway", segment: "scaleway", credentials: ScalewayCredentialsRequest, features: path`/scaleway/clusterFeature`,
    /** Kapsule instance types of a zone (`fr-par-1`). */
    instanceTypes: (zone: string) => path`/scaleway/instanceType/${zone}`, allInstanceTypes: path`/scaleway/instanceType`,
  },
  GCP: {
    title: "GCP", segment: "gcp", credentials: GcpCredentialsRequest, features: path`/gcp/clusterFeature`,
    /** GKE instance types of a region. */
    instanceTypes: (region: string) => path`/gcp/instanceType/${region}`,
  },
  AZURE: {
    title: "Azure", segment: "azure", credentials: AzureCredentialsRequest, features: path`/azure/clusterFeature`,
    /** AKS instance types of a region. */
    instanceTypes: (region: string) => path`/azure/aks/instanceType/${region}`,
  },
  ON_PREMISE: { title: "on-premise", segment: "onPremise", credentials: OnPremiseCredentialsRequest },
} as const satisfies Record<CloudProvider, CloudInfo>;

/** Body of a credentials create or edit of `cloud`. */
export type CloudCredentialsRequest<C extends CloudProvider> = z.input<(typeof CLOUDS)[C]["credentials"]>;
