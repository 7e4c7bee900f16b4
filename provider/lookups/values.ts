/**
 * What the variable and secret lookups share: the arguments (the parent's scope and id, and the key or the id), the
 * read of one value among the parent's own (the service has no read of one variable by id), and the result's
 * common members. Secrets never carry a value: the service never answers it.
 */
import type * as pulumi from "@pulumi/pulumi";
import { NotFoundError, VariableParentScope, type DeployServiceClient, type Variable } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import type { LookupResult } from "../framework/outputs";
import type { VariableArgs } from "../resources/variable";
import type { VariableFamilyComputed } from "../resources/variable-family";
import { defined, findIn, textOf, type LookupFamily, type PlainArgs } from "./core";

/** Arguments of a variable or secret lookup: the parent (its scope and id), and exactly one of `key` and `id`. */
export interface GetValueOutputArgs {
  /** The kind of the parent: `PROJECT`, `ENVIRONMENT`, `APPLICATION`, `CONTAINER` or `JOB`. */
  scope: pulumi.Input<VariableParentScope>;
  /** Id of the project, environment or service holding the value (the service reads values only under their parent). */
  parentId: pulumi.Input<string>;
  /** The key (compared exactly, as the service does). */
  key?: pulumi.Input<string>;
  /** The value's id. */
  id?: pulumi.Input<string>;
}

/** A variable or secret as both lookups answer it, in the spelling of `VariableArgs` and `SecretArgs`. */
export interface ValueResult extends LookupResult<
  Pick<VariableArgs, "key" | "scope" | "parentId" | "mountPath" | "description">, "key" | "scope" | "parentId", never, Pick<VariableFamilyComputed, "variableType">
> {}

const SCOPES: readonly string[] = VariableParentScope.options;

/** One of the parent's own values (not inherited, not built-in) with that id, of the family's kind. */
async function ownValue(client: DeployServiceClient, scope: VariableParentScope, parentId: string, id: string, secret: boolean): Promise<Variable> {
  const visible = await client.variables.list({ parentId, scope, isSecret: secret });
  const found = visible.find((v) => v.id === id && v.scope === scope && v.is_secret === secret);
  if (found === undefined) {
    throw new NotFoundError(`GET /variable: ${secret ? "secret" : "variable"} ${id} not found at ${scope.toLowerCase()} ${parentId}`, {
      method: "GET", path: "/variable", status: 404,
    });
  }
  return found;
}

/**
 * Finds a variable (`secret` false) or a secret (`secret` true) of a parent by id or by key, and answers it through
 * `result` (which adds a variable's value; a secret's result has none).
 */
export async function findValue<Res>(
  client: DeployServiceClient, args: PlainArgs<GetValueOutputArgs>, secret: boolean,
  result: (common: ValueResult, record: Variable) => Res,
): Promise<Res> {
  const lookup = secret ? "getSecret" : "getVariable";
  const scope = args.scope;
  if (typeof args.parentId === "string" && args.parentId !== "" && !SCOPES.includes(scope)) {
    const got = typeof scope === "string" ? JSON.stringify(scope) : "none";
    throw new Error(`deploy-service: ${lookup}: pass { scope } with { parentId }: one of ${SCOPES.join(", ")}, got ${got}`);
  }
  // The natural key lists a parent's values at the scope its inputs name: the lookup's scope goes with its parent.
  const nk = NATURAL_KEYS[secret ? "Secret" : "Variable"]!;
  const family: LookupFamily<Variable, Res> = {
    lookup, nouns: secret ? "secrets" : "variables", key: { ...nk, list: (c, inputs) => nk.list(c, { ...inputs, scope }) }, idNeedsParent: true,
    get: (c, id, parentId) => ownValue(c, scope, parentId!, id, secret),
    result: (r, parentId) => result(defined<ValueResult>({
      id: r.id, key: r.key, scope, parentId, variableType: textOf(r.variable_type), mountPath: textOf(r.mount_path),
      description: textOf(r.description),
    }), r),
  };
  return findIn(family, client, args.parentId, { key: args.key, id: args.id });
}
