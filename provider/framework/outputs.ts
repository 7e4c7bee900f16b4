/**
 * A resource's outputs and a lookup's result, derived from the family's Args (whose TSDoc they carry: mapped types
 * keep each member's documentation) and its schema, instead of being written a second and a third time. As
 * pulumi-command's state embeds its args, the outputs are the inputs as stored, plus what the service computes.
 *
 * A resource class made by `serviceObjectClass` (`resource.ts`) has them as its instance type:
 *
 * ```ts
 * export const GitToken = serviceObjectClass<GitTokenArgs, typeof gitTokenSchema, GitTokenComputed>(gitToken);
 * export type GitToken = InstanceType<typeof GitToken>;
 * ```
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { OutputsMismatch } from "./args";
import type { ServiceObjectResource } from "./resource";

/** The optional members of `T`. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
/** `undefined` when `K` is optional in `T`. */
type WhenOptional<T, K extends keyof T> = K extends OptionalKeys<T> ? undefined : never;

/** Args members every resource takes that are no state of the object. */
type ProgramSide = "adopt";

/**
 * The outputs of a resource: each Args member (but `adopt` and the `Left` ones) as an Output of what the state stores
 * for it (the schema's output type: defaults applied, so a field with a default is always present), then each
 * member of `C`, the outputs the service computes (a field the service fills in when the program leaves it out, such
 * as an environment's cluster, may be a member of `C` too: its output then has `C`'s type).
 *
 * Proved against the schema at compile time, field by field ({@link OutputsMismatch}): when a field has no output
 * (missing from both the Args and `C`) or an output that cannot hold what the state stores, this type is
 * `{ outputsMismatch: <the fields> } & string`, which no interface can extend, so the class's merged interface
 * fails to compile at its own line.
 */
export type ResourceOutputs<A, S extends z.ZodType, C = object, Left extends keyof A = never> =
  [OutputsMismatch<ServiceObjectResource & OutputsOf<A, S, C>, S>] extends [never]
    ? OutputsOf<A, S, C, Left>
    : { outputsMismatch: OutputsMismatch<ServiceObjectResource & OutputsOf<A, S, C>, S> } & string;

/** {@link ResourceOutputs} before its proof. */
type OutputsOf<A, S extends z.ZodType, C = object, Left extends keyof A = never> = {
  readonly [K in keyof Omit<A, ProgramSide | Left | keyof C>]-?: pulumi.Output<K extends keyof z.output<S> ? z.output<S>[K] : pulumi.Unwrap<A[K]>>;
} & {
  readonly [K in keyof C]-?: pulumi.Output<C[K] | WhenOptional<C, K>>;
};

/**
 * The result of a lookup: the object's `id`, then each Args member but `adopt` and the `Left` ones (secrets the
 * service never answers, settings of the program such as `deploy`) with plain values: the `Known` ones always, the
 * others when the service said them. Then the members of `C` (what the service computes) and the timestamps, when
 * said. A lookup's result is declared `export interface XResult extends LookupResult<...> {}`.
 */
export type LookupResult<A, Known extends keyof A, Left extends keyof A = never, C = object> = {
  /** The object's id. */
  id: string;
} & {
  [K in keyof Pick<A, Known>]-?: pulumi.Unwrap<Exclude<A[K], undefined>>;
} & {
  [K in keyof Omit<A, Known | Left | ProgramSide | keyof C>]?: pulumi.Unwrap<Exclude<A[K], undefined>>;
} & {
  [K in keyof C]?: Exclude<C[K], undefined>;
} & {
  /** When the service created the object (ISO 8601), when it says. */
  createdAt?: string;
  /** When the service last changed the object (ISO 8601), when it says. */
  updatedAt?: string;
};

/** What a definition's `outputs` reads of `C` from a record: each member, `undefined` when the service did not say it. */
export type ComputedRead<C> = { [K in keyof C]?: C[K] | undefined };
