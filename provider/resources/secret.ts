import { variableFamily, variableFamilySchema, type VariableFamilyArgs, type VariableFamilyComputed } from "./variable-family";
import { serviceObjectClass } from "../framework/resource";

/**
 * Inputs of a {@link Secret}: the same as a `Variable`'s; `value` is stored as a Pulumi secret, and `aliasOf` /
 * `overrideOf` name a secret (a database password built-in, say).
 */
export type SecretArgs = VariableFamilyArgs;

/** The secret family (`client.variables` with `is_secret`): its schema and calls; everything else is derived. */
export const secret = variableFamily("Secret");

/** The dynamic provider of {@link Secret}. */
export const secretProvider = secret.provider;

/**
 * One secret at a project, an environment or a service, managed on its own (wire: `/variable` with `is_secret`):
 * a value, a file, an alias of another secret or an override of a higher one. `value` is always stored as a Pulumi
 * secret; the service never returns it, so a value changed outside Pulumi shows as changed (by `updated_at`) and is
 * set again by the next `up`. A key belongs either to the owner's maps (`secrets`, ...) or to one standalone
 * resource: creating this one on a key the owner already holds fails, naming the owner and the key.
 *
 * @example
 * const token = new Secret("stripe", { scope: "PROJECT", parentId: shop.id, key: "STRIPE_KEY", value: config.requireSecret("stripeKey") });
 *
 * @class
 */
export const Secret = serviceObjectClass<SecretArgs, ReturnType<typeof variableFamilySchema>, VariableFamilyComputed>(secret);
/** {@link Secret} as a type: its outputs are every input as stored and what the service computes. */
export type Secret = InstanceType<typeof Secret>;
