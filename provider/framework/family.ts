/**
 * What the provider of one family is derived from: its definition's fields read once, and the wire mapping,
 * outputs and stored defaults every operation (define-ops.ts) shares.
 */
import type { z } from "zod";
import { plain, timestamps } from "./common";
import type { Props } from "./calls";
import type { ResourceDefinition, WireRecord } from "./define";
import { resourceFields, type FieldInfo } from "./fields";
import type { ImpliedOutput } from "./implied-outputs";
import type { Part } from "./parts";
import type { StoredChoices } from "./stored-choices";
import { readMember, toWire } from "./wire";

/** A family's definition with everything derived from its fields. */
export interface Family<S extends z.ZodObject, R extends WireRecord> {
  def: ResourceDefinition<S, R>;
  fields: FieldInfo[];
  keys: string[];
  secretKeys: string[];
  parts: ReadonlyArray<Part<z.output<S>, R>>;
  /** Fields sent in the edit body (not create-only, not set by a part). */
  bodyKeys: string[];
  computedKeys: string[];
  replaceOn: string[];
  /** Outputs beyond the inputs that an update keeps from the state when it makes no call. */
  keptNames: string[];
  /** Outputs the state leaves out when the inputs imply them (implied-outputs.ts). */
  implied: readonly ImpliedOutput[];
  /** Comparisons of fields whose values mean the same when not deeply equal. */
  sameBy: Record<string, (a: unknown, b: unknown) => boolean>;
  storedChoices: StoredChoices;
  /** An edit names list members by the ids the service has (`idBy`): the record is read before it. */
  readsBeforeUpdate: boolean;
  /** How messages name one object: `project "shop" (id)`. */
  describe(inputs: Props, id?: string): string;
  /** The request body; `current` is the service's record on an edit that reads it first. */
  body(inputs: z.output<S>, purpose: "create" | "update", current?: R): Props;
  /** The record in input form. */
  fromWire(record: R, previous: Props): Props;
  /** The outputs: inputs, computed fields the record holds, the family's own outputs and timestamps. */
  outputsOf(inputs: Props, record: R | undefined, extra: Props, kept?: Props): Props;
  /** The stored inputs with the defaults of fields added since the state was written. */
  withStoredDefaults(olds: Props): Props;
}

/** Derives a {@link Family} from a definition. */
export function familyOf<S extends z.ZodObject, R extends WireRecord>(def: ResourceDefinition<S, R>): Family<S, R> {
  const fields = resourceFields(def.kind, def.schema);
  const parts = def.parts ?? [];
  const partKeys = new Set(parts.flatMap((p) => p.keys as readonly string[]));
  const computedKeys = fields.filter((f) => f.meta.computed).map((f) => f.key);
  const replaceOn = fields.filter((f) => f.meta.replace || f.meta.parent !== undefined).map((f) => f.key);
  const secretKeys = fields.filter((f) => f.meta.secret).map((f) => f.key);
  const sent = fields.filter((f) => f.wire !== undefined && !partKeys.has(f.key));
  const read = (record: R, previous: Props) => readFields(def.schema, fields, record as unknown as Props, previous);
  return {
    def, fields, parts, computedKeys, replaceOn, secretKeys,
    keys: fields.map((f) => f.key),
    bodyKeys: sent.filter((f) => !f.meta.createOnly).map((f) => f.key),
    keptNames: [...(def.outputNames ?? []), "createdAt", "updatedAt"],
    implied: def.impliedOutputs ?? [],
    sameBy: Object.fromEntries(fields.flatMap((f) => (f.meta.same ? [[f.key, f.meta.same] as const] : []))),
    storedChoices: { computedKeys, replaceOn, secretKeys, ...(def.fillServiceChoices ? { fill: def.fillServiceChoices.bind(def) } : {}) },
    readsBeforeUpdate: fields.some((f) => f.meta.idBy !== undefined),
    describe: (inputs, id) =>
      `${def.label ? def.label(inputs) : `${def.noun} "${String(inputs["name"] ?? "")}"`}${id === undefined ? "" : ` (${id})`}`,
    body: (inputs, purpose, current) => {
      const derived: Props = {};
      for (const f of sent) {
        if (purpose === "update" && f.meta.createOnly) continue;
        const write = { purpose, current: (current as unknown as Props | undefined)?.[f.wire!] };
        const value = toWire(def.schema.shape[f.key] as z.ZodType, (inputs as Props)[f.key], write);
        if (value !== undefined) derived[f.wire!] = value;
      }
      return plain(def.toWire ? def.toWire(inputs, purpose, derived) : derived);
    },
    fromWire: (record, previous) => {
      const derived = read(record, previous);
      return plain(def.fromWire ? def.fromWire(record, previous, derived) : derived);
    },
    outputsOf: (inputs, record, extra, kept = {}) => {
      const computed: Props = {};
      if (record !== undefined) {
        const fromService = readFields(def.schema, fields.filter((f) => f.meta.computed), record as unknown as Props, {});
        for (const [k, v] of Object.entries(fromService)) if (v !== undefined) computed[k] = v;
      }
      // Values known now win over values kept from the state (`kept`), parts' answers over the record.
      const fromRecord = record === undefined ? {} : plain({ ...(def.outputs?.(record, inputs as z.output<S>) ?? {}), ...timestamps(record) });
      return plain({ ...inputs, ...computed, ...kept, ...fromRecord, ...extra });
    },
    withStoredDefaults: storedDefaults(def.schema, fields),
  };
}

/**
 * The fields' values read from a record: parents from `record[parent].id` or the stored state, fields never sent
 * from the state, others by their wire names at every depth (see wire.ts).
 */
function readFields(schema: z.ZodObject, fields: readonly FieldInfo[], record: Props, previous: Props): Props {
  const out: Props = {};
  for (const f of fields) out[f.key] = readMember(f.key, schema.shape[f.key] as z.ZodType, record, previous);
  return out;
}

/**
 * A state written by an older version lacks the inputs added since: absent there means the field's default, so
 * a program that leaves the new input out previews with no change (and one that sets it shows the change).
 * Fields the service chooses (`computed`) are left alone: absent there means "whatever the service has".
 */
function storedDefaults(schema: z.ZodObject, fields: readonly FieldInfo[]): (olds: Props) => Props {
  const defaults: Props = {};
  for (const f of fields) {
    if (f.meta.computed) continue;
    const parsed = (schema.shape[f.key] as z.ZodType).safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) defaults[f.key] = parsed.data;
  }
  return (olds) => {
    const out: Props = { ...olds };
    for (const [k, v] of Object.entries(defaults)) if (out[k] === undefined) out[k] = v;
    return out;
  };
}
