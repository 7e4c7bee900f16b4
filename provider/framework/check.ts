import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { describeValue, isSecretPath, secretValuesOf, wantsGiven, withoutSecrets } from "./failure-text";
import { DROPPED_KEY_REASON, droppedKeyPaths } from "./special-keys";
import { closestName } from "./suggest";
import { containsUnknown, isUnknown } from "./unknowns";

/**
 * Validates a resource's inputs against its zod schema with zero API calls.
 *
 * Each zod issue becomes a failure naming the property (`gitRepository.url`, `ports[0].internalPort`) and
 * saying what was expected and what was given, through {@link describeValue}: a value at or under a field marked
 * secret (at any depth) is never quoted, and no failure text carries a piece of a secret value
 * ({@link withoutSecrets}). Issues at or under a value that is not known yet (the engine's
 * UNKNOWN, at any depth) are ignored. On success the inputs come back parsed, with defaults applied and
 * unknown values kept as they were. Keys starting with `__` (the engine's `__provider`) are not validated, and
 * members set to `undefined` count as absent.
 *
 * Object schemas are strict, so a key the resource does not know fails by name, with the closest known key as a
 * suggestion (`unknown property "descripton": did you mean "description"?`). Key names are always known, even
 * when values next to them are not, so these failures stand at preview time too.
 */
export function checkInputs<T>(
  schema: z.ZodType<T>,
  news: Record<string, unknown>,
): pulumi.dynamic.CheckResult {
  const raw = userInputs(news);
  const parsed = schema.safeParse(raw);
  // A key an object cannot keep is refused here: copying the inputs (and parsing them) has already dropped it.
  const failures: pulumi.dynamic.CheckFailure[] = droppedKeyPaths(news)
    .filter((path) => !String(path[0]).startsWith("__"))
    .map((path) => ({ property: propertyPath(path), reason: DROPPED_KEY_REASON }));
  if (parsed.success && failures.length === 0) return { inputs: parsed.data as Record<string, unknown> };

  for (const issue of parsed.error?.issues ?? []) {
    if (issue.code === "unrecognized_keys") {
      failures.push(...unknownKeyFailures(schema, issue.path, issue.keys));
      continue;
    }
    if (underUnknown(raw, issue.path)) continue;
    failures.push(failureOf(schema, issue, raw));
  }
  if (failures.length > 0) {
    const secrets = secretValuesOf(schema, raw);
    return { inputs: raw, failures: failures.map((f) => ({ property: f.property, reason: withoutSecrets(f.reason, secrets) })) };
  }
  return { inputs: parseKnownParts(schema, raw) };
}

/** The inputs without engine-internal keys (`__provider`) and without members set to `undefined`. */
function userInputs(news: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(news)) if (!k.startsWith("__") && v !== undefined) out[k] = withoutUndefined(v);
  return out;
}

/** `v` with object members set to `undefined` removed at every depth (list items keep their places). */
function withoutUndefined(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutUndefined);
  if (v === null || typeof v !== "object") return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (x !== undefined) out[k] = withoutUndefined(x);
  return out;
}

/** One failure per key the object at `path` does not know, each with the closest known key when one is close. */
function unknownKeyFailures(
  schema: z.ZodType,
  path: ReadonlyArray<PropertyKey>,
  keys: readonly string[],
): pulumi.dynamic.CheckFailure[] {
  const known = objectKeysAt(schema, path);
  return keys.map((key) => {
    const suggestion = closestName(key, known);
    const hint = suggestion !== undefined
      ? `did you mean "${suggestion}"?`
      : `not an input of this ${path.length === 0 ? "resource" : "object"} (expected one of: ${known.join(", ")})`;
    return { property: propertyPath([...path, key]), reason: `unknown property "${key}": ${hint}` };
  });
}

/** Just enough of zod's internal definitions to walk from a schema to the object schema at a path. */
interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  getter?: () => z.ZodType;
}

function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

/** The schema itself, past wrappers that do not change the shape (optional, default, transform, ...). */
function unwrapped(schema: z.ZodType): z.ZodType {
  let cur = schema;
  for (let guard = 0; guard < 32; guard++) {
    const def = defOf(cur);
    const next = def.type === "pipe" ? def.in : def.type === "lazy" ? def.getter?.() : def.innerType;
    if (next === undefined) return cur;
    cur = next;
  }
  return cur;
}

/** The keys of the object schema found at `path` inside `schema` (empty when the path leads elsewhere). */
function objectKeysAt(schema: z.ZodType, path: ReadonlyArray<PropertyKey>): string[] {
  let cur: z.ZodType | undefined = unwrapped(schema);
  for (const seg of path) {
    const def: SchemaDef = defOf(cur);
    if (def.type === "object") cur = def.shape?.[String(seg)];
    else if (def.type === "array") cur = def.element;
    else if (def.type === "record") cur = def.valueType;
    else cur = undefined;
    if (cur === undefined) return [];
    cur = unwrapped(cur);
  }
  const def = defOf(cur);
  return def.type === "object" ? Object.keys(def.shape ?? {}) : [];
}

/**
 * When the only issues came from unknown values, parse every top-level property on its own: known ones get
 * their defaults and normal form, unknown ones stay as they are.
 */
function parseKnownParts<T>(schema: z.ZodType<T>, raw: Record<string, unknown>): Record<string, unknown> {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (shape === undefined) return raw;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const value = raw[key];
    if (containsUnknown(value)) {
      out[key] = value;
      continue;
    }
    const r = field.safeParse(value);
    if (r.success) {
      if (r.data !== undefined) out[key] = r.data;
    } else if (value !== undefined) {
      out[key] = value;
    }
  }
  return out;
}

function underUnknown(root: unknown, path: ReadonlyArray<PropertyKey>): boolean {
  let cur: unknown = root;
  if (isUnknown(cur)) return true;
  for (const seg of path) {
    if (cur === null || typeof cur !== "object") return false;
    cur = (cur as Record<PropertyKey, unknown>)[seg];
    if (isUnknown(cur)) return true;
  }
  // A failure of a whole object (a cross-field rule) is also moot when a part of it is unknown.
  return cur !== null && typeof cur === "object" && containsUnknown(cur);
}

/** `gitRepository.url`, `ports[0].internalPort`, `advancedSettings["network.ingress.enable_cors"]` (a key that is not a name). */
export function propertyPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (out !== "" && !/^[A-Za-z_$][\w$]*$/.test(String(seg))) out += `[${JSON.stringify(String(seg))}]`;
    else out += out === "" ? String(seg) : `.${String(seg)}`;
  }
  return out;
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let cur: unknown = root;
  for (const seg of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[seg];
  }
  return cur;
}

/** The failure of one issue: the property, what was expected and what was given (never a secret's value). */
function failureOf(schema: z.ZodType, issue: z.core.$ZodIssue, raw: Record<string, unknown>): pulumi.dynamic.CheckFailure {
  const property = propertyPath(issue.path);
  const given = describeValue(valueAt(raw, issue.path), isSecretPath(schema, issue.path));
  return { property: property === "" ? "(inputs)" : property, reason: reasonOf(issue, given) };
}

function reasonOf(issue: z.core.$ZodIssue, given: string): string {
  switch (issue.code) {
    case "invalid_type":
      if (given === "nothing") return `is required (expected ${article(issue.expected)})`;
      return `expected ${article(issue.expected)}, got ${given}`;
    case "invalid_value":
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, got ${given}`;
    case "too_small":
      return `expected ${boundText(issue.origin, ">=", issue.minimum, issue.inclusive)}, got ${given}`;
    case "too_big":
      return `expected ${boundText(issue.origin, "<=", issue.maximum, issue.inclusive)}, got ${given}`;
    case "invalid_format":
      // A schema's own message (e.g. "expected an absolute path") says more than the format's name.
      if (!issue.message.startsWith("Invalid")) return `${issue.message}, got ${given}`;
      return `expected a valid ${issue.format === "regex" ? `value matching ${String(issue.pattern)}` : issue.format}, got ${given}`;
    case "invalid_key": {
      const inner = issue.issues.map((i) => i.message).join("; ");
      return `invalid key: ${inner}, got ${JSON.stringify(String(issue.path[issue.path.length - 1] ?? ""))}`;
    }
    case "not_multiple_of":
      return `expected a multiple of ${String(issue.divisor)}, got ${given}`;
    case "invalid_union":
      return `${issue.message}, got ${given}`;
    default:
      return wantsGiven(issue) ? `${issue.message}, got ${given}` : issue.message;
  }
}

function boundText(origin: string, op: string, bound: number | bigint, inclusive: boolean | undefined): string {
  const strictOp = inclusive === false ? op.replace("=", "") : op;
  if (origin === "string") return `a string of ${strictOp} ${String(bound)} characters`;
  if (origin === "array" || origin === "set") return `a list of ${strictOp} ${String(bound)} items`;
  return `a number ${strictOp} ${String(bound)}`;
}

function article(expected: string): string {
  if (expected === "int") return "an integer";
  if (expected === "object" || expected === "array") return `an ${expected === "array" ? "array (list)" : "object"}`;
  if (expected === "record") return "an object (keys to values)";
  return `a ${expected}`;
}
