/**
 * The wire mapping of a schema at every depth, both ways, driven by the facts its fields carry (`field(schema,
 * {...})`, fields.ts): a member's wire name is the snake case of its key unless a fact says otherwise, at the top
 * of a resource and inside its nested objects and lists alike. No family writes its wire shape by hand.
 */
import type { z } from "zod";
import { snakeCase } from "./case";
import { plain } from "./common";
import { metaOf, type FieldMeta } from "./fields";
import { defOf, layers, type SchemaDef } from "./schema-layers";

type Props = Record<string, unknown>;

/** The facts on a schema and its wrappers (the outermost wins), and the innermost schema's definition. */
function facts(schema: z.ZodType): { meta: FieldMeta; inner: SchemaDef } {
  const all = layers(schema);
  const meta: FieldMeta = {};
  for (const s of [...all].reverse()) Object.assign(meta, metaOf(s));
  return { meta, inner: defOf(all[all.length - 1]!) };
}

/** The wire name of the member `key` whose schema is `schema`; undefined when it never travels in a body. */
export function wireName(key: string, schema: z.ZodType): string | undefined {
  const { meta } = facts(schema);
  return meta.wire === false || meta.parent !== undefined ? undefined : (meta.wire ?? snakeCase(key));
}

function isObject(v: unknown): v is Props {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** What a request body is built for: a create, or an edit of the object the service answered as `current`. */
export interface WireWrite {
  purpose: "create" | "update";
  /** The service's current value at the same place (an edit of a list names the members it has by their ids). */
  current?: unknown;
}

/**
 * A value in input form as the service's request spells it: object members by their wire names (nested ones
 * too), lists of ids as `[{id}]` (`refs`), list members matched to the service's by `idBy`, cleared values as
 * `cleared` on an edit; records and plain values as given. `undefined` when nothing is sent.
 */
export function toWire(schema: z.ZodType, value: unknown, write: WireWrite = { purpose: "create" }): unknown {
  const { meta, inner } = facts(schema);
  if (value === undefined) return write.purpose === "update" ? meta.cleared : undefined;
  if (inner.type === "object" && isObject(value)) {
    const out: Props = { ...meta.wireConstants };
    const current = isObject(write.current) ? write.current : {};
    for (const [key, member] of Object.entries(inner.shape ?? {})) {
      const name = wireName(key, member);
      if (name === undefined) continue;
      const sent = toWire(member, value[key], { purpose: write.purpose, current: current[name] });
      if (sent !== undefined) out[name] = sent;
    }
    return out;
  }
  if (inner.type === "array" && Array.isArray(value) && inner.element !== undefined) {
    if (meta.refs) return value.map((id) => ({ id }));
    const element = inner.element;
    return value.map((v) => {
      const sent = toWire(element, v, { purpose: write.purpose });
      const id = meta.idBy === undefined ? undefined : currentId(element, meta.idBy, v, write.current);
      return id === undefined ? sent : { id, ...(sent as Props) };
    });
  }
  return value;
}

/** The id of the member of the service's list `current` whose `key` (input spelling) equals the one of `value`. */
function currentId(element: z.ZodType, key: string, value: unknown, current: unknown): string | undefined {
  const keySchema = facts(element).inner.shape?.[key];
  if (!Array.isArray(current) || !isObject(value) || keySchema === undefined) return undefined;
  const name = wireName(key, keySchema) ?? key;
  const match = current.find((c) => isObject(c) && c[name] === value[key]) as Props | undefined;
  return typeof match?.["id"] === "string" && match["id"] !== "" ? match["id"] : undefined;
}

/** The answer's value at `path` (`registry.id` reads `answer.registry.id`). */
function at(answer: unknown, path: string): unknown {
  let v = answer;
  for (const seg of path.split(".")) v = isObject(v) && Object.prototype.hasOwnProperty.call(v, seg) ? v[seg] : undefined;
  return v;
}

/** A member of an answer read by its names in order (`readAs` first), the first one answered. */
export function answered(answer: unknown, names: readonly string[]): unknown {
  for (const n of names) {
    const v = at(answer, n);
    if (v !== null && v !== undefined) return v;
  }
  return undefined;
}

/** The names a member of schema `schema` under `key` is read by: its `readAs` names, else its wire name. */
export function readNames(key: string, schema: z.ZodType): string[] {
  const { meta } = facts(schema);
  if (meta.readAs !== undefined) return typeof meta.readAs === "string" ? [meta.readAs] : [...meta.readAs];
  const name = wireName(key, schema);
  return name === undefined ? [] : [name];
}

/**
 * The member `key` (of schema `member`) of an object the service answered, in input form: a parent from
 * `answer[parent].id`, a member never sent from `previous`, others by their names (see {@link fromWire}).
 */
export function readMember(key: string, member: z.ZodType, answer: Props, previous: Props): unknown {
  const { meta } = facts(member);
  if (meta.parent !== undefined) {
    const parent = answer[meta.parent];
    return isObject(parent) && typeof parent["id"] === "string" ? parent["id"] : previous[key];
  }
  const names = readNames(key, member);
  return names.length === 0 ? previous[key] : fromWire(member, answered(answer, names), previous[key]);
}

/**
 * A value the service answered in input form, `previous` being the stored value at the same place. Absent (or
 * `null`): the stored value for a `computed` member, else the schema's default, else (a required member) the stored
 * value. An empty text where the schema refuses one but takes none is absent. Objects are read member by member by
 * their wire names (unknown members dropped), lists member by member, lists of refs as their ids.
 */
export function fromWire(schema: z.ZodType, answer: unknown, previous?: unknown): unknown {
  const { meta, inner } = facts(schema);
  if (answer === null || answer === undefined) {
    if (meta.computed) return previous;
    const parsed = schema.safeParse(undefined);
    return parsed.success ? parsed.data : previous;
  }
  if (answer === "" && !schema.safeParse("").success) {
    const parsed = schema.safeParse(undefined);
    if (parsed.success && parsed.data === undefined) return undefined;
  }
  if (inner.type === "object" && isObject(answer)) {
    const prev = isObject(previous) ? previous : {};
    const out: Props = {};
    for (const [key, member] of Object.entries(inner.shape ?? {})) {
      const v = readMember(key, member, answer, prev);
      if (v !== undefined) out[key] = v;
    }
    return out;
  }
  if (inner.type === "array" && Array.isArray(answer) && inner.element !== undefined) {
    if (meta.refs) return answer.map((r) => (isObject(r) ? r["id"] : r));
    const element = inner.element;
    return answer.map((a) => fromWire(element, a));
  }
  return answer;
}

/** The mapping both ways of a whole resource schema, as plain JSON: what a test or a lookup calls outside the provider. */
export interface SchemaWire<I, R> {
  /** The create body, or with `current` (the service's record) the edit body. */
  toWire(inputs: I, purpose?: "create" | "update", current?: R): Props;
  /** The record in input form (`previous`: the stored inputs, for what the service does not answer). */
  fromWire(record: R, previous: Props): Props;
}

/** The {@link SchemaWire} of `schema`. */
export function schemaWire<I, R>(schema: z.ZodObject): SchemaWire<I, R> {
  return {
    toWire: (inputs, purpose = "create", current) => plain(toWire(schema, inputs, { purpose, current })) as Props,
    fromWire: (record, previous) => plain(fromWire(schema, record, previous)) as Props,
  };
}
