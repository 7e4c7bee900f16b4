/**
 * One definition for the standalone `Variable` and `Secret` resources: a value, a file, an alias or an override at
 * a project, an environment or a service, made through the scope-generic endpoints (`client.variables`). A key
 * an owner's maps already hold fails at create with an error naming the owner and the map (see `variable-conflict.ts`).
 */
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { NotFoundError, VariableParentScope, type DeployServiceClient, type Variable as VariableRecord } from "../../sdk";
import { argsSchema } from "../framework/args";
import { plain, storedSecret } from "../framework/common";
import { defineResource, type FamilyCalls, type Props } from "../framework/define";
import { field } from "../framework/fields";
import { idInput } from "../framework/rules";
import { mountPathInput, variableKeyInput } from "../framework/value-maps";
import { conflictAtCreate } from "./variable-conflict";
import type { AdoptableArgs } from "../framework/adoption";

/** The scopes a standalone variable can be made at (its parent's kind). */
export const VARIABLE_SCOPES = VariableParentScope.options;
/** The kind of a variable's parent: `PROJECT`, `ENVIRONMENT`, `APPLICATION`, `CONTAINER` or `JOB`. */
export type VariableScopeInput = (typeof VARIABLE_SCOPES)[number];

/** What the two resources share field for field (the `value` of a `Secret` is a Pulumi secret). */
export interface VariableFamilyArgs extends AdoptableArgs {
  /**
   * The kind of the parent: `PROJECT`, `ENVIRONMENT`, `APPLICATION`, `CONTAINER` or `JOB`. Changing it replaces the
   * variable. Wire: `variable_scope` (`alias_scope`, `override_scope` for an alias or an override).
   */
  scope: pulumi.Input<VariableScopeInput>;
  /**
   * Id of the project, environment or service holding the variable. Changing it replaces the variable. Wire:
   * `variable_parent_id` (`alias_parent_id`, `override_parent_id`).
   */
  parentId: pulumi.Input<string>;
  /**
   * The key (letters, digits, `_`, not starting with a digit), unique at the parent among variables and secrets.
   * Required, except with `overrideOf`, where it is the overridden variable's key (given, it must be that key).
   * Changing it replaces the variable. Wire: `key`.
   */
  key?: pulumi.Input<string>;
  /**
   * The value. Required, except with `aliasOf` (an alias carries its target's value; then it must be left out).
   * Changed in place. Wire: `value`.
   */
  value?: pulumi.Input<string>;
  /**
   * Makes it a file mounted at this absolute path (e.g. `/etc/app/config.yaml`). Not with `aliasOf` or
   * `overrideOf`. Changing it replaces the variable. Default: none (a plain value). Wire: `mount_path`.
   */
  mountPath?: pulumi.Input<string>;
  /** Free text, at most 255 characters. Changed in place. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
  /**
   * Id of the variable (or built-in variable) this one is an alias of, visible to the parent (its own, or of a
   * higher scope). Changing it replaces the alias. Default: none. Wire: the `{variableId}` of `POST /variable/{variableId}/alias`.
   */
  aliasOf?: pulumi.Input<string>;
  /**
   * Id of the variable of a higher scope (the environment's or project's) this one gives a new value at the parent,
   * keeping its key. Changing it replaces the override. Default: none. Wire: the `{variableId}` of
   * `POST /variable/{variableId}/override`.
   */
  overrideOf?: pulumi.Input<string>;
}

/** The cross-field rules: what an alias, an override and a plain value or file each take. */
function refineShape(v: { key?: string | undefined; value?: string | undefined; mountPath?: string | undefined; aliasOf?: string | undefined; overrideOf?: string | undefined }, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (v.aliasOf !== undefined && v.overrideOf !== undefined) {
    issue("overrideOf", "expected at most one of aliasOf and overrideOf, got both");
    return;
  }
  if (v.aliasOf !== undefined) {
    if (v.key === undefined) issue("key", "expected the alias's own key (an alias needs a key), got none");
    if (v.value !== undefined) issue("value", "expected no value with aliasOf (an alias carries its target's value), got one");
  } else {
    if (v.value === undefined) issue("value", `expected a value${v.overrideOf === undefined ? "" : " (the override's)"}, got none`);
    if (v.overrideOf === undefined && v.key === undefined) issue("key", "expected a key, got none");
  }
  if (v.mountPath !== undefined && (v.aliasOf !== undefined || v.overrideOf !== undefined)) {
    issue("mountPath", `expected no mountPath with ${v.aliasOf !== undefined ? "aliasOf" : "overrideOf"} (it takes its target's), got ${JSON.stringify(v.mountPath)}`);
  }
}

/** The schema of the `Variable` (secret false) or `Secret` (secret true) resource. */
export function variableFamilySchema(secret: boolean) {
  return argsSchema<VariableFamilyArgs>()(z
    .strictObject({
      scope: field(z.enum(VARIABLE_SCOPES), { wire: "variable_scope", replace: true }),
      parentId: field(idInput(), { wire: "variable_parent_id", replace: true }),
      key: field(variableKeyInput.optional(), { replace: true, computed: true }),
      value: field(z.string().optional(), { secret }),
      mountPath: field(mountPathInput.optional(), { wire: "mount_path", replace: true }),
      description: z.string().max(255).default(""),
      aliasOf: field(idInput().optional(), { wire: false, replace: true }),
      overrideOf: field(idInput().optional(), { wire: false, replace: true }),
    })
    .superRefine(refineShape));
}

/** The inputs of either resource, after validation. */
export type VariableFamilyInputs = z.output<ReturnType<typeof variableFamilySchema>>;

/** A missing variable, as the listing says it (there is no read of one variable by id). */
function missing(id: string, state: Props): NotFoundError {
  return new NotFoundError(`GET /variable: variable ${id} not found at ${String(state["scope"]).toLowerCase()} ${String(state["parentId"])}`, {
    method: "GET", path: "/variable", status: 404,
  });
}

/** The family's calls on `client.variables`. */
function calls(secret: boolean): FamilyCalls<VariableFamilyInputs, VariableRecord> {
  const create = async (client: DeployServiceClient, i: VariableFamilyInputs): Promise<VariableRecord> => {
    const api = client.variables;
    const description = i.description === "" ? undefined : i.description;
    if (i.aliasOf !== undefined) {
      return api.alias(i.aliasOf, { key: i.key!, alias_scope: i.scope, alias_parent_id: i.parentId, ...(description ? { description } : {}) });
    }
    if (i.overrideOf !== undefined) {
      return api.override(
        i.overrideOf,
        { value: i.value!, override_scope: i.scope, override_parent_id: i.parentId, ...(description ? { description } : {}) },
        { secret },
      );
    }
    return api.create({
      key: i.key!, value: i.value!, is_secret: secret, variable_scope: i.scope, variable_parent_id: i.parentId,
      ...(i.mountPath === undefined ? {} : { mount_path: i.mountPath }), ...(description ? { description } : {}),
    });
  };
  return {
    async create(client, inputs) {
      if (inputs.overrideOf !== undefined && inputs.key !== undefined) await expectTargetKey(client, inputs);
      try {
        return await create(client, inputs);
      } catch (e) {
        throw (await conflictAtCreate(client, e, inputs, secret)) ?? e;
      }
    },
    async get(client, id, state) {
      const scope = String(state["scope"]) as VariableScopeInput;
      const visible = await client.variables.list({ parentId: String(state["parentId"]), scope, isSecret: secret });
      const found = visible.find((v) => v.id === id && v.scope === scope);
      if (found === undefined) throw missing(id, state);
      return found;
    },
    update: (client, id, inputs) =>
      client.variables.update(id, {
        key: inputs.key!, description: inputs.description, ...(inputs.aliasOf === undefined ? { value: inputs.value ?? null } : {}),
      }, { secret }),
    async delete(client, id) {
      await client.variables.delete(id);
    },
  };
}

/** With `overrideOf` and `key` both given: the key must be the overridden variable's (an override keeps it). */
async function expectTargetKey(client: DeployServiceClient, i: VariableFamilyInputs): Promise<void> {
  const target = (await client.variables.list({ parentId: i.parentId, scope: i.scope })).find((v) => v.id === i.overrideOf);
  if (target === undefined || target.key === i.key) return;
  throw new Error(`key: expected ${JSON.stringify(target.key)} (the key of the overridden variable ${i.overrideOf}), got ${JSON.stringify(i.key)}`);
}

/** The record in input form: the value of a secret is the stored one, or CHANGED_OUTSIDE when `updated_at` moved. */
function fromWire(secret: boolean) {
  return (record: VariableRecord, previous: Props): Props => {
    const alias = record.aliased_variable?.id ?? (previous["aliasOf"] as string | undefined);
    const value = alias !== undefined && record.variable_type === "ALIAS" ? undefined
      : secret ? storedSecret(record, previous, "value") : (record.value ?? undefined);
    return plain({
      scope: previous["scope"],
      parentId: previous["parentId"],
      key: record.key,
      value,
      mountPath: record.mount_path ?? undefined,
      description: record.description ?? "",
      aliasOf: record.variable_type === "ALIAS" ? alias : undefined,
      overrideOf: record.variable_type === "OVERRIDE" ? (record.overridden_variable?.id ?? previous["overrideOf"]) : undefined,
    });
  };
}

/** Builds the `Variable` (secret false) or `Secret` (secret true) family. */
export function variableFamily(kind: "Variable" | "Secret") {
  const secret = kind === "Secret";
  const noun = secret ? "secret" : "variable";
  return defineResource({
    kind,
    noun,
    label: (i) => `${noun} ${i["key"] === undefined ? `overriding ${String(i["overrideOf"])}` : JSON.stringify(i["key"])} at ${String(i["scope"]).toLowerCase()} ${String(i["parentId"])}`,
    schema: variableFamilySchema(secret),
    calls: calls(secret),
    outputNames: ["variableType"] satisfies (keyof VariableFamilyComputed)[],
    outputs: (record) => ({ variableType: record.variable_type }),
    fromWire: fromWire(secret),
    // An override's key is the overridden variable's: left out, it is whatever the service answered.
    fillServiceChoices: (news, olds) => (news["key"] === undefined && olds["key"] !== undefined ? { ...news, key: olds["key"] } : news),
  });
}

/** What the service says of a variable or a secret beyond its inputs: outputs of a `Variable` or a `Secret`. */
export interface VariableFamilyComputed {
  /** The key (an override's is its target's). */
  key: string;
  /** `VALUE`, `FILE`, `ALIAS` or `OVERRIDE`, as the service says. */
  variableType: string;
}
