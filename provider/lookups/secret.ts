import type { PlainArgs } from "./core";
import { lookups } from "./family";
import { findValue, type GetValueOutputArgs, type ValueResult } from "./values";

/** Arguments of {@link getSecretOutput}: the parent (`scope` and `parentId`), and exactly one of the secret's `id` and `key`. */
export type GetSecretOutputArgs = GetValueOutputArgs;

/** Arguments of {@link getSecret}: those of {@link GetSecretOutputArgs} with plain values. */
export type GetSecretArgs = PlainArgs<GetSecretOutputArgs>;

/**
 * A secret found by {@link getSecret} or {@link getSecretOutput}, in the spelling of `SecretArgs`. The value is not
 * part of it: the service never answers it.
 */
export type SecretResult = ValueResult;

export const { findSecret,
  /**
   * Looks up a secret a parent holds itself (not one it inherits) by id, or by key (compared exactly), with plain
   * values, in a Promise; give `scope`, `parentId` and exactly one of `id` and `key`. None or several matching fail
   * naming the parent's secrets (by key: keys are not secret). The value is never part of it.
   *
   * @example
   * const dbUrl = getSecretOutput({ scope: "PROJECT", parentId: shop.id, key: "DATABASE_URL" });
   * new Secret("api-db-url", { scope: "APPLICATION", parentId: api.id, key: "DB_URL", aliasOf: dbUrl.id });
   */
  getSecret,
  /** {@link getSecret} taking Inputs and answering an Output. */
  getSecretOutput } = lookups<"Secret", GetSecretOutputArgs, SecretResult>("Secret", (client, args) => findValue(client, args, true, (common): SecretResult => common));
