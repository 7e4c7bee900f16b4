import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { GIT_PROVIDERS } from "../../sdk";
import { argsSchema } from "../framework/args";
import { storedSecret } from "../framework/common";
import { computedOutputs, defineResource, organizationCalls } from "../framework/define";
import { field } from "../framework/fields";
import { httpUrlInput, idInput, nameInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import { isUnknown } from "../framework/unknowns";
import type { AdoptableArgs } from "../framework/adoption";

/** Git providers the service knows. */
export { GIT_PROVIDERS };

/** A git provider. */
export type GitProvider = (typeof GIT_PROVIDERS)[number];

/** Inputs of a {@link GitToken}. */
export interface GitTokenArgs extends AdoptableArgs {
  /** Organization that owns the token (wire: the `{organizationId}` of the path). Changing it replaces the token. */
  organizationId: pulumi.Input<string>;
  /** Token name, unique within the organization, 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /** Git provider the token is for: `GITHUB`, `GITLAB` or `BITBUCKET`. Wire: `type`. */
  type: pulumi.Input<GitProvider>;
  /**
   * The token issued by the git provider. Stored as a Pulumi secret; the service never returns it, so a change
   * made outside Pulumi is detected through the token's `updated_at`. Wire: `token`.
   */
  token: pulumi.Input<string>;
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
  /** Bitbucket workspace; required when `type` is `BITBUCKET` (so repositories can be fetched). Wire: `workspace`. */
  workspace?: pulumi.Input<string>;
  /**
   * Custom git API address, e.g. of a self-hosted GitLab: an `http://` or `https://` URL. Default: the provider's public
   * API, chosen by the service. Wire: `git_api_url`.
   */
  gitApiUrl?: pulumi.Input<string>;
}

/** What the service says of a git token beyond its inputs: outputs of a {@link GitToken}, members of a lookup's result. */
export interface GitTokenComputed {
  /** Number of services building with the token, when the service says. */
  associatedServicesCount?: number;
  /** Date the token expires or expired (YYYY-MM-DD), when the git provider says. */
  expiredAt?: string;
}

/** Validated git token inputs: the single source of field names, types and defaults. */
export const gitTokenSchema = argsSchema<GitTokenArgs>()(z
  .strictObject({
    organizationId: field(idInput(), { parent: "organization" }),
    name: nameInput(255),
    type: z.enum(GIT_PROVIDERS),
    token: field(z.string().min(1), { secret: true }),
    description: z.string().default(""),
    workspace: z.string().min(1).optional(),
    gitApiUrl: field(httpUrlInput().optional(), { computed: true }),
  })
  .superRefine((v, ctx) => {
    if (v.type === "BITBUCKET" && v.workspace === undefined && !isUnknown(v.type)) {
      ctx.addIssue({ code: "custom", path: ["workspace"], message: "is required when type is BITBUCKET (expected a Bitbucket workspace name)" });
    }
  }));
/** Git token inputs after validation (defaults applied). */
export type GitTokenInputs = z.output<typeof gitTokenSchema>;

/** {@link GitTokenComputed} read from a git token's record: the resource's outputs, the lookup's members. */
export const gitTokenComputed = computedOutputs<GitTokenComputed>("associatedServicesCount", "expiredAt");

/** The git token family. The service never returns the token: a change made outside shows through `updated_at`. */
export const gitToken = defineResource({
  kind: "GitToken",
  noun: "git token",
  schema: gitTokenSchema,
  ...gitTokenComputed,
  fromWire: (record, previous, derived) => ({ ...derived, token: storedSecret(record, previous, "token") ?? "" }),
  calls: organizationCalls((client) => client.gitTokens),
});

/** The dynamic provider of {@link GitToken}. */
export const gitTokenProvider = gitToken.provider;

/**
 * Credentials to a git provider, used by applications to fetch private repositories (`gitRepository.gitTokenId`).
 * The token is a Pulumi secret in the state.
 *
 * @example
 * const token = new GitToken("github", { organizationId: org.id, name: "ci", type: "GITHUB", token: config.requireSecret("githubToken") });
 *
 * @class
 */
export const GitToken = serviceObjectClass<GitTokenArgs, typeof gitTokenSchema, GitTokenComputed>(gitToken);
/** {@link GitToken} as a type: its outputs are every input as stored and what the service computes. */
export type GitToken = InstanceType<typeof GitToken>;
