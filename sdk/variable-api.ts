/**
 * `client.variables`: the scope-generic variable endpoints (`/variable`), one group for variables and secrets of
 * every scope. `list` answers everything a parent sees: its own values, those inherited from its environment and
 * project, and the built-in ones, each with the `scope` it is defined at.
 */
import { z } from "zod";
import type { RequestCore } from "./core";
import { path, under, type ApiPath } from "./path";
import { SERVICE_KINDS } from "./service-kinds";
import type { ServiceSegment } from "./service-values";
import { maybe, record } from "./schema";
import { VariableKey, VariableReference, VariableScope, VariableType } from "./variables";

/** A variable or secret as `/variable` answers it (`value` null for secrets). */
export const Variable = record({
  key: z.string(),
  value: maybe(z.string()),
  mount_path: maybe(z.string()),
  scope: VariableScope,
  variable_type: VariableType,
  is_secret: z.boolean(),
  aliased_variable: maybe(VariableReference),
  overridden_variable: maybe(VariableReference),
  service_id: maybe(z.string()),
  service_name: maybe(z.string()),
  service_type: maybe(z.string()),
  owned_by: maybe(z.string()),
  description: maybe(z.string()),
});
/** A variable or secret as `/variable` answers it. */
export type Variable = z.infer<typeof Variable>;

/** The scopes a variable can be created at (the `variable_scope` of a create; `alias_scope`, `override_scope`). */
export const VariableParentScope = z.enum(["PROJECT", "ENVIRONMENT", "APPLICATION", "CONTAINER", "JOB", "HELM", "TERRAFORM"]);
/** The scopes a variable can be created at. */
export type VariableParentScope = z.infer<typeof VariableParentScope>;

const description = z.string().max(255).nullable().optional();

/** Body of a variable create: `mount_path` makes it a file; `is_secret` a secret. `key` is unique at the parent. */
export const VariableRequest = z.looseObject({
  key: VariableKey,
  value: z.string(),
  is_secret: z.boolean(),
  variable_scope: VariableParentScope,
  variable_parent_id: z.string().min(1),
  mount_path: z.string().nullable().optional(),
  description,
});
/** Body of a variable create. */
export type VariableRequest = z.input<typeof VariableRequest>;

/** Body of a variable edit: the key (an override keeps its target's), the value (not of an alias), the description. */
export const VariableUpdateRequest = z.looseObject({
  key: VariableKey,
  value: z.string().nullable().optional(),
  description,
});
/** Body of a variable edit. */
export type VariableUpdateRequest = z.input<typeof VariableUpdateRequest>;

/** Body of an alias: its own `key`, made at `alias_parent_id` (of scope `alias_scope`). */
export const VariableAliasRequest = z.looseObject({
  key: VariableKey,
  alias_scope: VariableParentScope,
  alias_parent_id: z.string().min(1),
  description,
});
/** Body of an alias. */
export type VariableAliasRequest = z.input<typeof VariableAliasRequest>;

/** Body of an override: the new `value`, made at `override_parent_id` (of scope `override_scope`, below the target's). */
export const VariableOverrideRequest = z.looseObject({
  value: z.string(),
  override_scope: VariableParentScope,
  override_parent_id: z.string().min(1),
  description,
});
/** Body of an override. */
export type VariableOverrideRequest = z.input<typeof VariableOverrideRequest>;

/** One variable of an import: its `name` (key), `value`, the `scope` it goes to (the service's or higher), secret or not. */
export const VariableImportItem = z.looseObject({
  name: VariableKey,
  value: z.string(),
  scope: VariableParentScope,
  is_secret: z.boolean(),
});
/** One variable of an import. */
export type VariableImportItem = z.input<typeof VariableImportItem>;

/** Body of an import: the variables, and whether one whose key exists at its scope replaces it (default false). */
export const VariableImportRequest = z.looseObject({
  overwrite: z.boolean(),
  vars: z.array(VariableImportItem),
});

/** Body of an import. */
export type VariableImportRequest = z.input<typeof VariableImportRequest>;

/** The service's own import route of a service kind: `/<kind>/{id}/environmentVariable/import`. */
function importPath(kind: ServiceSegment, id: string): ApiPath {
  return under(() => under(() => SERVICE_KINDS[kind].item(id), "environmentVariable"), "import");
}

/** What an import did: how many it was given, and the ones it imported (no value for secrets). */
export const VariableImport = z.looseObject({
  total_variables_to_import: z.number(),
  successful_imported_variables: z.array(z.looseObject({
    name: z.string(),
    value: maybe(z.string()),
    scope: VariableScope,
    is_secret: z.boolean(),
  })),
});
/** What an import did. */
export type VariableImport = z.infer<typeof VariableImport>;

/** Which variables to list: those `parentId` (of scope `scope`) sees; `isSecret` keeps secrets only, or no secrets. */
export interface VariableListQuery {
  /** The project, environment or service whose visible variables are listed (wire `parent_id`). */
  parentId: string;
  /** The scope of `parentId` (wire `scope`). */
  scope: VariableParentScope;
  /** True: secrets only; false: no secrets; absent: both (wire `is_secret`). */
  isSecret?: boolean;
}

/** What an import takes: the service the variables are imported for, and the variables. */
export interface VariableImportOptions {
  /** The service (wire `service_id`). */
  serviceId: string;
  /** Its type (wire `service_type`): `APPLICATION`, `CONTAINER` or `JOB`. */
  serviceType: "APPLICATION" | "CONTAINER" | "JOB";
  /** Whether a variable whose key exists at its scope is replaced (default false: it is skipped). */
  overwrite?: boolean;
  /** The variables. */
  vars: VariableImportItem[];
}

/** The scope-generic variable endpoints (`client.variables`). */
export class VariablesApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Lists what a parent sees: its own values, the inherited ones and the built-in ones, each with its `scope`. */
  async list(query: VariableListQuery): Promise<Variable[]> {
    return await this.core.list(path`/variable`, Variable, {
      parent_id: query.parentId, scope: query.scope, ...(query.isSecret === undefined ? {} : { is_secret: query.isSecret }),
    });
  }

  /** Creates a variable or secret at its parent. A lost answer is recovered by `key` among the parent's own values. */
  async create(request: VariableRequest): Promise<Variable> {
    return await this.core.call({
      method: "POST", path: path`/variable`, body: request, requestSchema: VariableRequest, response: Variable,
      what: `variable ${JSON.stringify(request.key)}`,
      recover: () => this.ownWith(request.variable_parent_id, request.variable_scope, (v) => v.key === request.key),
    });
  }

  /**
   * Edits a variable or secret: its key, value and description. Pass `{ secret: true }` for a secret, so its value
   * is kept out of every message of this client (the path and body do not say it is one).
   */
  async update(id: string, request: VariableUpdateRequest, options: { secret?: boolean } = {}): Promise<Variable> {
    return await this.core.call({
      method: "PUT", path: path`/variable/${id}`, body: request, requestSchema: VariableUpdateRequest, response: Variable,
      secretValue: options.secret === true,
    });
  }

  /** Deletes a variable or secret (its aliases and overrides go with it); a missing one throws NotFoundError. */
  async delete(id: string): Promise<void> {
    await this.core.call({ method: "DELETE", path: path`/variable/${id}` });
  }

  /**
   * Makes an alias named `key` of the variable `targetId` at `alias_parent_id`; the target must be visible there
   * (same or higher scope, or built in). A lost answer is recovered by `key` among the parent's own values.
   */
  async alias(targetId: string, request: VariableAliasRequest): Promise<Variable> {
    return await this.core.call({
      method: "POST", path: path`/variable/${targetId}/alias`, body: request, requestSchema: VariableAliasRequest, response: Variable,
      what: `variable alias ${JSON.stringify(request.key)}`,
      recover: () => this.ownWith(request.alias_parent_id, request.alias_scope, (v) => v.key === request.key),
    });
  }

  /**
   * Gives the variable `targetId` (of a higher scope) a new value at `override_parent_id`, keeping its key. A lost
   * answer is recovered among the parent's own overrides of `targetId`. Pass `{ secret: true }` when overriding a secret.
   */
  async override(targetId: string, request: VariableOverrideRequest, options: { secret?: boolean } = {}): Promise<Variable> {
    return await this.core.call({
      method: "POST", path: path`/variable/${targetId}/override`, body: request, requestSchema: VariableOverrideRequest, response: Variable,
      secretValue: options.secret === true,
      what: `override of variable ${JSON.stringify(targetId)}`,
      recover: () => this.ownWith(request.override_parent_id, request.override_scope, (v) => v.overridden_variable?.id === targetId),
    });
  }

  /**
   * Imports variables for a service, each at its `scope` (the service's, its environment's or its project's).
   * Never sent twice: after a lost answer it fails with the error seen (it may have applied; running it again with
   * `overwrite` gives the same result).
   */
  async import(options: VariableImportOptions): Promise<VariableImport> {
    return await this.core.call({
      method: "POST", path: path`/variable/import`, query: { service_id: options.serviceId, service_type: options.serviceType },
      body: { overwrite: options.overwrite ?? false, vars: options.vars }, requestSchema: VariableImportRequest, response: VariableImport,
      what: `import of ${options.vars.length} variable(s)`,
    });
  }

  /**
   * Imports variables and secrets for a service through the service's own route
   * (`POST /application/{id}/environmentVariable/import`, and the container and job counterparts): one request
   * for many values, each at its `scope`. The answer names what was imported but carries no ids (list them with
   * {@link list}). Secret values are kept out of every message. Never sent twice: after a lost answer it fails with
   * the error seen (it may have applied; with `overwrite`, sending it again gives the same result).
   *
   * @param kind `application`, `container` or `job`.
   * @param serviceId the service.
   * @param request `overwrite` (a key that exists at its scope is replaced; false: skipped) and the variables.
   */
  async importFor(kind: ServiceSegment, serviceId: string, request: VariableImportRequest): Promise<VariableImport> {
    return await this.core.call({
      method: "POST", path: importPath(kind, serviceId), body: request, requestSchema: VariableImportRequest,
      response: VariableImport, what: `import of ${request.vars.length} variable(s)`,
    });
  }

  /** The first of the parent's own values (scope `scope`) that `match` accepts. */
  private async ownWith(parentId: string, scope: VariableParentScope, match: (v: Variable) => boolean): Promise<Variable | undefined> {
    return (await this.list({ parentId, scope })).find((v) => v.scope === scope && match(v));
  }
}
