/**
 * Wire schemas of variables and secrets: the requests of the owner routes (`/<owner>/{id}/environmentVariable`,
 * `/secret`, their `alias` and `override`), of the scope-generic `/variable` routes and of imports; and the answers,
 * each carrying only the fields the reference declares for its operation (EnvironmentVariable, Secret, VariableResponse).
 */
import { z } from "zod";
import { baseResponse, nonEmpty, uuidString } from "./common";

const key = nonEmpty.regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, "expected letters, digits, '_', '.' or '-', not starting with a digit");

/** At most 255 characters; null clears it. */
const description = z.string().max(255, "must be at most 255 characters").nullable().optional();
const interpolation = z.boolean().nullable().optional();

/** The scopes a variable can be defined at (a project, an environment or a service). */
export const PARENT_SCOPES = ["PROJECT", "ENVIRONMENT", "APPLICATION", "CONTAINER", "JOB", "HELM", "TERRAFORM"] as const;
/** A scope a variable can be defined at. */
export const parentScope = z.enum(PARENT_SCOPES, { message: `expected one of ${PARENT_SCOPES.join(", ")}` });
/** Every scope an answer names: the parent scopes and BUILT_IN. */
const answerScope = z.enum([...PARENT_SCOPES, "BUILT_IN"]);
const variableType = z.enum(["VALUE", "FILE", "ALIAS", "OVERRIDE", "BUILT_IN"]);
/** The type of the service a variable belongs to or describes. */
const linkedServiceType = z.enum(["APPLICATION", "CONTAINER", "DATABASE", "JOB", "HELM", "TERRAFORM"]);

/** Create a variable or secret at an owner (EnvironmentVariableRequest, SecretRequest). */
export const variableCreateRequest = z.object({
  key,
  value: z.string().optional(),
  mount_path: z.string().nullable().optional(),
  description,
  enable_interpolation_in_file: interpolation,
});

/** Edit a variable at an owner (`key` required; EnvironmentVariableEditRequest). */
export const variableEditRequest = variableCreateRequest;

/** Edit a secret at an owner (`key` required; SecretEditRequest: no mount path). */
export const secretEditRequest = variableCreateRequest.omit({ mount_path: true });

/** Make an alias at an owner (`Key`): the alias's own key. */
export const aliasRequest = z.object({ key, description, enable_interpolation_in_file: interpolation });

/** Make an override at an owner (`Value`): the new value. */
export const overrideRequest = z.object({ value: z.string(), description, enable_interpolation_in_file: interpolation });

const noSecretManager = z.null({ message: "external secret managers are not supported by the emulator; expected null" }).optional();

/** `POST /variable` (VariableRequest). */
export const variableRequest = z.object({
  key,
  value: z.string(),
  mount_path: z.string().nullable().optional(),
  is_secret: z.boolean(),
  variable_scope: parentScope,
  variable_parent_id: uuidString,
  description,
  enable_interpolation_in_file: interpolation,
  secret_manager_access_id: noSecretManager,
});

/** `PUT /variable/{variableId}` (VariableEditRequest). */
export const variableUpdateRequest = z.object({
  key,
  value: z.string().nullable().optional(),
  description,
  enable_interpolation_in_file: interpolation,
  secret_manager_access_id: noSecretManager,
});

/** `POST /variable/{variableId}/alias` (VariableAliasRequest). */
export const variableAliasRequest = z.object({
  key, alias_scope: parentScope, alias_parent_id: uuidString, description, enable_interpolation_in_file: interpolation,
});

/** `POST /variable/{variableId}/override` (VariableOverrideRequest). */
export const variableOverrideRequest = z.object({
  value: z.string(), override_scope: parentScope, override_parent_id: uuidString, description, enable_interpolation_in_file: interpolation,
});

/** An import (VariableImportRequest): each variable goes to its scope, the service's or higher. */
export const variableImportRequest = z.object({
  overwrite: z.boolean().default(false),
  vars: z.array(z.object({ name: key, value: z.string(), scope: parentScope, is_secret: z.boolean() })),
});

/** Query of `GET /variable`: whose visible variables, and secrets only or none. */
export const variableListQuery = z.object({
  parent_id: uuidString,
  scope: parentScope,
  is_secret: z.enum(["true", "false"]).optional(),
});

/** Query of `POST /variable/import`: the service the variables are imported for. */
export const variableImportQuery = z.object({
  service_id: uuidString,
  service_type: z.enum(["APPLICATION", "CONTAINER", "JOB", "HELM", "TERRAFORM"]),
});

/** The variable an alias points at or an override overrides (EnvironmentVariableAlias / ...Override). */
const variableReference = z.object({
  id: z.string(), key: z.string(), value: z.string().nullable(), mount_path: z.string(), scope: answerScope, variable_type: variableType,
});
/** The secret an alias points at or an override overrides (SecretAlias / SecretOverride: no value). */
const secretReference = variableReference.omit({ value: true }).extend({ description: z.string().optional() });

const linked = {
  scope: answerScope,
  variable_type: variableType,
  service_id: z.string().optional(),
  service_name: z.string().optional(),
  service_type: linkedServiceType.optional(),
  owned_by: z.string(),
};

/** A variable at an owner route (EnvironmentVariable). */
export const variableResponse = baseResponse.extend({
  key: z.string(),
  value: z.string(),
  mount_path: z.string().nullable(),
  description: z.string().optional(),
  enable_interpolation_in_file: z.boolean().nullable(),
  aliased_variable: variableReference.optional(),
  overridden_variable: variableReference.optional(),
  ...linked,
});

/** A secret at an owner route (Secret: no value, no mount path). */
export const secretResponse = baseResponse.extend({
  key: z.string(),
  description: z.string().optional(),
  enable_interpolation_in_file: z.boolean().nullable(),
  aliased_secret: secretReference.optional(),
  overridden_secret: secretReference.optional(),
  ...linked,
});

/** A variable or secret at `/variable` (VariableResponse: `value` null for secrets). */
export const scopedVariableResponse = baseResponse.extend({
  key: z.string(),
  value: z.string().nullable(),
  mount_path: z.string().nullable(),
  is_secret: z.boolean(),
  description: z.string().optional(),
  enable_interpolation_in_file: z.boolean().optional(),
  aliased_variable: variableReference.optional(),
  overridden_variable: variableReference.optional(),
  ...linked,
});

/** What an import did (VariableImport). */
export const variableImportResponse = z.object({
  total_variables_to_import: z.number(),
  successful_imported_variables: z.array(z.object({
    name: z.string(), value: z.string().optional(), scope: parentScope, is_secret: z.boolean(),
  })),
});
