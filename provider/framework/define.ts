/**
 * One definition per resource family: a zod schema whose fields carry the provider's facts (see fields.ts),
 * the family's CRUD calls, and named parts for what the service sets through calls of their own. Everything a
 * dynamic provider does the same way for every family is derived here: check, diff, wire mapping both ways,
 * read-or-gone, delete-and-wait, partial-create reporting, output slots and secret outputs.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { DeployServiceClient } from "../../sdk";
import { checkInputs } from "./check";
import { deleteAndWait, parseInputs, plain, step, timestamps } from "./common";
import { apiClient } from "./credentials";
import { changedKeys, diffInputs } from "./diff";
import { partialFailure, readOrGone } from "./errors";
import { resourceFields, type FieldInfo } from "./fields";
import { withStoredChoices, type StoredChoices } from "./stored-choices";
import { withActionableErrors } from "./messages";
export type { FieldMeta } from "./fields";

/** Inputs, outputs or a wire record, as plain JSON. */
export type Props = Record<string, unknown>;

/** What the service answers for one object: at least its id and, usually, its timestamps. */
export interface WireRecord {
  id: string;
  created_at?: string | null | undefined;
  updated_at?: string | null | undefined;
}

/** What a part or a hook is given. */
export interface PartContext<I, R> {
  client: DeployServiceClient;
  id: string;
  inputs: I;
  /** The service's record; absent on an update that changed nothing of the object's own body (no call is made). */
  record: R | undefined;
  /** The stored outputs (read, update), `{}` on create. */
  previous: Props;
  /**
   * What an earlier part of the same create, read or update left for a later one (a listing of the object's
   * variables, which the built-in variables part reads too): one request instead of two. Empty at the first part.
   */
  memo: Map<string, unknown>;
}

/** What a part contributes: values in input form (what drift is measured on) and extra outputs. */
export interface PartResult {
  inputs?: Props;
  outputs?: Props;
  /** A newer record, when the part's call answered with one. */
  record?: unknown;
}

/**
 * A piece of the object that the service sets through its own call after the object exists (a stage attach,
 * master credentials, a position among stages). Applied on create when one of its keys is set, and on update when
 * one changed; a failure keeps the object in the state with the part's previous values.
 */
export interface Part<I, R> {
  /** Words for errors: `setting master credentials`. */
  action: string;
  /** Input keys the part owns. */
  keys: readonly (keyof I & string)[];
  /** Sends the part's call(s). */
  apply(ctx: PartContext<I, R>): Promise<PartResult | void>;
  /** Reads the part back (refresh); absent: the stored values are kept. */
  read?(ctx: PartContext<I, R>): Promise<PartResult>;
  /** Also runs `read` after create/update when the part was not applied (to fill its outputs). */
  readAlways?: boolean;
  /** Whether an update applies the part; default: one of its keys changed and is set. */
  applyOnUpdate?(changed: ReadonlySet<string>, inputs: I): boolean;
}

/**
 * Marks a part's failure with what the part had done before failing (variables already created, say), so the
 * state the engine keeps records that progress instead of losing it.
 */
export function withPartProgress(e: unknown, done: PartResult): unknown {
  if (e !== null && typeof e === "object") Object.assign(e, { partProgress: done });
  return e;
}

function progressOf(e: unknown): PartResult {
  const p = (e as { partProgress?: PartResult } | null)?.partProgress;
  return p ?? {};
}

/** The family's calls of the sdk. */
export interface FamilyCalls<I, R> {
  create(client: DeployServiceClient, inputs: I, body: Props): Promise<R>;
  get(client: DeployServiceClient, id: string, state: Props): Promise<R>;
  update(client: DeployServiceClient, id: string, inputs: I, body: Props): Promise<R>;
  delete(client: DeployServiceClient, id: string, state: Props): Promise<unknown>;
}

/** The sdk group of a family whose objects are created under a parent and then addressed by their own id. */
export interface ChildGroup<R> {
  create(parentId: string, body: never): Promise<R>;
  get(id: string): Promise<R>;
  update(id: string, body: never): Promise<R>;
  delete(id: string): Promise<unknown>;
}

/**
 * The calls of a family created under the parent named by `parentKey` (`POST /organization/{id}/project`) and
 * read, edited and deleted by id (`/project/{id}`): `childCalls((c) => c.projects, "organizationId")`.
 */
export function childCalls<R>(group: (client: DeployServiceClient) => ChildGroup<R>, parentKey: string): FamilyCalls<Props, R> {
  return {
    create: (client, inputs, body) => group(client).create(String(inputs[parentKey]), body as never),
    get: (client, id) => group(client).get(id),
    update: (client, id, _inputs, body) => group(client).update(id, body as never),
    delete: (client, id) => group(client).delete(id),
  };
}

/** The sdk group of a family kept under its organization: every call names the organization and the object. */
export interface OrganizationGroup<R> {
  create(organizationId: string, body: never): Promise<R>;
  get(organizationId: string, id: string): Promise<R>;
  update(organizationId: string, id: string, body: never): Promise<R>;
  delete(organizationId: string, id: string): Promise<unknown>;
}

/**
 * The calls of a family addressed under its organization (`/organization/{id}/gitToken/{tokenId}`); the edit is the
 * whole request again: `organizationCalls((c) => c.gitTokens)`.
 */
export function organizationCalls<R>(group: (client: DeployServiceClient) => OrganizationGroup<R>): FamilyCalls<Props, R> {
  const org = (props: Props) => String(props["organizationId"] ?? "");
  return {
    create: (client, inputs, body) => group(client).create(org(inputs), body as never),
    get: (client, id, state) => group(client).get(org(state), id),
    update: (client, id, inputs, body) => group(client).update(org(inputs), id, body as never),
    delete: (client, id, state) => group(client).delete(org(state), id),
  };
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
  /** Output names beyond the inputs and `createdAt`/`updatedAt`. */
  outputNames?: readonly string[];
  /** Outputs beyond the inputs that hold secrets (a password the service generated). */
  secretOutputNames?: readonly string[];
  /** Outputs beyond the inputs: values only the service knows (`host`, `deploymentOrder`). */
  outputs?(record: R, inputs: z.output<S>): Props;
  /** The record in input form; the default reads each field by its wire name (parents from `previous`). */
  fromWire?(record: R, previous: Props, derived: Props): Props;
  /** The request body; the default writes each wire field by its wire name. */
  toWire?(inputs: z.output<S>, purpose: "create" | "update", derived: Props): Props;
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
  /** Inputs always stored as secrets, even when the program gives a plain value (in the state's inputs too). */
  secretInputs: string[];
  /** The props a resource class passes to the engine: every output slot, then the user's args. */
  props(args: object): pulumi.Inputs;
  /** The user's options with the secret outputs added. */
  options(opts: pulumi.CustomResourceOptions | undefined): pulumi.CustomResourceOptions;
}

function wireValue(record: Props, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, name) ? record[name] : undefined;
}

/** Builds the dynamic provider of a family from its definition. */
export function defineResource<S extends z.ZodObject, R extends WireRecord>(def: ResourceDefinition<S, R>): DefinedResource<S> {
  type I = z.output<S>;
  const fields = resourceFields(def.kind, def.schema);
  const keys = fields.map((f) => f.key);
  const secretKeys = fields.filter((f) => f.meta.secret).map((f) => f.key);
  const secretOutputs = [...(def.secretOutputNames ?? []), ...secretKeys];
  const parts = def.parts ?? [];
  const outputNames = [...keys, ...(def.outputNames ?? []), "createdAt", "updatedAt"];
  const describe = (inputs: Props, id?: string) =>
    `${def.label ? def.label(inputs) : `${def.noun} "${String(inputs["name"] ?? "")}"`}${id === undefined ? "" : ` (${id})`}`;

  const derivedBody = (inputs: I, purpose: "create" | "update"): Props => {
    const body: Props = {};
    for (const f of fields) {
      if (f.wire === undefined || (purpose === "update" && f.meta.createOnly)) continue;
      if (parts.some((p) => (p.keys as readonly string[]).includes(f.key))) continue;
      const value = (inputs as Props)[f.key];
      if (value !== undefined) body[f.wire] = value;
    }
    return body;
  };
  const body = (inputs: I, purpose: "create" | "update") => {
    const derived = derivedBody(inputs, purpose);
    return plain(def.toWire ? def.toWire(inputs, purpose, derived) : derived);
  };

  const derivedInputs = (record: R, previous: Props): Props => {
    const rec = record as unknown as Props;
    const out: Props = {};
    for (const f of fields) out[f.key] = readField(f, rec, previous, def.schema);
    return out;
  };
  const fromWire = (record: R, previous: Props): Props => {
    const derived = derivedInputs(record, previous);
    return plain(def.fromWire ? def.fromWire(record, previous, derived) : derived);
  };

  const outputsOf = (inputs: Props, record: R | undefined, extra: Props, kept: Props = {}): Props => {
    const computed: Props = {};
    if (record !== undefined) {
      const rec = record as unknown as Props;
      for (const f of fields) {
        if (!f.meta.computed) continue;
        const fromService = readField(f, rec, {}, def.schema);
        if (fromService !== undefined) computed[f.key] = fromService;
      }
    }
    // Values known now win over values kept from the state (`kept`), parts' answers over the record.
    const fromRecord = record === undefined ? {} : plain({ ...(def.outputs?.(record, inputs as I) ?? {}), ...timestamps(record) });
    return plain({ ...inputs, ...computed, ...kept, ...fromRecord, ...extra });
  };

  /**
   * Runs each part's apply or read in order. When one fails, `onFail` is told which parts had finished and what
   * the failed one had done, so the partial state it reports holds only what really happened.
   */
  const runParts = async (
    ctx: Omit<PartContext<I, R>, "memo">,
    which: (p: Part<I, R>) => "apply" | "read" | "skip",
    onFail: (finished: ReadonlyArray<Part<I, R>>, failed: Part<I, R>, acc: Required<Omit<PartResult, "record">>, e: unknown) => Error,
  ): Promise<{ inputs: Props; outputs: Props; record: R | undefined }> => {
    const acc = { inputs: {} as Props, outputs: {} as Props, record: ctx.record };
    const memo = new Map<string, unknown>();
    const finished: Array<Part<I, R>> = [];
    for (const part of parts) {
      const how = which(part);
      const run = how === "apply" ? part.apply : how === "read" ? part.read : undefined;
      if (run === undefined) continue;
      try {
        const result = await run.call(part, { ...ctx, record: acc.record, memo });
        if (result?.inputs) Object.assign(acc.inputs, result.inputs);
        if (result?.outputs) Object.assign(acc.outputs, result.outputs);
        if (result?.record) acc.record = result.record as R;
      } catch (e) {
        const progress = progressOf(e);
        throw onFail(finished, part, { inputs: { ...acc.inputs, ...progress.inputs }, outputs: { ...acc.outputs, ...progress.outputs } }, e);
      }
      finished.push(part);
    }
    return acc;
  };

  // A state written by an older version lacks the inputs added since: absent there means the field's default, so
  // a program that leaves the new input out previews with no change (and one that sets it shows the change).
  // Fields the service chooses (`computed`) are left alone: absent there means "whatever the service has".
  const fieldDefaults: Props = {};
  for (const f of fields) {
    if (f.meta.computed) continue;
    const parsed = (def.schema.shape[f.key] as z.ZodType).safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) fieldDefaults[f.key] = parsed.data;
  }
  const withStoredDefaults = (olds: Props): Props => {
    const out: Props = { ...olds };
    for (const [k, v] of Object.entries(fieldDefaults)) if (out[k] === undefined) out[k] = v;
    return out;
  };
  const sameBy = Object.fromEntries(fields.flatMap((f) => (f.meta.same ? [[f.key, f.meta.same] as const] : [])));

  const replaceOn = fields.filter((f) => f.meta.replace || f.meta.parent !== undefined).map((f) => f.key);
  const computedKeys = fields.filter((f) => f.meta.computed).map((f) => f.key);
  const partKeys = new Set(parts.flatMap((p) => p.keys as readonly string[]));
  const bodyKeys = fields.filter((f) => f.wire !== undefined && !f.meta.createOnly && !partKeys.has(f.key)).map((f) => f.key);
  const keptNames = [...(def.outputNames ?? []), "createdAt", "updatedAt"];
  const storedChoices: StoredChoices = {
    computedKeys, replaceOn, secretKeys, ...(def.fillServiceChoices ? { fill: def.fillServiceChoices.bind(def) } : {}),
  };

  const provider: pulumi.dynamic.ResourceProvider = {
    async check(olds, news) {
      const checked = checkInputs(def.schema, news);
      if (checked.failures !== undefined && checked.failures.length > 0) return checked;
      return { inputs: withStoredChoices(checked.inputs ?? {}, olds, storedChoices) };
    },
    async diff(_id, olds, news) {
      const stored = withStoredDefaults(olds);
      // Checked inputs carry every default already; absent means the default on this side too.
      const wanted = withStoredDefaults(news);
      const desired = def.fillServiceChoices ? def.fillServiceChoices(wanted, stored) : wanted;
      return diffInputs(stored, desired, {
        keys, replaceOn, deleteBeforeReplace: def.deleteBeforeReplace ?? true, computed: computedKeys, same: sameBy,
      });
    },
    async create(raw) {
      const inputs = parseInputs(def.schema, raw) as I;
      const client = apiClient();
      const record = await step(`creating ${describe(inputs)}`, () => def.calls.create(client, inputs, body(inputs, "create")));
      const id = record.id;
      const done = await runParts(
        { client, id, inputs, record, previous: {} },
        (p) => (p.keys.some((k) => inputs[k] !== undefined) ? "apply" : p.readAlways ? "read" : "skip"),
        (finished, failed, progress, e) => {
          const kept: Props = { ...(inputs as Props) };
          for (const p of parts) if (!finished.includes(p)) for (const k of p.keys) delete kept[k];
          const action = `finishing ${describe(inputs, id)} (${failed.action})`;
          return partialFailure(e, action, id, outputsOf({ ...kept, ...progress.inputs }, record, progress.outputs));
        },
      );
      return { id, outs: outputsOf({ ...(inputs as Props), ...done.inputs }, done.record, done.outputs) };
    },
    async read(id, props) {
      const client = apiClient();
      const record = await readOrGone(() => def.calls.get(client, id, props));
      if (record === undefined) return { id: "" };
      const inputs = fromWire(record, props);
      const done = await runParts(
        { client, id, inputs: inputs as I, record, previous: props },
        (p) => (p.read ? "read" : "skip"),
        (_finished, _failed, _progress, e) => (e instanceof Error ? e : new Error(String(e))),
      );
      for (const p of parts) {
        if (p.read) continue;
        for (const k of p.keys) if (props[k] !== undefined) inputs[k] = props[k];
      }
      const allInputs = plain({ ...inputs, ...done.inputs });
      return { id, props: outputsOf(allInputs, done.record, done.outputs), inputs: allInputs };
    },
    async update(id, olds, news) {
      const parsed = parseInputs(def.schema, news) as I;
      const inputs = (def.fillServiceChoices ? def.fillServiceChoices(parsed as Props, olds) : parsed) as I;
      const client = apiClient();
      // As in diff: a value the service chose (left out by the program) is no change.
      const desired: Props = { ...(inputs as Props) };
      for (const k of computedKeys) if (desired[k] === undefined || desired[k] === null) desired[k] = olds[k];
      const changed = new Set(changedKeys(withStoredDefaults(olds), desired, keys, sameBy));
      // Nothing of the object's own body changed: no call for it, the stored outputs stand.
      const record = bodyKeys.some((k) => changed.has(k))
        ? await step(`updating ${describe(inputs, id)}`, () => def.calls.update(client, id, inputs, body(inputs, "update")))
        : undefined;
      const kept = pick(olds, keptNames);
      const applies = (p: Part<I, R>) =>
        p.applyOnUpdate ? p.applyOnUpdate(changed, inputs) : p.keys.some((k) => changed.has(k) && inputs[k] !== undefined);
      const done = await runParts(
        { client, id, inputs, record, previous: olds },
        (p) => (applies(p) ? "apply" : p.readAlways ? "read" : "skip"),
        (finished, failed, progress, e) => {
          const state: Props = { ...(inputs as Props) };
          for (const p of parts) if (!finished.includes(p)) for (const k of p.keys) state[k] = olds[k];
          const action = `updating ${describe(inputs, id)} (${failed.action})`;
          return partialFailure(e, action, id, outputsOf({ ...state, ...progress.inputs }, record, progress.outputs, kept));
        },
      );
      return { outs: outputsOf({ ...(inputs as Props), ...done.inputs }, done.record, done.outputs, kept) };
    },
    async delete(id, props) {
      const client = apiClient();
      await deleteAndWait(describe(props, id), () => def.calls.delete(client, id, props), () => def.calls.get(client, id, props));
    },
  };

  return {
    kind: def.kind,
    schema: def.schema,
    // Where errors leave the provider: each names its object and ends with what to do next (messages.ts).
    provider: withActionableErrors(def.kind, provider, { secretKeys, schema: def.schema }),
    calls: def.calls,
    outputNames,
    secretOutputs,
    secretInputs: secretKeys,
    props: (args) => ({ ...Object.fromEntries(outputNames.map((k) => [k, undefined])), ...args }),
    options: (opts) =>
      secretOutputs.length === 0 ? (opts ?? {}) : { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secretOutputs] },
  };
}

function pick(from: Props, names: readonly string[]): Props {
  const out: Props = {};
  for (const n of names) if (from[n] !== undefined) out[n] = from[n];
  return out;
}

/** A field's value read from a record: parents from `record[parent].id` or the stored state, others by wire name. */
function readField(f: FieldInfo, record: Props, previous: Props, schema: z.ZodObject): unknown {
  if (f.meta.parent !== undefined) {
    const parent = wireValue(record, f.meta.parent) as { id?: unknown } | null | undefined;
    return typeof parent?.id === "string" ? parent.id : previous[f.key];
  }
  const name = f.meta.readAs ?? f.wire;
  if (name === undefined) return previous[f.key];
  const value = wireValue(record, name);
  if (value !== null && value !== undefined) return value;
  if (f.meta.computed) return previous[f.key];
  // Absent from the answer: the schema's default; for a required field, the stored value; else absent.
  const parsed = (schema.shape[f.key] as z.ZodType).safeParse(undefined);
  return parsed.success ? parsed.data : previous[f.key];
}
