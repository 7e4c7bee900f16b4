import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
  HELM_REPOSITORY_KINDS, HELM_REPOSITORY_SECRET_FIELDS, helmRepositoryUrlProblem, type HelmRepositoryKind,
} from "../../sdk";
import { argsSchema } from "../framework/args";
import { camelCase } from "../framework/case";
import { configWire } from "../framework/common";
import { computedOutputs, defineResource, organizationCalls } from "../framework/define";
import { field } from "../framework/fields";
import { idInput, nameInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import { configSchema, type ContainerRegistryConfigArgs } from "./container-registry";
import { isUnknown } from "../framework/unknowns";
import type { AdoptableArgs } from "../framework/adoption";

/** Kinds of Helm repository the service knows: `HTTPS` (a chart index) and the `OCI_*` registries. */
export { HELM_REPOSITORY_KINDS };

/** A kind of Helm repository. */
export type { HelmRepositoryKind };

/**
 * How a private repository is read (wire: `config`, each field in snake case): `username` and `password` (HTTPS,
 * Docker Hub, GitHub, GitLab, generic registries), `region` with `accessKeyId`/`secretAccessKey` or `roleArn`
 * (OCI_ECR), `scalewayAccessKey`, `scalewaySecretKey`, `scalewayProjectId` (OCI_SCALEWAY_CR). The whole object is
 * stored as a Pulumi secret; the service never returns `password`, `secretAccessKey` or `scalewaySecretKey`: a
 * repository changed outside Pulumi (its `updated_at` moved) shows them as changed, and the next `up` sends them again.
 */
export type HelmRepositoryCredentialsArgs = Pick<ContainerRegistryConfigArgs,
  "username" | "password" | "region" | "accessKeyId" | "secretAccessKey" | "roleArn" | "scalewayAccessKey" | "scalewaySecretKey" | "scalewayProjectId">;

/** The credentials a Helm repository takes: those of a container registry's `config` its kinds use. */
const CREDENTIAL_KEYS = [
  "username", "password", "region", "accessKeyId", "secretAccessKey", "roleArn", "scalewayAccessKey", "scalewaySecretKey", "scalewayProjectId",
] as const satisfies ReadonlyArray<keyof HelmRepositoryCredentialsArgs>;

/** Inputs of a {@link HelmRepository}. */
export interface HelmRepositoryArgs extends AdoptableArgs {
  /** Organization that owns the repository (wire: the `{organizationId}` of the path). Changing it replaces the repository. */
  organizationId: pulumi.Input<string>;
  /** Repository name, unique within the organization, 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /**
   * `HTTPS` (a classic chart index), or an OCI registry: `OCI_DOCKER_HUB`, `OCI_GITHUB_CR`, `OCI_GITLAB_CR`,
   * `OCI_ECR`, `OCI_PUBLIC_ECR`, `OCI_SCALEWAY_CR`, `OCI_GENERIC_CR`. Changed in place. Wire: `kind`.
   */
  kind: pulumi.Input<HelmRepositoryKind>;
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
  /**
   * Address of the repository: `oci://...` for the OCI kinds, `https://...` for `HTTPS`, without credentials in it
   * (they go in `credentials`). Checked at preview. Wire: `url`.
   */
  url: pulumi.Input<string>;
  /** Skip the TLS certificate check when reading the repository. Default: `false`. Wire: `skip_tls_verification`. */
  skipTlsVerification?: pulumi.Input<boolean>;
  /** Credentials of a private repository (a Pulumi secret). Default: `{}` (public). Wire: `config`. */
  credentials?: pulumi.Input<HelmRepositoryCredentialsArgs>;
}

/** The repository's credentials in the provider's spelling (camel case). */
const credentialsSchema = configSchema.pick(Object.fromEntries(CREDENTIAL_KEYS.map((k) => [k, true])) as Record<(typeof CREDENTIAL_KEYS)[number], true>);

/** What the service says of a Helm repository beyond its inputs: outputs of a {@link HelmRepository}. */
export interface HelmRepositoryComputed {
  /** Number of Helm charts using the repository, when the service says. */
  associatedServicesCount?: number;
}

/** Validated Helm repository inputs: the single source of field names, types and defaults. */
export const helmRepositorySchema = argsSchema<HelmRepositoryArgs>()(z
  .strictObject({
    organizationId: field(idInput(), { parent: "organization" }),
    name: nameInput(255),
    kind: z.enum(HELM_REPOSITORY_KINDS),
    description: z.string().default(""),
    url: z.string().min(1),
    skipTlsVerification: z.boolean().default(false),
    credentials: field(credentialsSchema.default({}), { secret: true, wire: "config" }),
  })
  .superRefine((v, ctx) => {
    if (isUnknown(v.kind) || isUnknown(v.url)) return;
    const problem = helmRepositoryUrlProblem(v.kind, v.url);
    if (problem !== undefined) ctx.addIssue({ code: "custom", path: ["url"], message: problem });
  }));
/** Helm repository inputs after validation (defaults applied). */
export type HelmRepositoryInputs = z.output<typeof helmRepositorySchema>;

const KNOWN = new Set(Object.keys(credentialsSchema.shape));
const SECRET_KEYS = HELM_REPOSITORY_SECRET_FIELDS.map(camelCase);

/** {@link HelmRepositoryComputed} read from a repository's record: the definition's outputs and its lookup's. */
export const helmRepositoryComputed = computedOutputs<HelmRepositoryComputed>("associatedServicesCount");

/** The Helm repository family. The service never returns credentials: a change made outside shows through `updated_at`. */
export const helmRepository = defineResource({
  kind: "HelmRepository",
  noun: "helm repository",
  schema: helmRepositorySchema,
  ...helmRepositoryComputed,
  ...configWire("credentials", KNOWN, SECRET_KEYS),
  calls: organizationCalls((client) => client.helmRepositories),
});

/** The dynamic provider of {@link HelmRepository}. */
export const helmRepositoryProvider = helmRepository.provider;

/**
 * A Helm repository of an organization: where its {@link Helm} charts come from, with the credentials to read
 * them (a Pulumi secret; the service never returns them). The service refuses to delete a repository still used by
 * a chart, and says which.
 *
 * @example
 * const bitnami = new HelmRepository("bitnami", {
 *   organizationId: org.id, name: "bitnami", kind: "OCI_DOCKER_HUB", url: "oci://registry-1.docker.io/bitnamicharts",
 *   credentials: { username: "acme", password: config.requireSecret("dockerHubToken") },
 * });
 *
 * @class
 */
export const HelmRepository = serviceObjectClass<HelmRepositoryArgs, typeof helmRepositorySchema, HelmRepositoryComputed>(helmRepository);
/** {@link HelmRepository} as a type: its outputs are every input as stored and what the service computes. */
export type HelmRepository = InstanceType<typeof HelmRepository>;
