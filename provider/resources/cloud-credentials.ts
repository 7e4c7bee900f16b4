/**
 * Cloud credentials of an organization, one family per cloud (`AwsCredentials`, `GcpCredentials`,
 * `ScalewayCredentials`, `AzureCredentials`, `OnPremiseCredentials`): the five differ only by their fields, so one
 * definition ({@link credentialsFamily}) serves them all. A cluster is created with one of them (`credentialsId`).
 */
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { argsSchema } from "../framework/args";
import { storedSecret } from "../framework/common";
import { defineResource, type Props } from "../framework/define";
import { field, metaOf } from "../framework/fields";
import { idInput, nameInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import { isUnknown } from "../framework/unknowns";
import type { AdoptableArgs } from "../framework/adoption";
import { cloudCredentialsCalls } from "./cluster/sdk-calls";
import type { CloudProvider } from "../../sdk";

/** What the credentials of every cloud take: their organization and a name. */
export interface CloudCredentialsArgs extends AdoptableArgs {
  /** Organization owning the credentials (wire: the `{organizationId}` of the path). Changing it replaces them. */
  organizationId: pulumi.Input<string>;
  /** Name, unique among the organization's credentials of this cloud, 1 to 255 characters. Wire: `name`. */
  name: pulumi.Input<string>;
}

const base = { organizationId: field(idInput(), { parent: "organization" }), name: nameInput(255) };
const secret = () => field(z.string().min(1), { secret: true });

/**
 * One cloud's credentials family: the service never answers a secret (kept from the state, as changed outside when
 * the record's `updated_at` moved), and what else it does not answer is kept from the state too. Each change
 * updates in place (`PUT`); only another organization replaces them.
 */
function credentialsFamily<S extends z.ZodObject>(kind: string, cloud: CloudProvider, noun: string, schema: S, toWire?: (inputs: z.output<S>, derived: Props) => Props) {
  const held = Object.keys(schema.shape).filter((k) => k !== "name" && k !== "organizationId");
  const secrets = new Set(held.filter((k) => metaOf(schema.shape[k]).secret === true));
  return defineResource({
    kind, noun, schema,
    fromWire: (record: { id: string; updated_at?: string | null }, previous, derived) => {
      const kept: Props = {};
      for (const k of held) {
        if (derived[k] !== undefined && !secrets.has(k)) continue;
        kept[k] = typeof previous[k] === "string" && secrets.has(k) ? storedSecret(record, previous, k) : previous[k];
      }
      return { ...derived, ...kept };
    },
    ...(toWire ? { toWire: (inputs: z.output<S>, _purpose: "create" | "update", derived: Props) => toWire(inputs, derived) } : {}),
    calls: cloudCredentialsCalls(cloud),
  });
}

/** Inputs of {@link AwsCredentials}: an access key pair, or a role the service assumes (exactly one of the two). */
export interface AwsCredentialsArgs extends CloudCredentialsArgs {
  /** Access key id of an IAM user (with `secretAccessKey`). Wire: `access_key_id` (type `AWS_STATIC`). */
  accessKeyId?: pulumi.Input<string>;
  /** Secret access key of that user: a Pulumi secret, never answered by the service. Wire: `secret_access_key`. */
  secretAccessKey?: pulumi.Input<string>;
  /** ARN of a role the service assumes, instead of a key pair. Wire: `role_arn` (type `AWS_ROLE`). */
  roleArn?: pulumi.Input<string>;
  /**
   * For EKS Anywhere on vSphere (Terraform's `qovery_eks_anywhere_vsphere_credentials`): the vSphere user the service
   * signs in with, beside the role or key pair (with `vspherePassword`). Wire: `vsphere_user` (type
   * `EKS_ANYWHERE_VSPHERE_ROLE` or `EKS_ANYWHERE_VSPHERE_STATIC`; the record's `object_type` is `EKS_ANYWHERE_VSPHERE`).
   */
  vsphereUser?: pulumi.Input<string>;
  /** Password of `vsphereUser`: a Pulumi secret, never answered by the service. Wire: `vsphere_password`. */
  vspherePassword?: pulumi.Input<string>;
}

/** Validated AWS credentials inputs. */
export const awsCredentialsSchema = argsSchema<AwsCredentialsArgs>()(z
  .strictObject({
    ...base, accessKeyId: z.string().min(1).optional(), secretAccessKey: field(z.string().min(1).optional(), { secret: true }), roleArn: z.string().min(1).optional(),
    vsphereUser: z.string().min(1).optional(), vspherePassword: field(z.string().min(1).optional(), { secret: true }),
  })
  .superRefine((v, ctx) => {
    if (!isUnknown(v.vsphereUser) && !isUnknown(v.vspherePassword) && (v.vsphereUser === undefined) !== (v.vspherePassword === undefined)) {
      ctx.addIssue({ code: "custom", path: [v.vsphereUser === undefined ? "vsphereUser" : "vspherePassword"], message: "is required with the other half of the vSphere account (vsphereUser and vspherePassword)" });
    }
    if ([v.accessKeyId, v.secretAccessKey, v.roleArn].some(isUnknown)) return;
    const keys = v.accessKeyId !== undefined || v.secretAccessKey !== undefined;
    if (keys && v.roleArn !== undefined) ctx.addIssue({ code: "custom", path: ["roleArn"], message: "expected either roleArn or an access key pair (accessKeyId and secretAccessKey), not both" });
    else if (!keys && v.roleArn === undefined) ctx.addIssue({ code: "custom", path: ["roleArn"], message: "is required without an access key pair (expected roleArn, or accessKeyId and secretAccessKey)" });
    else if (keys && (v.accessKeyId === undefined || v.secretAccessKey === undefined)) {
      ctx.addIssue({ code: "custom", path: [v.accessKeyId === undefined ? "accessKeyId" : "secretAccessKey"], message: "is required with the other half of the access key pair" });
    }
  }));

/** The AWS credentials family. */
export const awsCredentials = credentialsFamily("AwsCredentials", "AWS", "AWS credentials", awsCredentialsSchema,
  (inputs, derived) => ({ ...derived, type: awsCredentialsType(inputs.roleArn !== undefined, inputs.vsphereUser !== undefined) }));

/** The request's `type`: a role or a key pair, for AWS itself or for EKS Anywhere on vSphere. */
function awsCredentialsType(role: boolean, vsphere: boolean): string {
  if (vsphere) return role ? "EKS_ANYWHERE_VSPHERE_ROLE" : "EKS_ANYWHERE_VSPHERE_STATIC";
  return role ? "AWS_ROLE" : "AWS_STATIC";
}

/** Inputs of {@link GcpCredentials}. */
export interface GcpCredentialsArgs extends CloudCredentialsArgs {
  /** The service account's JSON key, base64-encoded: a Pulumi secret, never answered by the service. Wire: `gcp_credentials`. */
  gcpCredentials: pulumi.Input<string>;
}
/** Validated GCP credentials inputs. */
export const gcpCredentialsSchema = argsSchema<GcpCredentialsArgs>()(z.strictObject({ ...base, gcpCredentials: secret() }));
/** The GCP credentials family. */
export const gcpCredentials = credentialsFamily("GcpCredentials", "GCP", "GCP credentials", gcpCredentialsSchema);

/** Inputs of {@link ScalewayCredentials}. */
export interface ScalewayCredentialsArgs extends CloudCredentialsArgs {
  /** Scaleway access key. Wire: `scaleway_access_key`. */
  scalewayAccessKey: pulumi.Input<string>;
  /** Scaleway secret key: a Pulumi secret, never answered by the service. Wire: `scaleway_secret_key`. */
  scalewaySecretKey: pulumi.Input<string>;
  /** Scaleway project id. Wire: `scaleway_project_id`. */
  scalewayProjectId: pulumi.Input<string>;
  /** Scaleway organization id. Wire: `scaleway_organization_id`. */
  scalewayOrganizationId: pulumi.Input<string>;
}
/** Validated Scaleway credentials inputs. */
export const scalewayCredentialsSchema = argsSchema<ScalewayCredentialsArgs>()(z.strictObject({
  ...base, scalewayAccessKey: z.string().min(1), scalewaySecretKey: secret(), scalewayProjectId: z.string().min(1), scalewayOrganizationId: z.string().min(1),
}));
/** The Scaleway credentials family. */
export const scalewayCredentials = credentialsFamily("ScalewayCredentials", "SCW", "Scaleway credentials", scalewayCredentialsSchema);

/** Inputs of {@link AzureCredentials}. */
export interface AzureCredentialsArgs extends CloudCredentialsArgs {
  /** Azure subscription id. Wire: `azure_subscription_id`. */
  azureSubscriptionId: pulumi.Input<string>;
  /** Azure tenant id. Wire: `azure_tenant_id`. */
  azureTenantId: pulumi.Input<string>;
}
/** Validated Azure credentials inputs. */
export const azureCredentialsSchema = argsSchema<AzureCredentialsArgs>()(z.strictObject({
  ...base, azureSubscriptionId: z.string().min(1), azureTenantId: z.string().min(1),
}));
/** The Azure credentials family. */
export const azureCredentials = credentialsFamily("AzureCredentials", "AZURE", "Azure credentials", azureCredentialsSchema);

/** Inputs of {@link OnPremiseCredentials}: a name only (the cluster itself holds how it is reached). */
export interface OnPremiseCredentialsArgs extends CloudCredentialsArgs {}
/** Validated on-premise credentials inputs. */
export const onPremiseCredentialsSchema = argsSchema<OnPremiseCredentialsArgs>()(z.strictObject(base));
/** The on-premise credentials family. */
export const onPremiseCredentials = credentialsFamily("OnPremiseCredentials", "ON_PREMISE", "on-premise credentials", onPremiseCredentialsSchema);

/** The dynamic providers of the five. */
export const awsCredentialsProvider = awsCredentials.provider;
/** The dynamic provider of {@link GcpCredentials}. */
export const gcpCredentialsProvider = gcpCredentials.provider;
/** The dynamic provider of {@link ScalewayCredentials}. */
export const scalewayCredentialsProvider = scalewayCredentials.provider;
/** The dynamic provider of {@link AzureCredentials}. */
export const azureCredentialsProvider = azureCredentials.provider;
/** The dynamic provider of {@link OnPremiseCredentials}. */
export const onPremiseCredentialsProvider = onPremiseCredentials.provider;

/**
 * AWS credentials of an organization, for a `Cluster` on AWS: a key pair (`secretAccessKey` a Pulumi secret) or a role.
 * With `vsphereUser` and `vspherePassword` (a Pulumi secret), EKS Anywhere on vSphere credentials, which the service
 * keeps among the AWS ones.
 *
 * @example
 * const aws = new AwsCredentials("aws", { organizationId: org.id, name: "prod", roleArn: "arn:aws:iam::123456789012:role/deployer" });
 *
 * @class
 */
export const AwsCredentials = serviceObjectClass<AwsCredentialsArgs, typeof awsCredentialsSchema>(awsCredentials);
/** {@link AwsCredentials} as a type: their outputs are every input as stored (see framework/outputs.ts). */
export type AwsCredentials = InstanceType<typeof AwsCredentials>;

/**
 * GCP credentials of an organization, for a `Cluster` on GCP (`gcpCredentials` a Pulumi secret).
 *
 * @class
 */
export const GcpCredentials = serviceObjectClass<GcpCredentialsArgs, typeof gcpCredentialsSchema>(gcpCredentials);
/** {@link GcpCredentials} as a type: their outputs are every input as stored (see framework/outputs.ts). */
export type GcpCredentials = InstanceType<typeof GcpCredentials>;

/**
 * Scaleway credentials of an organization, for a `Cluster` on Scaleway (`scalewaySecretKey` a Pulumi secret).
 *
 * @class
 */
export const ScalewayCredentials = serviceObjectClass<ScalewayCredentialsArgs, typeof scalewayCredentialsSchema>(scalewayCredentials);
/** {@link ScalewayCredentials} as a type: their outputs are every input as stored (see framework/outputs.ts). */
export type ScalewayCredentials = InstanceType<typeof ScalewayCredentials>;

/**
 * Azure credentials of an organization, for a `Cluster` on Azure.
 *
 * @class
 */
export const AzureCredentials = serviceObjectClass<AzureCredentialsArgs, typeof azureCredentialsSchema>(azureCredentials);
/** {@link AzureCredentials} as a type: their outputs are every input as stored (see framework/outputs.ts). */
export type AzureCredentials = InstanceType<typeof AzureCredentials>;

/**
 * On-premise credentials of an organization, for a `Cluster` running on the organization's own machines.
 *
 * @class
 */
export const OnPremiseCredentials = serviceObjectClass<OnPremiseCredentialsArgs, typeof onPremiseCredentialsSchema>(onPremiseCredentials);
/** {@link OnPremiseCredentials} as a type: their outputs are every input as stored (see framework/outputs.ts). */
export type OnPremiseCredentials = InstanceType<typeof OnPremiseCredentials>;
