/**
 * The compile-time check of a lookup's result against its family's definition, field by field, as `ArgsMatch`
 * (`provider/framework/args.ts`) checks a family's Args: a result says a field in the spelling of the schema, with
 * the schema's type, or declares it its own.
 */
import type { z } from "zod";

type Same<X, Y> = [X] extends [Y] ? ([Y] extends [X] ? true : false) : false;
/** Literal types widened (an enum of strings is a `string`: a result reports what the service said, not what it accepts). */
type Widen<T> = T extends string ? string : T extends number ? number : T extends boolean ? boolean : T;
/** `T` with `| undefined` dropped and literals widened at every depth (a result's members are optional: present when the service said). */
type Norm<T> = T extends ReadonlyArray<infer E>
  ? Array<Norm<E>>
  : T extends object
    ? { [K in keyof T]-?: Norm<Exclude<T[K], undefined>> }
    : Widen<T>;

/** Members every result has that no schema holds: the object's id and the service's timestamps. */
type ServiceSide = "id" | "createdAt" | "updatedAt";

/**
 * The members of `Res` that are no field of the schema `S` and not declared in `Own`, plus those `Own` names that
 * `Res` does not have, plus the other fields whose type in `Res` is not the schema's (with `undefined`, optionality
 * and literal types set aside at every depth). `never` when they agree.
 */
export type ResultMismatch<Res, S extends z.ZodType, Own extends string = never> =
  | Exclude<keyof Res, keyof z.output<S> | Own | ServiceSide>
  | Exclude<Own, keyof Res>
  | {
      [K in Exclude<keyof Res & keyof z.output<S>, Own>]-?: Same<Norm<Exclude<Res[K], undefined>>, Norm<Exclude<z.output<S>[K], undefined>>> extends true
        ? never
        : K;
    }[Exclude<keyof Res & keyof z.output<S>, Own>];

/**
 * Compile-time proof that a lookup's hand-written result (which carries the TSDoc users read) names and types each
 * field as the family's schema does; `Own` lists the members the result says its own way (what the service computes,
 * such as a host or a status, or a field it reports in another shape), each on purpose. `const ok: ResultMatch<ProjectResult, typeof projectSchema> = true;` fails
 * to compile, naming the members, when they drift apart.
 */
export type ResultMatch<Res, S extends z.ZodType, Own extends string = never> =
  [ResultMismatch<Res, S, Own>] extends [never] ? true : { mismatched: ResultMismatch<Res, S, Own> };
