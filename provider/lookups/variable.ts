import type { DeployServiceClient } from "../../sdk";
import type { PlainArgs } from "./core";
import { lookups } from "./family";
import { findValue, type GetValueOutputArgs, type ValueResult } from "./values";

/** Arguments of {@link getVariableOutput}: the parent (`scope` and `parentId`), and exactly one of the variable's `id` and `key`. */
export type GetVariableOutputArgs = GetValueOutputArgs;

/** Arguments of {@link getVariable}: those of {@link GetVariableOutputArgs} with plain values. */
export type GetVariableArgs = PlainArgs<GetVariableOutputArgs>;

/** A variable found by {@link getVariable} or {@link getVariableOutput}, in the spelling of `VariableArgs`. */
export interface VariableResult extends ValueResult {
  /** The value (an alias's is its target's), when the service says. */
  value?: string;
}

/** A variable of a parent, with its value when the service says it. */
const variableOf = (client: DeployServiceClient, args: GetVariableArgs): Promise<VariableResult> =>
  findValue(client, args, false, (common, r): VariableResult => (typeof r.value === "string" ? { ...common, value: r.value } : common));

export const { findVariable,
  /**
   * Looks up a variable a parent holds itself (not one it inherits, nor a built-in one) by id, or by key (compared
   * exactly), with plain values, in a Promise; give `scope`, `parentId` and exactly one of `id` and `key`. Secrets are
   * not variables: look them up with {@link getSecret}.
   *
   * @example
   * const level = getVariableOutput({ scope: "ENVIRONMENT", parentId: staging.id, key: "LOG_LEVEL" });
   * new Variable("verbose", { scope: "APPLICATION", parentId: api.id, key: "VERBOSE", aliasOf: level.id });
   */
  getVariable,
  /** {@link getVariable} taking Inputs and answering an Output. */
  getVariableOutput } = lookups<"Variable", GetVariableOutputArgs, VariableResult>("Variable", variableOf);
