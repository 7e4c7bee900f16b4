/** Secrets of an application: write-only values; responses never carry `value`. */
import { z } from "zod";
import type { RequestCore } from "./core";
import { path } from "./path";
import { maybe } from "./schema";
import { VariableKey, VariableScope, VariableType } from "./variables";

const SecretFields = z.looseObject({
  id: z.string(),
  key: z.string(),
  mount_path: maybe(z.string()),
  description: maybe(z.string()),
  scope: maybe(VariableScope),
  variable_type: maybe(VariableType),
  created_at: maybe(z.string()),
  updated_at: maybe(z.string()),
  service_id: maybe(z.string()),
  service_name: maybe(z.string()),
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

/** Endpoints of an application's secrets. */
export class SecretsApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Lists the secrets of an application (keys only). */
  async list(applicationId: string): Promise<Secret[]> {
    return this.core.list(path`/application/${applicationId}/secret`, Secret);
  }

  /** Creates a secret. A lost answer is recovered by `key` (application scope). */
  create(applicationId: string, request: SecretRequest): Promise<Secret> {
    return this.core.call({
      method: "POST", path: path`/application/${applicationId}/secret`, body: request, requestSchema: SecretRequest, response: Secret,
      recover: async () => (await this.list(applicationId)).find((s) => s.key === request.key && (s.scope ?? "APPLICATION") === "APPLICATION"),
    });
  }

  /** Replaces a secret's key and value. */
  update(applicationId: string, secretId: string, request: SecretRequest): Promise<Secret> {
    return this.core.call({
      method: "PUT", path: path`/application/${applicationId}/secret/${secretId}`, body: request, requestSchema: SecretRequest, response: Secret,
    });
  }

  /** Deletes a secret. */
  async delete(applicationId: string, secretId: string): Promise<void> {
    await this.core.call({ method: "DELETE", path: path`/application/${applicationId}/secret/${secretId}` });
  }
}
