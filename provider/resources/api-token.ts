import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { API_TOKEN_SCOPES, NotFoundError, isDeployServiceError, type ApiToken as ApiTokenRecord, type ApiTokenScope, type DeployServiceClient } from "../../sdk";
import { argsSchema } from "../framework/args";
import { defineResource, organizationOf, replaceOnly, type Part, type Props } from "../framework/define";
import { field } from "../framework/fields";
import { idInput, nameInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import { isUnknown } from "../framework/unknowns";

export { API_TOKEN_SCOPES, type ApiTokenScope };

/** Inputs of an {@link ApiToken}. The service cannot change a token: a change of any input replaces it. */
export interface ApiTokenArgs {
  /** Organization the token works in (wire: the `{organizationId}` of the path). */
  organizationId: pulumi.Input<string>;
  /**
   * Token name, unique within the organization. Wire: `name`. While a rotation runs, the old token still holds the
   * name, so the new one is made as `<name> (rotated <time>)` and keeps that name (its `serviceName` output);
   * the next rotation takes the plain name again.
   */
  name: pulumi.Input<string>;
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
  /**
   * What the token may do: `Admin` (everything), `Read` (reads only), `Deploy` (reads, and deploy, stop, restart),
   * `Write` (reads, creates, updates and deletes). Give exactly one of `scope` and `customRoleId`. The service
   * gives the token the organization's role of that name.
   */
  scope?: pulumi.Input<ApiTokenScope>;
  /** A `CustomRole`'s id: the token may do what the role may. Give exactly one of `scope` and `customRoleId`. Wire: `role_id`. */
  customRoleId?: pulumi.Input<string>;
  /**
   * Any values: when one changes, the token is replaced (rotated). Give a date, a version or a counter from the
   * stack config: `triggers: [config.require("tokenGeneration")]`. Default: none. Never sent to the service.
   */
  triggers?: pulumi.Input<any[] | Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** What the service says of an API token beyond its inputs: outputs of an {@link ApiToken}, members of a lookup's result. */
export interface ApiTokenComputed {
  /** The token value, sent as `Authorization: Token <token>` (secret). */
  token: string;
  /** The name the service holds: `name`, or `name (rotated <time>)` after a rotation that found the name taken. */
  serviceName?: string;
  /** Name of the token's role, as the service lists it. */
  roleName?: string;
  /** Id of the token's role. */
  roleId?: string;
}

/** Validated API token inputs: the single source of field names, types, defaults and wire spellings. */
export const apiTokenSchema = argsSchema<ApiTokenArgs>()(z
  .strictObject({
    organizationId: field(idInput(), { parent: "organization" }),
    name: field(nameInput(255), { replace: true }),
    description: field(z.string().default(""), { replace: true }),
    scope: field(z.enum(API_TOKEN_SCOPES).optional(), { replace: true }),
    customRoleId: field(idInput().optional(), { replace: true, wire: "role_id" }),
    triggers: field(z.union([z.array(z.any()), z.record(z.string(), z.any())]).optional(), { replace: true, wire: false }),
  })
  .superRefine((v, ctx) => {
    if (isUnknown(v.scope) || isUnknown(v.customRoleId)) return;
    if ((v.scope === undefined) === (v.customRoleId === undefined)) {
      ctx.addIssue({
        code: "custom", path: ["scope"],
        message: `expected exactly one of scope (${API_TOKEN_SCOPES.join(", ")}) and customRoleId, got ${v.scope === undefined ? "neither" : "both"}`,
      });
    }
  }));
/** API token inputs after validation (defaults applied). */
export type ApiTokenInputs = z.output<typeof apiTokenSchema>;

type TokenRecord = ApiTokenRecord & { token?: string | undefined };

/** The name a replacement takes while the token it replaces still holds the plain one. */
export function rotatedName(name: string, now: Date = new Date()): string {
  return `${name} (rotated ${now.toISOString().slice(0, 19)}Z)`;
}

/** One token's metadata by id, as a read: 404 (NotFoundError) once it is deleted. The service has no read of one token. */
export async function apiTokenById(client: DeployServiceClient, organizationId: string, id: string): Promise<ApiTokenRecord> {
  const token = (await client.apiTokens.list(organizationId)).find((t) => t.id === id);
  if (token === undefined) {
    throw new NotFoundError(`API token ${id} is not in organization ${organizationId}`, {
      method: "GET", path: `/organization/${organizationId}/apiToken`, status: 404,
    });
  }
  return token;
}

/** Creates the token; a name taken (by the token a rotation replaces) gives the new one the rotated name. */
async function createToken(client: DeployServiceClient, inputs: ApiTokenInputs): Promise<TokenRecord> {
  const role = inputs.scope !== undefined ? { scope: inputs.scope } : { role_id: inputs.customRoleId! };
  const request = (name: string) => ({ name, description: inputs.description, ...role });
  try {
    return await client.apiTokens.create(inputs.organizationId, request(inputs.name));
  } catch (e) {
    if (!(isDeployServiceError(e) && e.code === "conflict")) throw e;
    return client.apiTokens.create(inputs.organizationId, request(rotatedName(inputs.name)));
  }
}

/** The token value is in the create's answer only: a read keeps the one in the state. */
const keepTokenValue: Part<ApiTokenInputs, TokenRecord> = {
  action: "keeping the token value",
  keys: [],
  apply: async () => undefined,
  read: async ({ previous }) => (typeof previous["token"] === "string" ? { outputs: { token: previous["token"] } } : {}),
};

/**
 * The API token family. Nothing of a token can change at the service, so every input replaces it; the replacement
 * is made before the old token is deleted, so whoever uses the token is never left without a working one.
 */
export const apiToken = defineResource({
  kind: "ApiToken",
  noun: "API token",
  schema: apiTokenSchema,
  deleteBeforeReplace: false,
  outputNames: ["token", "serviceName", "roleName", "roleId"] satisfies (keyof ApiTokenComputed)[],
  secretOutputNames: ["token"],
  outputs: (record: TokenRecord) => ({
    token: record.token, serviceName: record.name ?? undefined, roleName: record.role_name ?? undefined, roleId: record.role_id ?? undefined,
  }),
  // A token cannot be changed outside (the service has no edit): what the state holds stands.
  fromWire: (_record, previous, derived): Props => {
    const out: Props = { ...derived };
    for (const key of ["name", "description", "scope", "customRoleId", "triggers"]) out[key] = previous[key];
    return out;
  },
  parts: [keepTokenValue],
  calls: {
    create: (client, inputs) => createToken(client, inputs),
    get: (client, id, state) => apiTokenById(client, organizationOf(state), id),
    update: replaceOnly("an API token"),
    delete: (client, id, state) => client.apiTokens.delete(organizationOf(state), id),
  },
});

/** The dynamic provider of {@link ApiToken}. */
export const apiTokenProvider = apiToken.provider;

/**
 * An API token of the organization, for a CI pipeline (`Deploy`), a dashboard (`Read`) or anything calling the
 * service. Its value, the `token` output, is a Pulumi secret: the service shows it only in the answer to the create,
 * so it comes from the state afterwards (a refresh keeps it) and appears in no log, error or plaintext state.
 *
 * Rotation: change a value in `triggers` and `pulumi up` replaces the token, **creating the new one before deleting
 * the old one** (the resource never deletes first, `deleteBeforeReplace: false`), so resources using `token` (a CI
 * secret variable) are updated to the new value in the same `up` while the old one still works, and the old one
 * stops working when it is deleted at the end. Do not set `deleteBeforeReplace: true` on it, or a pipeline would be
 * without a token for the length of the `up`.
 *
 * @example
 * const ci = new ApiToken("ci-staging", {
 *   organizationId: org.id, name: "ci-staging", scope: "Deploy", triggers: [config.require("tokenGeneration")],
 * });
 * new Secret("ci-token", { scope: "ENVIRONMENT", parentId: staging.id, key: "DEPLOY_SERVICE_API_TOKEN", value: ci.token });
 *
 * @class
 */
export const ApiToken = serviceObjectClass<ApiTokenArgs, typeof apiTokenSchema, ApiTokenComputed>(apiToken);
/** {@link ApiToken} as a type: its outputs are every input as stored and what the service computes. */
export type ApiToken = InstanceType<typeof ApiToken>;
