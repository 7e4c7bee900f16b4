/**
 * API tokens of an organization: what CI pipelines and dashboards call the service with. The token value is in
 * the create's answer only; lists and lookups carry the metadata.
 */
import { z } from "zod";
import type { RequestCore } from "./core";
import { BadRequestError } from "./errors";
import { ROLE_FIELDS } from "./members";
import type { AvailableRole } from "./organizations";
import { path } from "./path";
import { maybe, record } from "./schema";
import { secretFields } from "./sensitive";

/** The scopes of an API token: `Admin` (everything), `Read` (reads), `Deploy` (reads and deploy actions), `Write` (reads and changes). */
export const API_TOKEN_SCOPES = ["Admin", "Read", "Deploy", "Write"] as const;
/** An API token scope. */
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** An API token's metadata (never its value). */
export const ApiToken = record({
  /** The token's name (unique in the organization). */
  name: maybe(z.string()),
  /** Free text. */
  description: maybe(z.string()),
  /** The token's role. */
  ...ROLE_FIELDS,
});
/** An API token's metadata. */
export type ApiToken = z.infer<typeof ApiToken>;

/** The answer of a create: the metadata and, this once, the token value (`token`, sent as `Authorization: Token <token>`). */
export const CreatedApiToken = ApiToken.extend({
  /** The token value: shown once, never again. A secret: the client keeps it out of its messages. */
  token: z.string().min(1),
});
/** The answer of a create, with the token value. */
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;
secretFields({ secret: ["token"] });

/** The create's body on the wire (`OrganizationApiTokenCreateRequest`): a role by id, or the deprecated `scope: "ADMIN"`. */
const ApiTokenWireRequest = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  scope: z.literal("ADMIN").nullable().optional(),
  role_id: z.string().min(1).nullable(),
});

/** What {@link ApiTokensApi.create} takes: a name, and either a `scope` or the id of a (custom) role. */
export const ApiTokenRequest = z
  .looseObject({
    /** The token's name (unique in the organization). */
    name: z.string().min(1),
    /** Free text. */
    description: z.string().optional(),
    /** The token's scope: the organization's role of that name (case-insensitive) is the token's role. */
    scope: z.enum(API_TOKEN_SCOPES).optional(),
    /** Id of the token's role: a custom role's, or any of `client.organizations.availableRoles`. */
    role_id: z.string().min(1).optional(),
  })
  .superRefine((request, ctx) => {
    if ((request.scope === undefined) === (request.role_id === undefined)) {
      ctx.addIssue({ code: "custom", path: ["scope"], message: "expected either scope or role_id (exactly one of them)" });
    }
  });
/** What {@link ApiTokensApi.create} takes. */
export type ApiTokenRequest = z.input<typeof ApiTokenRequest>;

/** The role whose name is the scope's (case-insensitive). */
function roleOfScope(roles: AvailableRole[], scope: ApiTokenScope): AvailableRole | undefined {
  return roles.find((r) => r.name.trim().toLowerCase() === scope.toLowerCase());
}

/** Endpoints of API tokens. */
export class ApiTokensApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Lists the API tokens of an organization (metadata only), optionally only those of one name. */
  list(organizationId: string, filter: { name?: string } = {}): Promise<ApiToken[]> {
    return this.core.list(path`/organization/${organizationId}/apiToken`, ApiToken, { name: filter.name });
  }

  /**
   * Creates an API token and returns it with its value (`token`), which the service shows this once: keep it.
   * A `scope` is turned into the role of that name (one `GET .../availableRole`); `Admin` falls back to the
   * deprecated `scope: "ADMIN"` when the organization lists no such role. The value is kept out of every later
   * message of this client.
   *
   * A lost answer is never sent again blindly: when the lookup by name finds the token, the call fails with
   * UnconfirmedCreateError (its value is lost with the answer: delete it and create it again).
   * @throws BadRequestError (local) when the request is invalid or no role has the scope's name (the message lists
   *   the roles); ConflictError when the name is taken.
   */
  async create(organizationId: string, request: ApiTokenRequest): Promise<CreatedApiToken> {
    const listPath = path`/organization/${organizationId}/apiToken`;
    const parsed = ApiTokenRequest.safeParse(request);
    // An invalid request goes to the core as it is, which refuses it with the message naming the field.
    const wire = parsed.success ? await this.wireRequest(organizationId, parsed.data) : request;
    const name = parsed.success ? parsed.data.name : "";
    return this.core.call({
      method: "POST", path: listPath, body: wire, requestSchema: parsed.success ? ApiTokenWireRequest : ApiTokenRequest,
      response: CreatedApiToken, what: `API token ${JSON.stringify(name)}`,
      secretsInResponse: (created) => [created.token],
      recover: async () => {
        const found = (await this.list(organizationId, { name })).filter((t) => t.name === name);
        if (found.length > 0) throw new Error(`API token ${JSON.stringify(name)} exists (id ${found[0]?.id ?? "?"}) but its value was lost with the answer`);
        return undefined;
      },
    });
  }

  /** Deletes an API token: it stops authenticating at once. A missing one throws NotFoundError. */
  async delete(organizationId: string, apiTokenId: string): Promise<void> {
    await this.core.call({ method: "DELETE", path: path`/organization/${organizationId}/apiToken/${apiTokenId}` });
  }

  private async wireRequest(organizationId: string, request: z.output<typeof ApiTokenRequest>): Promise<z.input<typeof ApiTokenWireRequest>> {
    const { scope, role_id: roleId, ...rest } = request;
    if (scope === undefined) return { ...rest, role_id: roleId ?? null };
    const roles = await this.core.list(path`/organization/${organizationId}/availableRole`, z.looseObject({ id: z.string(), name: z.string() }));
    const role = roleOfScope(roles, scope);
    if (role) return { ...rest, role_id: role.id };
    if (scope === "Admin") return { ...rest, scope: "ADMIN", role_id: null };
    const names = roles.map((r) => JSON.stringify(r.name)).sort().join(", ") || "none";
    const listPath = path`/organization/${organizationId}/apiToken`;
    throw new BadRequestError(
      `POST ${listPath}: request field "scope": the organization has no role named ${JSON.stringify(scope)} (its roles: ${names}); pass role_id instead`,
      { method: "POST", path: listPath }, true,
    );
  }
}
