import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { DeployServiceClient } from "../../sdk";
import { checkInputs } from "../framework/check";
import { CHANGED_OUTSIDE, deleteAndWait, parseInputs, plain, step, timestamps, withSecretOutputs, type SameKeys, outputSlots } from "../framework/common";
import { apiClient } from "../framework/credentials";
import { diffInputs } from "../framework/diff";
import { readOrGone } from "../framework/errors";
import { httpUrlInput, idInput, nameInput } from "../framework/rules";
import { DeployServiceResource } from "../framework/shim";
import { isUnknown } from "../framework/unknowns";

/** Git providers the service knows. */
export const GIT_PROVIDERS = ["BITBUCKET", "GITHUB", "GITLAB"] as const;
/** A git provider. */
export type GitProvider = (typeof GIT_PROVIDERS)[number];

/** Inputs of a {@link GitToken}. */
export interface GitTokenArgs {
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

/** Validated git token inputs: the single source of field names, types and defaults. */
export const gitTokenSchema = z
  .strictObject({
    organizationId: idInput(),
    name: nameInput(255),
    type: z.enum(GIT_PROVIDERS),
    token: z.string().min(1),
    description: z.string().default(""),
    workspace: z.string().min(1).optional(),
    gitApiUrl: httpUrlInput().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === "BITBUCKET" && v.workspace === undefined && !isUnknown(v.type)) {
      ctx.addIssue({ code: "custom", path: ["workspace"], message: "is required when type is BITBUCKET (expected a Bitbucket workspace name)" });
    }
  });
/** Git token inputs after validation (defaults applied). */
export type GitTokenInputs = z.output<typeof gitTokenSchema>;
const argsMatchSchema: SameKeys<GitTokenArgs, GitTokenInputs> = true;
void argsMatchSchema;

type GitTokenRecord = Awaited<ReturnType<DeployServiceClient["gitTokens"]["get"]>>;

const KEYS = ["organizationId", "name", "type", "token", "description", "workspace", "gitApiUrl"] as const;

/** The token's inputs as the service holds them; the token itself comes from the state (never returned). */
function fromWire(record: GitTokenRecord, previous: Record<string, unknown>): GitTokenInputs {
  const changedOutside = typeof previous["updatedAt"] === "string" && !!record.updated_at && record.updated_at !== previous["updatedAt"];
  const inputs: GitTokenInputs = {
    organizationId: String(previous["organizationId"] ?? ""),
    name: record.name,
    type: (record.type ?? previous["type"]) as GitProvider,
    token: changedOutside ? CHANGED_OUTSIDE : String(previous["token"] ?? ""),
    description: record.description ?? "",
  };
  if (record.workspace) inputs.workspace = record.workspace;
  if (record.git_api_url) inputs.gitApiUrl = record.git_api_url;
  return inputs;
}

function outputsOf(inputs: GitTokenInputs, record: GitTokenRecord): Record<string, unknown> {
  return plain({
    ...inputs,
    gitApiUrl: record.git_api_url ?? inputs.gitApiUrl,
    associatedServicesCount: record.associated_services_count ?? undefined,
    expiredAt: record.expired_at ?? undefined,
    ...timestamps(record),
  });
}

function request(inputs: GitTokenInputs) {
  return {
    name: inputs.name,
    type: inputs.type,
    token: inputs.token,
    description: inputs.description,
    ...(inputs.workspace !== undefined ? { workspace: inputs.workspace } : {}),
    ...(inputs.gitApiUrl !== undefined ? { git_api_url: inputs.gitApiUrl } : {}),
  };
}

/** The dynamic provider of {@link GitToken}. */
export const gitTokenProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return checkInputs(gitTokenSchema, news, { secretKeys: ["token"] });
  },
  async diff(_id, olds, news) {
    return diffInputs(olds, news, {
      keys: KEYS,
      replaceOn: ["organizationId"],
      deleteBeforeReplace: true,
      computed: ["gitApiUrl"],
    });
  },
  async create(raw) {
    const inputs = parseInputs(gitTokenSchema, raw);
    const record = await step(`creating git token "${inputs.name}"`, () =>
      apiClient().gitTokens.create(inputs.organizationId, request(inputs)),
    );
    return { id: record.id, outs: outputsOf(inputs, record) };
  },
  async read(id, props) {
    const orgId = String(props["organizationId"] ?? "");
    const record = await readOrGone(() => apiClient().gitTokens.get(orgId, id));
    if (record === undefined) return { id: "" };
    const inputs = fromWire(record, props);
    return { id, props: outputsOf(inputs, record), inputs: plain(inputs) };
  },
  async update(id, _olds, news) {
    const inputs = parseInputs(gitTokenSchema, news);
    const record = await step(`updating git token "${inputs.name}" (${id})`, () =>
      apiClient().gitTokens.update(inputs.organizationId, id, request(inputs)),
    );
    return { outs: outputsOf(inputs, record) };
  },
  async delete(id, props) {
    const client = apiClient();
    const orgId = String(props["organizationId"] ?? "");
    await deleteAndWait(
      `git token "${String(props["name"])}" (${id})`,
      () => client.gitTokens.delete(orgId, id),
      () => client.gitTokens.get(orgId, id),
    );
  },
};

/**
 * Credentials to a git provider, used by applications to fetch private repositories (`gitRepository.gitTokenId`).
 * The token is a Pulumi secret in the state.
 *
 * @example
 * const token = new GitToken("github", { organizationId: org.id, name: "ci", type: "GITHUB", token: config.requireSecret("githubToken") });
 */
export class GitToken extends DeployServiceResource {
  /** Organization that owns the token. */
  declare readonly organizationId: pulumi.Output<string>;
  /** Token name. */
  declare readonly name: pulumi.Output<string>;
  /** Git provider. */
  declare readonly type: pulumi.Output<GitProvider>;
  /** The token (secret). */
  declare readonly token: pulumi.Output<string>;
  /** Free text. */
  declare readonly description: pulumi.Output<string>;
  /** Bitbucket workspace. */
  declare readonly workspace: pulumi.Output<string | undefined>;
  /** Git API address in use. */
  declare readonly gitApiUrl: pulumi.Output<string | undefined>;
  /** Number of services using the token. */
  declare readonly associatedServicesCount: pulumi.Output<number | undefined>;
  /** Date the token expires (YYYY-MM-DD), when the provider says. */
  declare readonly expiredAt: pulumi.Output<string | undefined>;
  /** When the service created the token (ISO 8601). */
  declare readonly createdAt: pulumi.Output<string | undefined>;
  /** When the service last changed the token (ISO 8601); moves when it is changed outside Pulumi. */
  declare readonly updatedAt: pulumi.Output<string | undefined>;

  /**
   * @param name the Pulumi resource name.
   * @param args the token's inputs.
   * @param opts resource options (`token` is always stored as a secret).
   */
  constructor(name: string, args: GitTokenArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "GitToken",
      name,
      {
        ...outputSlots(Object.keys(gitTokenSchema.shape)),
        ...args,
        associatedServicesCount: undefined,
        expiredAt: undefined,
        createdAt: undefined,
        updatedAt: undefined,
      },
      withSecretOutputs(opts, ["token"]),
    );
  }
}
