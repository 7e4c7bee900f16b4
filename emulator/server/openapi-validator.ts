/**
 * A small validator for the OpenAPI 3.0 schema subset the reference uses (the strict mode's, `strict.ts`, and the
 * tests' contract checks): type, properties, required,
 * items, enum, nullable, allOf/oneOf/anyOf, $ref, additionalProperties and the formats uuid and date-time
 * (checked loosely).
 *
 * Undeclared properties: by default allowed (OpenAPI's default). With `{ strict: true }` an object whose schema
 * declares properties (in itself, its `allOf` parts, or the `oneOf`/`anyOf` alternatives the value matches) and says
 * nothing of `additionalProperties` is closed: each property it does not declare is a problem
 * (`$.x: property not declared by the schema`). A schema with `additionalProperties: true` or a schema there stays
 * open (the extra values are checked against that schema), and a free-form object (no properties declared) is open.
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
  additionalProperties?: Schema | boolean;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
}

/** How strictly {@link validate} reads a schema. */
export interface ValidateOptions {
  /** Flag properties an object's schema does not declare (see the module's description). Default: false. */
  strict?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Validates `value` against `schema`; returns the problems found (empty = valid). */
export function validate(doc: OpenApiDoc, schema: Schema | undefined, value: unknown, at = "$", depth = 0, options: ValidateOptions = {}): string[] {
  const problems = check(doc, schema, value, at, depth, options.strict === true);
  if (options.strict !== true || !schema || value === null || typeof value !== "object" || Array.isArray(value)) return problems;
  return [...problems, ...undeclared(doc, schema, value as Record<string, unknown>, at, depth)];
}

/** The checks of one value; `strict` is passed down to the values of its properties and items, not applied here. */
function check(doc: OpenApiDoc, schema: Schema | undefined, value: unknown, at: string, depth: number, strict: boolean): string[] {
  const sub = (s: Schema | undefined, v: unknown, where: string): string[] => validate(doc, s, v, where, depth + 1, { strict });
  const same = (s: Schema | undefined): string[] => check(doc, s, value, at, depth + 1, strict);
  if (!schema || depth > 60) return [];
  if (schema.$ref) {
    const name = schema.$ref.split("/").pop() as string;
    return same(doc.components?.schemas?.[name]);
  }
  if (value === null) {
    if (schema.nullable) return [];
    if (schema.allOf?.some((s) => resolve(doc, s).nullable)) return [];
    if (schema.oneOf?.some((s) => resolve(doc, s).nullable) || schema.anyOf?.some((s) => resolve(doc, s).nullable)) return [];
    if (!schema.type && !schema.allOf && !schema.oneOf && !schema.anyOf && !schema.enum) return [];
    return [`${at}: null where the schema is not nullable`];
  }
  const errors: string[] = [];
  if (schema.allOf) for (const s of schema.allOf) errors.push(...same(s));
  for (const group of [alternatives(schema, value, schema.oneOf), alternatives(schema, value, schema.anyOf)]) {
    if (!group) continue;
    const matches = group.filter((s) => validate(doc, s, value, at, depth + 1).length === 0);
    if (matches.length === 0) errors.push(`${at}: matches none of ${group.length} alternatives`);
    else if (strict) errors.push(...strictest(matches.map(same))); // the values below, read strictly
  }
  if (schema.enum && !schema.enum.includes(value)) errors.push(`${at}: ${JSON.stringify(value)} not in enum ${JSON.stringify(schema.enum)}`);
  if (schema.type) {
    const problem = typeProblem(schema.type, value);
    if (problem) return [...errors, `${at}: ${problem}`];
  }
  if (typeof value === "string" && schema.format === "uuid" && !UUID.test(value)) errors.push(`${at}: not a uuid`);
  if (typeof value === "string" && schema.format === "date-time" && Number.isNaN(Date.parse(value))) errors.push(`${at}: not a date-time`);
  if (Array.isArray(value) && schema.items) value.forEach((v, i) => errors.push(...sub(schema.items, v, `${at}[${i}]`)));
  if (typeof value === "object" && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const r of schema.required ?? []) if (!(r in obj)) errors.push(`${at}: missing required ${r}`);
    for (const [k, s] of Object.entries(schema.properties ?? {})) {
      if (k in obj) errors.push(...sub(s, obj[k], `${at}.${k}`));
    }
  }
  return errors;
}

/** What an object's schema declares: its property names, and whether (and how) it allows others. */
interface Declared {
  names: Set<string>;
  /**
   * `true`: anything else allowed; a schema: anything else allowed when it matches; `false`: nothing else;
   * undefined: the schema says nothing (closed in strict mode unless it declares nothing at all).
   */
  others: Schema | boolean | undefined;
}

/**
 * The properties `schema` declares for the object `value`: its own, those of its `allOf` parts, and those of the
 * `oneOf`/`anyOf` alternatives `value` matches (of all alternatives when it matches none), $refs followed. Others are
 * allowed when a part allows any (`true`), else checked against the first schema a part gives for them.
 */
function declared(doc: OpenApiDoc, schema: Schema, value: Record<string, unknown>, depth: number): Declared {
  const s = resolve(doc, schema);
  const names = new Set(Object.keys(s.properties ?? {}));
  if (depth > 60) return { names, others: true };
  const said: Array<Schema | boolean> = s.additionalProperties === undefined ? [] : [s.additionalProperties];
  const matching = (group: Schema[] | undefined): Schema[] => {
    const matched = (group ?? []).filter((alt) => validate(doc, alt, value, "$", depth + 1).length === 0);
    return matched.length > 0 ? matched : group ?? [];
  };
  for (const part of [...(s.allOf ?? []), ...matching(alternatives(s, value, s.oneOf)), ...matching(alternatives(s, value, s.anyOf))]) {
    const d = declared(doc, part, value, depth + 1);
    for (const n of d.names) names.add(n);
    if (d.others !== undefined) said.push(d.others);
  }
  if (said.includes(true)) return { names, others: true };
  return { names, others: said.find((o): o is Schema => typeof o === "object") ?? (said.length > 0 ? false : undefined) };
}

/** Problems of the properties of `value` that its schema does not declare (strict mode, this level only). */
function undeclared(doc: OpenApiDoc, schema: Schema, value: Record<string, unknown>, at: string, depth: number): string[] {
  const d = declared(doc, schema, value, depth);
  // open: allowed explicitly, or a free-form object (nothing declared, nothing said of other properties)
  if (d.others === true || (d.others === undefined && d.names.size === 0)) return [];
  const problems: string[] = [];
  for (const k of Object.keys(value)) {
    if (d.names.has(k)) continue;
    if (typeof d.others === "object") problems.push(...validate(doc, d.others, value[k], `${at}.${k}`, depth + 1, { strict: true }));
    else problems.push(`${at}.${k}: property not declared by the schema`);
  }
  return problems;
}

/**
 * The alternatives of `group` that `value` may take: the one its discriminator names (when the schema has one and the
 * value sets it to a mapped name), else all of them.
 */
function alternatives(schema: Schema, value: unknown, group: Schema[] | undefined): Schema[] | undefined {
  const d = schema.discriminator;
  if (!group || !d?.mapping || typeof value !== "object" || value === null) return group;
  const ref = d.mapping[String((value as Record<string, unknown>)[d.propertyName])];
  const named = group.filter((alt) => alt.$ref !== undefined && alt.$ref === ref);
  return named.length > 0 ? named : group;
}

/** The problems of the alternative read with the fewest (an answer matching several is read as the one it fits best). */
function strictest(readings: string[][]): string[] {
  return readings.reduce((best, r) => (r.length < best.length ? r : best));
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
