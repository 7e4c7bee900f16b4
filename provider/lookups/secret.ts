import type * as pulumi from "@pulumi/pulumi";
import type { DeployServiceClient } from "../../sdk";
import { lookupPair, type PlainArgs } from "./core";
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

const secretLookup = lookupPair<GetSecretOutputArgs, SecretResult>((client, args) => findValue(client, args, true, (common): SecretResult => common));

/** Finds a secret a parent holds itself (not one it inherits) by id, or by key (compared exactly). */
export const findSecret: (client: DeployServiceClient, args: GetSecretArgs) => Promise<SecretResult> = secretLookup.find;

/**
 * Looks up a secret the stack uses but does not manage, with plain arguments; give `scope`, `parentId` and exactly
 * one of `id` and `key`. None or several matching fail naming the parent's secrets (by key: keys are not secret).
 *
 * @example
 * const dbUrl = await getSecret({ scope: "PROJECT", parentId: "8c1d...", key: "DATABASE_URL" });
 */
export const getSecret: (args: GetSecretArgs) => Promise<SecretResult> = secretLookup.get;

/**
 * Looks up a secret, accepting Inputs and returning an Output (with its id, to alias or override it elsewhere).
 *
 * @example
 * const dbUrl = getSecretOutput({ scope: "PROJECT", parentId: shop.id, key: "DATABASE_URL" });
 * new Secret("api-db-url", { scope: "APPLICATION", parentId: api.id, key: "DB_URL", aliasOf: dbUrl.id });
 */
export const getSecretOutput: (args: GetSecretOutputArgs) => pulumi.Output<SecretResult> = secretLookup.getOutput;
