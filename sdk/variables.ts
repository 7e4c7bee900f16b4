/** Environment variables of an application (values visible; see `secrets.ts` for hidden ones). */
import { z } from "zod";
import type { RequestCore } from "./core";
import { serviceValues, type OwnerSegment, type OwnScope, type ServiceValuesApi } from "./service-values";
import { maybe, openEnum, record } from "./schema";

/** Where a variable is defined. */
export const VariableScope = openEnum([
  "APPLICATION", "BUILT_IN", "ENVIRONMENT", "PROJECT", "CONTAINER", "JOB", "HELM", "TERRAFORM", "AGENTIC_WORKFLOW",
] as const);
/** Where a variable is defined (`APPLICATION`, `ENVIRONMENT`, `PROJECT`, `BUILT_IN`, ...). */
export type VariableScope = z.infer<typeof VariableScope>;

/** What kind of variable it is. */
export const VariableType = openEnum([
  "VALUE", "ALIAS", "OVERRIDE", "BUILT_IN", "FILE", "EXTERNAL_SECRET", "FILE_EXTERNAL_SECRET",
] as const);
/** What kind of variable it is (`VALUE`, `FILE`, `ALIAS`, ...). */
export type VariableType = z.infer<typeof VariableType>;

/**
 * What an alias points at, or what an override gives a new value to (wire `aliased_variable`, `overridden_variable`,
 * and `aliased_secret`, `overridden_secret` in secrets' answers): the other variable's id, key, scope and type.
 */
export const VariableReference = z.looseObject({
  id: z.string(),
  key: z.string(),
  value: maybe(z.string()),
  mount_path: maybe(z.string()),
  scope: maybe(VariableScope),
  variable_type: maybe(VariableType),
});
/** What an alias points at, or what an override overrides. */
export type VariableReference = z.infer<typeof VariableReference>;

/** An environment variable record. */
export const EnvironmentVariable = record({
  key: z.string(),
  value: maybe(z.string()),
  mount_path: maybe(z.string()),
  description: maybe(z.string()),
  scope: maybe(VariableScope),
  variable_type: maybe(VariableType),
  service_id: maybe(z.string()),
  service_name: maybe(z.string()),
  service_type: maybe(z.string()),
  aliased_variable: maybe(VariableReference),
  overridden_variable: maybe(VariableReference),
  owned_by: maybe(z.string()),
  enable_interpolation_in_file: maybe(z.boolean()),
});
/** An environment variable record. */
export type EnvironmentVariable = z.infer<typeof EnvironmentVariable>;

/** A variable or secret key (non-empty). */
export const VariableKey = z.string().min(1);

/** Body of a variable create; `mount_path` makes it a file variable. `key` is unique within the application. */
export const VariableCreateRequest = z.looseObject({
  key: VariableKey,
  value: z.string().optional(),
  mount_path: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  enable_interpolation_in_file: z.boolean().nullable().optional(),
});
/** Body of a variable create. */
export type VariableCreateRequest = z.input<typeof VariableCreateRequest>;

/** Body of a variable edit: the same fields as a create. */
export const VariableEditRequest = VariableCreateRequest;
/** Body of a variable edit. */
export type VariableEditRequest = z.input<typeof VariableEditRequest>;

const VARIABLE_SCHEMAS = { record: EnvironmentVariable, createRequest: VariableCreateRequest, editRequest: VariableEditRequest };

/** The endpoints of an owner's environment variables (a project's, an environment's or a service's). */
export type ServiceVariablesApi = ServiceValuesApi<EnvironmentVariable, VariableCreateRequest, VariableEditRequest>;

/**
 * The endpoints of the environment variables of one owner kind, under `/<owner>/{id}/environmentVariable`;
 * a lost create is recovered by key among the values whose scope is `ownScope`.
 */
export function serviceVariables(service: OwnerSegment, ownScope: OwnScope): new (core: RequestCore) => ServiceVariablesApi {
  return serviceValues(service, "environmentVariable", "environment variable", VARIABLE_SCHEMAS, ownScope);
}

/** Endpoints of an application's environment variables. */
export class EnvironmentVariablesApi extends serviceVariables("application", "APPLICATION") {}
