/**
 * A small validator for the OpenAPI 3.0 schema subset the reference uses: type, properties, required,
 * items, enum, nullable, allOf/oneOf/anyOf, $ref and the formats uuid and date-time (checked loosely).
 * Extra properties are allowed (the reference does not forbid them).
 */
export interface OpenApiDoc {
  paths: Record<string, Record<string, { responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }> }>>;
  components?: { schemas?: Record<string, Schema>; responses?: Record<string, unknown> };
}

/** A schema object of the subset. */
export interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  nullable?: boolean;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  format?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Validates `value` against `schema`; returns the problems found (empty = valid). */
export function validate(doc: OpenApiDoc, schema: Schema | undefined, value: unknown, at = "$", depth = 0): string[] {
  if (!schema || depth > 60) return [];
  if (schema.$ref) {
    const name = schema.$ref.split("/").pop() as string;
    return validate(doc, doc.components?.schemas?.[name], value, at, depth + 1);
  }
  if (value === null) {
    if (schema.nullable) return [];
    if (schema.allOf?.some((s) => resolve(doc, s).nullable)) return [];
    if (schema.oneOf?.some((s) => resolve(doc, s).nullable) || schema.anyOf?.some((s) => resolve(doc, s).nullable)) return [];
    if (!schema.type && !schema.allOf && !schema.oneOf && !schema.anyOf && !schema.enum) return [];
    return [`${at}: null where the schema is not nullable`];
  }
  const errors: string[] = [];
  if (schema.allOf) for (const s of schema.allOf) errors.push(...validate(doc, s, value, at, depth + 1));
  for (const group of [schema.oneOf, schema.anyOf]) {
    if (group && !group.some((s) => validate(doc, s, value, at, depth + 1).length === 0)) {
      errors.push(`${at}: matches none of ${group.length} alternatives`);
    }
  }
  if (schema.enum && !schema.enum.includes(value)) errors.push(`${at}: ${JSON.stringify(value)} not in enum ${JSON.stringify(schema.enum)}`);
  if (schema.type) {
    const problem = typeProblem(schema.type, value);
    if (problem) return [...errors, `${at}: ${problem}`];
  }
  if (typeof value === "string" && schema.format === "uuid" && !UUID.test(value)) errors.push(`${at}: not a uuid`);
  if (typeof value === "string" && schema.format === "date-time" && Number.isNaN(Date.parse(value))) errors.push(`${at}: not a date-time`);
  if (Array.isArray(value) && schema.items) value.forEach((v, i) => errors.push(...validate(doc, schema.items, v, `${at}[${i}]`, depth + 1)));
  if (typeof value === "object" && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const r of schema.required ?? []) if (!(r in obj)) errors.push(`${at}: missing required ${r}`);
    for (const [k, s] of Object.entries(schema.properties ?? {})) {
      if (k in obj) errors.push(...validate(doc, s, obj[k], `${at}.${k}`, depth + 1));
    }
  }
  return errors;
}

function resolve(doc: OpenApiDoc, s: Schema): Schema {
  let cur = s;
  for (let i = 0; cur.$ref && i < 10; i++) cur = doc.components?.schemas?.[cur.$ref.split("/").pop() as string] ?? {};
  return cur;
}

function typeProblem(type: string, v: unknown): string | undefined {
  switch (type) {
    case "object": return typeof v === "object" && v !== null && !Array.isArray(v) ? undefined : "expected an object";
    case "array": return Array.isArray(v) ? undefined : "expected an array";
    case "string": return typeof v === "string" ? undefined : "expected a string";
    case "integer": return Number.isInteger(v) ? undefined : "expected an integer";
    case "number": return typeof v === "number" ? undefined : "expected a number";
    case "boolean": return typeof v === "boolean" ? undefined : "expected a boolean";
    default: return undefined;
  }
}

/** Finds the reference path template matching a concrete path (literal segments preferred). */
export function findTemplate(doc: OpenApiDoc, method: string, path: string): string | undefined {
  const segs = path.split("/");
  let best: { t: string; literals: number } | undefined;
  for (const [t, ops] of Object.entries(doc.paths)) {
    if (!ops[method.toLowerCase()]) continue;
    const ts = t.split("/");
    if (ts.length !== segs.length) continue;
    let literals = 0;
    let ok = true;
    for (let i = 0; i < ts.length && ok; i++) {
      const x = ts[i] as string;
      if (x.startsWith("{")) continue;
      if (x === segs[i]) literals++;
      else ok = false;
    }
    if (ok && (!best || literals > best.literals)) best = { t, literals };
  }
  return best?.t;
}
