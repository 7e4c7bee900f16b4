import type * as pulumi from "@pulumi/pulumi";
import type { DeployServiceClient } from "../../sdk";
import { lookupPair, type PlainArgs } from "./core";
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

const variableLookup = lookupPair<GetVariableOutputArgs, VariableResult>((client, args) =>
  findValue(client, args, false, (common, r): VariableResult => (typeof r.value === "string" ? { ...common, value: r.value } : common)));

/**
 * Finds a variable a parent holds itself (not one it inherits, nor a built-in one) by id, or by key (compared
 * exactly). Secrets are not variables: look them up with `findSecret`.
 */
export const findVariable: (client: DeployServiceClient, args: GetVariableArgs) => Promise<VariableResult> = variableLookup.find;

/**
 * Looks up a variable the stack uses but does not manage, with plain arguments; give `scope`, `parentId` and
 * exactly one of `id` and `key`. None or several matching fail naming the parent's variables.
 *
 * @example
 * const level = await getVariable({ scope: "ENVIRONMENT", parentId: "8c1d...", key: "LOG_LEVEL" });
 */
export const getVariable: (args: GetVariableArgs) => Promise<VariableResult> = variableLookup.get;

/**
 * Looks up a variable, accepting Inputs and returning an Output.
 *
 * @example
 * const level = getVariableOutput({ scope: "ENVIRONMENT", parentId: staging.id, key: "LOG_LEVEL" });
 * new Variable("verbose", { scope: "APPLICATION", parentId: api.id, key: "VERBOSE", aliasOf: level.id });
 */
export const getVariableOutput: (args: GetVariableOutputArgs) => pulumi.Output<VariableResult> = variableLookup.getOutput;
