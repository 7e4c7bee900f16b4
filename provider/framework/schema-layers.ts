/** Walking a zod schema: just enough of zod's internal definitions, and the wrappers around a schema. */
import type { z } from "zod";

/** Just enough of zod's internal definitions to walk a schema. */
export interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
}

/** The internal definition of a schema. */
export function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

/** The schema and the wrappers inside it (optional, default, pipe, lazy ...), outermost first: meta may sit on any. */
export function layers(schema: z.ZodType): z.ZodType[] {
  const out = [schema];
  for (let cur = schema, guard = 0; guard < 32; guard++) {
    const def = defOf(cur);
    const next = def.type === "pipe" ? def.in : def.type === "lazy" ? def.getter?.() : def.innerType;
    if (next === undefined) break;
    out.push(next);
    cur = next;
  }
  return out;
}

