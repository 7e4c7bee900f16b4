import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";

type Same<X, Y> = [X] extends [Y] ? ([Y] extends [X] ? true : false) : false;
/** `T` with `| undefined` dropped from every member at every depth (optionality itself is compared apart). */
type Norm<T> = T extends ReadonlyArray<infer E>
  ? Array<Norm<E>>
  : T extends object
    ? { [K in keyof T]: Norm<Exclude<T[K], undefined>> }
    : T;
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/** Args every resource takes that the provider's wrapper handles before the family's schema sees the inputs. */
type ProviderSideArgs = "adopt";

/**
 * The Args fields whose type (with `pulumi.Input` unwrapped at every depth) differs from the schema's input
 * type, plus keys present on one side only, plus keys optional on one side only. `never` when they agree.
 */
export type ArgsMismatch<A, S extends z.ZodType> =
  | Exclude<keyof A, keyof z.input<S> | ProviderSideArgs>
  | Exclude<keyof z.input<S>, keyof A>
  | {
      [K in keyof A & keyof z.input<S>]-?: Same<
        Norm<Exclude<pulumi.Unwrap<A>[K & keyof pulumi.Unwrap<A>], undefined>>,
        Norm<Exclude<z.input<S>[K], undefined>>
      > extends true
        ? never
        : K;
    }[keyof A & keyof z.input<S>]
  | Exclude<OptionalKeys<A>, OptionalKeys<z.input<S>> | ProviderSideArgs>
  | Exclude<OptionalKeys<z.input<S>>, OptionalKeys<A>>;

/**
 * Compile-time proof that a hand-written Args interface (which carries the TSDoc users read) says field by
 * field and type by type what the schema accepts: `const ok: ArgsMatch<ProjectArgs, typeof schema> = true;`
 * fails to compile, naming the keys, when they drift apart.
 */
export type ArgsMatch<A, S extends z.ZodType> = [ArgsMismatch<A, S>] extends [never] ? true : { mismatched: ArgsMismatch<A, S> };

/** `T` with `| undefined` and optionality dropped at every depth: an output may be absent where its field is. */
type Present<T> = T extends ReadonlyArray<infer E>
  ? Array<Present<E>>
  : T extends object
    ? { [K in keyof T]-?: Present<Exclude<T[K], undefined>> }
    : T;
/** `T` of a `pulumi.Output<T>`. */
type OutputValue<O> = O extends pulumi.Output<infer T> ? T : never;
/** The output properties a resource class declares (`declare readonly name: pulumi.Output<string>`). */
type OutputKeys<C> = { [K in keyof C]-?: C[K] extends pulumi.Output<unknown> ? K : never }[keyof C];

/**
 * The schema fields a resource class declares no output for, plus the declared outputs whose type cannot hold
 * what the state stores for that field (the schema's output type, defaults applied). `never` when they agree.
 */
export type OutputsMismatch<C, S extends z.ZodType> =
  | Exclude<keyof z.output<S>, OutputKeys<C>>
  | {
      [K in OutputKeys<C> & keyof z.output<S>]-?: [Present<Exclude<z.output<S>[K], undefined>>] extends [
        Present<Exclude<OutputValue<C[K]>, undefined>>,
      ]
        ? never
        : K;
    }[OutputKeys<C> & keyof z.output<S>];

/** Nothing when the Args and the schema agree; else a member no schema has, naming the keys that differ. */
type ArgsProof<A, S extends z.ZodType> = [ArgsMismatch<A, S>] extends [never] ? unknown : { argsMismatch: ArgsMismatch<A, S> };

/**
 * A family's schema, proved at compile time to accept what its hand-written Args say, field by field (see
 * {@link ArgsMatch}): `export const projectSchema = argsSchema<ProjectArgs>()(valueOwnerSchema({...}))`. When they
 * drift apart it fails to compile, the missing member `argsMismatch` naming the keys that differ.
 */
export function argsSchema<A>(): <S extends z.ZodType>(schema: S & ArgsProof<A, S>) => S {
  return (schema) => schema;
}
