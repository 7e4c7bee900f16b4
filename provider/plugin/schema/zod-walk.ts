/**
 * What the schema generator reads of a family's zod schema, field by field and at any depth: the field's facts
 * (`metaOf`), its default, whether a number is an integer. The TypeScript types give the shape; the zod schema,
 * when the family has one, gives these.
 */
import type { z } from "zod";
import { metaOf, type FieldMeta } from "../../framework/fields";

/** A zod schema's definition, as far as the walk reads it. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  defaultValue?: unknown;
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers the walk looks through to the schema of the value itself. */
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

/** The schema of the value under its wrappers (optional, default, a pipe's input, a lazy's target). */
export function coreOf(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let depth = 0; depth < 32; depth++) {
    const def = defOf(s);
    if (WRAPPERS.has(def.type) && def.innerType !== undefined) s = def.innerType;
    else if (def.type === "pipe" && def.in !== undefined) s = def.in;
    else if (def.type === "lazy" && def.getter !== undefined) s = def.getter();
    else return s;
  }
  return s;
}

/** The default a field's schema gives a missing value, when it is a string, a number or a boolean. */
export function primitiveDefault(schema: z.ZodType): string | number | boolean | undefined {
  let s = schema;
  for (let depth = 0; depth < 32; depth++) {
    const def = defOf(s);
    if (def.type === "default") {
      const v = def.defaultValue;
      return typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? v : undefined;
    }
    if (!WRAPPERS.has(def.type) || def.innerType === undefined) return undefined;
    s = def.innerType;
  }
  return undefined;
}

/** True when the schema's value is a number the schema requires to be whole. */
export function isInteger(schema: z.ZodType): boolean {
  const core = coreOf(schema);
  return defOf(core).type === "number" && (core as unknown as { isInt?: boolean }).isInt === true;
}

/** One step down a value: a member of an object, an item of a list, a value of a map. */
export type Step = { member: string } | "item" | "value";

/** The schema one step below `schema`, if the schema has one there. */
export function childOf(schema: z.ZodType | undefined, step: Step): z.ZodType | undefined {
  if (schema === undefined) return undefined;
  const def = defOf(coreOf(schema));
  if (def.type === "union" || def.type === "intersection") {
    const parts = def.options ?? [def.left, def.right].filter((p): p is z.ZodType => p !== undefined);
    for (const part of parts) {
      const found = childOf(part, step);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (step === "item") return def.type === "array" ? def.element : undefined;
  if (step === "value") return def.type === "record" ? def.valueType : undefined;
  return def.type === "object" ? def.shape?.[step.member] : undefined;
}

/** The facts on a field's schema, `{}` without a schema. */
export function factsOf(schema: z.ZodType | undefined): FieldMeta {
  return schema === undefined ? {} : metaOf(schema);
}
