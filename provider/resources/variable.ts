import * as pulumi from "@pulumi/pulumi";
import { variableFamily, variableFamilySchema, type VariableFamilyArgs, type VariableFamilyComputed } from "./variable-family";
import { ServiceObjectResource, familyResourceArgs } from "../framework/resource";
import type { ResourceOutputs } from "../framework/outputs";

/**
 * Inputs of a {@link Variable}: a plain value, a file (`mountPath`), an alias (`aliasOf`) or an override
 * (`overrideOf`) at a project, an environment or a service.
 */
export type VariableArgs = VariableFamilyArgs;

/** The variable family (`client.variables`): its schema and calls; everything else is derived. */
export const variable = variableFamily("Variable");

/** The dynamic provider of {@link Variable}. */
export const variableProvider = variable.provider;

/**
 * One environment variable at a project, an environment or a service, managed on its own (wire: `/variable`): a
 * value, a file, an alias of another variable or an override of a higher one. Use it for keys the owner's maps
 * (`environmentVariables`, ...) do not declare: a key belongs either to the owner's maps or to one standalone
 * resource, and creating this one on a key the owner already holds fails, naming the owner and the key.
 *
 * @example
 * const level = new Variable("log-level", { scope: "ENVIRONMENT", parentId: staging.id, key: "LOG_LEVEL", value: "debug" });
 * const verbose = new Variable("verbose", { scope: "APPLICATION", parentId: api.id, key: "VERBOSE", aliasOf: level.id });
 */
export class Variable extends ServiceObjectResource {
  /**
   * @param name the Pulumi resource name.
   * @param args the variable's inputs.
   * @param opts resource options.
   */
  constructor(name: string, args: VariableArgs, opts?: pulumi.CustomResourceOptions) {
    super(...familyResourceArgs(variable, name, args, opts));
  }
}
// Its outputs: every input as stored and what the service computes (see framework/outputs.ts).
export interface Variable extends ResourceOutputs<VariableArgs, ReturnType<typeof variableFamilySchema>, VariableFamilyComputed> {}
