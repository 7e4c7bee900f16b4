/** Secrets of an application: write-only values; responses never carry `value`. */
import { z } from "zod";
import type { RequestCore } from "./core";
import { serviceValues, type OwnerSegment, type OwnScope, type ServiceValuesApi } from "./service-values";
import { maybe } from "./schema";
import { EnvironmentVariable, VariableKey, VariableReference } from "./variables";

const SecretFields = EnvironmentVariable.omit({ value: true, enable_interpolation_in_file: true }).extend({
  /** What a secret alias points at (another secret, or a built-in secret). */
  aliased_secret: maybe(VariableReference),
  /** The secret of a higher scope a secret override gives a new value to. */
  overridden_secret: maybe(VariableReference),
});

/** A secret record (never its value: a `value` in an answer is dropped). */
export const Secret = SecretFields.transform((secret) => {
  const { value: _dropped, ...rest } = secret as Record<string, unknown>;
  return rest as typeof secret;
});
/** A secret record (no value). */
export type Secret = z.infer<typeof SecretFields>;

/** Body of a secret create or edit. `key` is unique within the application. */
export const SecretRequest = z.looseObject({
  key: VariableKey,
  value: z.string(),
  mount_path: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
});
/** Body of a secret create or edit. */
export type SecretRequest = z.input<typeof SecretRequest>;

/** The endpoints of an owner's secrets (a project's, an environment's or a service's); answers carry keys only. */
export type ServiceSecretsApi = ServiceValuesApi<Secret, SecretRequest, SecretRequest>;

/**
 * The endpoints of the secrets of one owner kind, under `/<owner>/{id}/secret`; a lost create is recovered by
 * key among the secrets whose scope is `ownScope`. The values sent are kept out of every later error message.
 */
export function serviceSecrets(service: OwnerSegment, ownScope: OwnScope): new (core: RequestCore) => ServiceSecretsApi {
  return serviceValues(service, "secret", "secret", { record: Secret, createRequest: SecretRequest, editRequest: SecretRequest }, ownScope);
}

/** Endpoints of an application's secrets (keys only in answers). */
export class SecretsApi extends serviceSecrets("application", "APPLICATION") {}
