/**
 * A family's lookup from its definition, in one line: {@link lookups} names the three functions after the family
 * (`findProject`, `getProject`, `getProjectOutput`), and {@link parentLookup} reads a family found in its parent from
 * the facts its definition already holds: the natural key (`NATURAL_KEYS`, from `provider/families.ts`), the parent
 * field (`field(..., { parent })`), each field's wire names (`definedFields`) and what the service computes.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { DeployServiceClient } from "../../sdk";
import { fieldsOf } from "../framework/fields";
import { NATURAL_KEYS } from "../framework/natural-keys";
import {
  defined, definedFields, idOf, lookupPair, timestampsOf, type Finder, type FoundRecord, type LookupFamily, type NameOrIdArgs,
  type PlainArgs,
} from "./core";

/** Arguments of a lookup by id, or by name in the parent `P` names (needed with `name`, checked when given with `id`). */
export type NameInParentArgs<P extends string> = NameOrIdArgs & { [K in P]?: pulumi.Input<string> };

/** Arguments of a lookup by id or by name under the parent `P` names, which the service always needs. */
export type NameUnderParentArgs<P extends string> = NameOrIdArgs & { [K in P]: pulumi.Input<string> };

/**
 * Arguments of a lookup under the parent `P` names, which the service always needs, by exactly one of the `Keys`
 * (a webhook's `id` or `targetUrl`, a member's `email` or `userId`).
 */
export type KeysUnderParentArgs<P extends string, Keys extends string> = { [K in P]: pulumi.Input<string> } & { [K in Keys]?: pulumi.Input<string> };

/** The arguments of a lookup function: optional when the family's lookup takes none (an organization). */
type Params<A, Optional extends boolean> = Optional extends true ? [args?: A] : [args: A];

/**
 * The lookup of family `N` in its three forms: `findN` (a client and plain arguments, for the provider and tests),
 * `getN` (plain arguments, a Promise) and `getNOutput` (arguments that may be Inputs, an Output).
 */
export type Lookups<N extends string, A extends object, Res, Optional extends boolean = false> = {
  [K in `find${N}`]: (client: DeployServiceClient, ...args: Params<PlainArgs<A>, Optional>) => Promise<Res>;
} & {
  [K in `get${N}`]: (...args: Params<PlainArgs<A>, Optional>) => Promise<Res>;
} & {
  [K in `get${N}Output`]: (...args: Params<A, Optional>) => pulumi.Output<Res>;
};

/**
 * The three lookup functions of family `name`, from its {@link LookupFamily} (see {@link parentLookup}) or a finder of
 * its own. `secret`: the results hold a secret, so the Output form is one; `optionalArgs`: the arguments may be left
 * out. `export const { findProject, getProject, getProjectOutput } = lookups<"Project", ...>("Project", projects);`
 */
export function lookups<N extends string, A extends object, Res, Optional extends boolean = false>(
  name: N, source: LookupFamily<FoundRecord, Res> | Finder<A, Res>, options: { secret?: boolean; optionalArgs?: Optional } = {},
): Lookups<N, A, Res, Optional> {
  const pair = lookupPair<A, Res>(source, options);
  if (options.secret === true) SECRET_LOOKUPS.add(name);
  const none = {} as A;
  return {
    [`find${name}`]: (client: DeployServiceClient, args?: PlainArgs<A>) => pair.find(client, args ?? (none as PlainArgs<A>)),
    [`get${name}`]: (args?: PlainArgs<A>) => pair.get(args ?? (none as PlainArgs<A>)),
    [`get${name}Output`]: (args?: A) => pair.getOutput(args ?? none),
  } as Lookups<N, A, Res, Optional>;
}

/** The families whose lookups were made with `secret: true`. */
const SECRET_LOOKUPS = new Set<string>();

/**
 * True when the results of family `name`'s lookups (`Webhook` for `getWebhook`) hold a secret: its Output form is one.
 * The plugin's server and schema mark such a function's results secret.
 */
export function isSecretLookup(name: string): boolean {
  return SECRET_LOOKUPS.has(name);
}

/** A value the service said: not absent, null, an empty string or a non-finite number. */
function said(v: unknown): unknown {
  if (v === null || v === "" || (typeof v === "number" && !Number.isFinite(v))) return undefined;
  return v;
}

/** What a family found in its parent says beyond the facts of its definition. */
export interface ParentLookupSpec<S extends z.ZodObject, R extends FoundRecord, Res> {
  /** The family's schema: its parent field and the wire names of `fields`. */
  schema: S;
  /** The result's members read from the record by the wire names the definition gives them, the natural key first. */
  fields: ReadonlyArray<keyof z.output<S> & string>;
  /** Reads one object by id; `parentId` is given when the caller gave it (always with {@link idNeedsParent}). */
  get(client: DeployServiceClient, id: string, parentId: string | undefined): Promise<R>;
  /** True when the service reads the object only under its parent (the record does not name it). */
  idNeedsParent?: boolean;
  /** What the service computes (the definition's outputs) and the result's own members; those it did not say are left out. */
  computed?(record: R): { [K in keyof Res]?: Res[K] | null | undefined };
  /** True when the result has the object's timestamps. */
  timestamps?: boolean;
}

/** The plural of a family's noun, for messages: `projects`, `container registries`. */
const plural = (noun: string): string => (noun.endsWith("y") ? `${noun.slice(0, -1)}ies` : `${noun}s`);

/**
 * The lookup of the family `kind` found in its parent: by id, or by its natural key there. The result holds the id,
 * the parent's id, `fields` as the service said them, then what `computed` reads and, with `timestamps`, when the
 * object was created and last changed.
 */
export function parentLookup<S extends z.ZodObject, R extends FoundRecord, Res>(kind: string, spec: ParentLookupSpec<S, R, Res>): LookupFamily<R, Res> {
  const key = NATURAL_KEYS[kind];
  if (key === undefined) throw new Error(`deploy-service: no natural key for ${kind}`);
  const parentWire = fieldsOf(spec.schema).find((f) => f.key === key.parentKey)?.meta.parent;
  return {
    lookup: `get${kind}`, nouns: plural(key.noun), key, get: spec.get,
    ...(spec.idNeedsParent ? { idNeedsParent: true } : {}),
    ...(parentWire === undefined || spec.idNeedsParent ? {} : { parentOf: (r: R) => idOf((r as unknown as Record<string, unknown>)[parentWire]) }),
    result: (r, parentId) => {
      const computed = Object.fromEntries(Object.entries(spec.computed?.(r) ?? {}).map(([k, v]) => [k, said(v)]));
      return defined({
        id: r.id, [key.parentKey]: parentId, ...definedFields(spec.schema, r, spec.fields), ...computed,
        ...(spec.timestamps ? timestampsOf(r as { created_at?: unknown; updated_at?: unknown }) : {}),
      }) as Res;
    },
  };
}
