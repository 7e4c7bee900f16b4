import { variableFamily, variableFamilySchema, type VariableFamilyArgs, type VariableFamilyComputed } from "./variable-family";
import { serviceObjectClass } from "../framework/resource";

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
 *
 * @class
 */
export const Variable = serviceObjectClass<VariableArgs, ReturnType<typeof variableFamilySchema>, VariableFamilyComputed>(variable);
/** {@link Variable} as a type: its outputs are every input as stored and what the service computes. */
export type Variable = InstanceType<typeof Variable>;
