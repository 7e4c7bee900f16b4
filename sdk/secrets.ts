/** Secrets of an application: write-only values; responses never carry `value`. */
import { z } from "zod";
import { applicationValues } from "./application-values";
import { EnvironmentVariable, VariableKey } from "./variables";

const SecretFields = EnvironmentVariable.omit({ value: true, enable_interpolation_in_file: true });

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

/** Endpoints of an application's secrets (keys only in answers). */
export class SecretsApi extends applicationValues("secret", "secret", { record: Secret, createRequest: SecretRequest, editRequest: SecretRequest }) {}
