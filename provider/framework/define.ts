/**
 * One definition per resource family: a zod schema whose fields carry the provider's facts (see fields.ts),
 * the family's CRUD calls, and named parts for what the service sets through calls of their own. Everything a
 * dynamic provider does the same way for every family is derived here: check, diff, wire mapping both ways at
 * every depth (wire.ts), read-or-gone, delete-and-wait, partial-create reporting, output slots and secret outputs.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { ComputedRead } from "./outputs";
import type { FamilyCalls, Props } from "./calls";
import { snakeCase } from "./case";
import { checkOp, createOp, deleteOp, diffOp, readOp, updateOp } from "./define-ops";
import { familyOf } from "./family";
import { withImplied, type ImpliedOutput } from "./implied-outputs";
import { registerCompletion } from "./stored-form";
import { withActionableErrors } from "./messages";
import type { Part } from "./parts";
export type { FieldMeta } from "./fields";
export { addressedCalls, childCalls, organizationCalls, organizationOf, replaceOnly, type ChildGroup, type FamilyCalls, type OrganizationGroup, type Props } from "./calls";
export { withPartProgress, type Part, type PartContext, type PartResult } from "./parts";

/** What the service answers for one object: at least its id and, usually, its timestamps. */
export interface WireRecord {
  id: string;
  created_at?: string | null | undefined;
  updated_at?: string | null | undefined;
}

/** One resource family. */
export interface ResourceDefinition<S extends z.ZodObject, R extends WireRecord> {
  /** The `<Type>` of the type token, e.g. `Project`. */
  kind: string;
  /** The family in words, for messages: `project`, `git token`. */
  noun: string;
  /** How messages name one object; default: the noun and the `name` input (`project "shop"`). */
  label?(inputs: Props): string;
  /** The inputs, with {@link FieldMeta} on the fields. */
  schema: S;
  calls: FamilyCalls<z.output<S>, R>;
  /** Delete the old object before creating its replacement (default true: names are unique in the parent). */
  deleteBeforeReplace?: boolean;
  /**
   * Destroy lets go of the object: the provider's delete sends nothing and waits for nothing, for what stays with its
   * parent as it is (an environment's own rule, the order of a project's rules, the organization's settings).
   */
  deleteLetsGo?: boolean;
  /** Output names beyond the inputs and `createdAt`/`updatedAt`. */
  outputNames?: readonly string[];
  /** Outputs beyond the inputs that hold secrets (a password the service generated). */
  secretOutputNames?: readonly string[];
  /** Outputs beyond the inputs: values only the service knows (`host`, `deploymentOrder`). */
  outputs?(record: R, inputs: z.output<S>): Props;
  /** Outputs whose value the inputs imply, which the state leaves out when they hold it (implied-outputs.ts). */
  impliedOutputs?: readonly ImpliedOutput[];
  /**
   * The record in input form, given the derived one: each field read by its wire names at every depth (wire.ts),
   * parents from `record[parent].id`, fields never sent from `previous`. Only for what facts cannot say.
   */
  fromWire?(record: R, previous: Props, derived: Props): Props;
  /** The request body, given the derived one (each field by its wire names at every depth). Only for what facts cannot say. */
  toWire?(inputs: z.output<S>, purpose: "create" | "update", derived: Props): Props;
  /**
   * What only the service can refuse, asked in check once the schema passed (`inputs`: the checked inputs, `olds`:
   * the stored ones, to ask only about what is new or changed): the failures, each naming its property.
   */
  serviceCheck?(inputs: Props, olds: Props): Promise<pulumi.dynamic.CheckFailure[]>;
  /** Parts set by calls of their own, in the order they are applied. */
  parts?: ReadonlyArray<Part<z.output<S>, R>>;
  /**
   * The desired inputs with what the service chose where the program left a value out (a port's name, the git
   * branch) taken from the stored state, so that leaving a value out is no change. Applied in diff and update, and
   * in check from the stored inputs (see `stored-choices.ts`).
   */
  fillServiceChoices?(news: Props, olds: Props): Props;
}

/** What {@link defineResource} gives: the provider, and what the resource class needs. */
export interface DefinedResource<S extends z.ZodObject> {
  kind: string;
  schema: S;
  provider: pulumi.dynamic.ResourceProvider;
  /** The family's sdk calls (tests drive objects outside Pulumi with them). */
  calls: FamilyCalls<z.output<S>, WireRecord>;
  /** Every output name, inputs first. */
  outputNames: string[];
  /** Outputs always stored as secrets. */
  secretOutputs: string[];
  /** Outputs the state leaves out when the inputs imply them; the class puts them back. */
  impliedOutputs: readonly ImpliedOutput[];
  /** Inputs always stored as secrets, even when the program gives a plain value (in the state's inputs too). */
  secretInputs: string[];
  /** The props a resource class passes to the engine: every output slot, then the user's args. */
  props(args: object): pulumi.Inputs;
  /** The user's options with the secret outputs added. */
  options(opts: pulumi.CustomResourceOptions | undefined): pulumi.CustomResourceOptions;
}

/**
 * Outputs only the service knows (the members of `C`, a family's `XComputed`), each read from the record by the
 * snake case of its name (`deploymentOrder` from `deployment_order`, as `wire.ts` names fields) and absent when the
 * service says nothing: a definition's `outputNames` and `outputs`, to spread into it, and what the family's lookup
 * reads too (`export const gitTokenComputed = computedOutputs<GitTokenComputed>("associatedServicesCount", "expiredAt")`).
 */
export function computedOutputs<C>(...names: Array<keyof C & string>): { outputNames: ReadonlyArray<keyof C & string>; outputs(record: object): ComputedRead<C> } {
  return {
    outputNames: names,
    outputs: (record) => Object.fromEntries(names.map((n) => [n, (record as Props)[snakeCase(n)] ?? undefined])) as ComputedRead<C>,
  };
}

/** Builds the dynamic provider of a family from its definition. */
export function defineResource<S extends z.ZodObject, R extends WireRecord>(def: ResourceDefinition<S, R>): DefinedResource<S> {
  const family = familyOf(def);
  const { secretKeys } = family;
  const secretOutputs = [...(def.secretOutputNames ?? []), ...secretKeys];
  const outputNames = [...family.keys, ...(def.outputNames ?? []), "createdAt", "updatedAt"];
  const provider: pulumi.dynamic.ResourceProvider = {
    check: checkOp(family),
    diff: diffOp(family),
    create: createOp(family),
    read: readOp(family),
    update: updateOp(family),
    delete: def.deleteLetsGo === true ? async () => undefined : deleteOp(family),
  };
  const defined: DefinedResource<S> = {
    kind: def.kind,
    schema: def.schema,
    // Where errors leave the provider: each names its object and ends with what to do next (messages.ts).
    provider: withActionableErrors(def.kind, provider, { secretKeys, schema: def.schema }),
    calls: def.calls as FamilyCalls<z.output<S>, WireRecord>,
    outputNames,
    secretOutputs,
    secretInputs: secretKeys,
    impliedOutputs: def.impliedOutputs ?? [],
    props: (args) => ({ ...Object.fromEntries(outputNames.map((k) => [k, undefined])), ...args }),
    options: (opts) =>
      secretOutputs.length === 0 ? (opts ?? {}) : { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secretOutputs] },
  };
  DEFINED.set(def.kind, defined as unknown as DefinedResource<z.ZodObject>);
  if (defined.impliedOutputs.length > 0) registerCompletion(def.kind, (outs, inputs) => withImplied(outs, inputs, defined.impliedOutputs));
  return defined;
}

const DEFINED = new Map<string, DefinedResource<z.ZodObject>>();

/**
 * The definition of `kind` once its module is loaded (`FAMILIES[kind].provider()` loads it), or undefined for a kind
 * not built by {@link defineResource}: the plugin reads from it the secret outputs and inputs the classes read.
 */
export function definitionOfKind(kind: string): DefinedResource<z.ZodObject> | undefined {
  return DEFINED.get(kind);
}
