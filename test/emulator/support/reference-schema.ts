/**
 * Reading the live service's OpenAPI (`../shared/api/reference-openapi.json`, when the checkout has it) for tests:
 * the request and response schemas of an operation, flattened (`$ref` followed, `allOf` merged), sample request
 * bodies built from a schema, and a comparison of what was sent with what is read back. The reference is read, never
 * copied into the project.
 */
import { findTemplate, validate, type OpenApiDoc, type Schema } from "./openapi-validator";
import { REFERENCE_PATH, readSharedReference } from "../../shared-reference";

export { REFERENCE_PATH };

/** A schema with the keywords the reference uses beyond the validator's subset. */
export interface RefSchema extends Schema {
  readOnly?: boolean;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxLength?: number;
  additionalProperties?: RefSchema | boolean;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  properties?: Record<string, RefSchema>;
  items?: RefSchema;
  allOf?: RefSchema[];
  oneOf?: RefSchema[];
  anyOf?: RefSchema[];
}

/** The reference's document with the parts these helpers read. */
export interface RefDoc extends OpenApiDoc {
  paths: Record<string, Record<string, {
    requestBody?: { content?: Record<string, { schema?: RefSchema }> };
    responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: RefSchema }> }>;
  }>>;
  components?: { schemas?: Record<string, RefSchema> };
}

/**
 * The reference, by the rule of `test/shared-reference.ts`: absent, it fails the test in CI and is undefined
 * elsewhere (after a warning naming what `skipped` says was not checked).
 */
export function loadReference(skipped = "answers and requests against the reference"): RefDoc | undefined {
  return readSharedReference<RefDoc>(skipped);
}

/** Follows `$ref`s to the schema they name. */
export function deref(doc: RefDoc, s: RefSchema | undefined): RefSchema {
  let cur = s ?? {};
  for (let i = 0; cur.$ref && i < 20; i++) cur = doc.components?.schemas?.[cur.$ref.split("/").pop() as string] ?? {};
  return cur;
}

/** A schema with `$ref` followed and `allOf` merged into one (properties, required, enum, nullable, bounds). */
export function flatten(doc: RefDoc, s: RefSchema | undefined): RefSchema {
  const d = deref(doc, s);
  if (!d.allOf) return d;
  const out: RefSchema = { ...d, properties: { ...(d.properties ?? {}) }, required: [...(d.required ?? [])] };
  delete out.allOf;
  for (const part of d.allOf.map((p) => flatten(doc, p))) {
    Object.assign(out.properties as object, part.properties ?? {});
    out.required = [...(out.required ?? []), ...(part.required ?? [])];
    for (const k of ["type", "enum", "format", "oneOf", "discriminator", "minimum", "maximum", "items"] as const) {
      if (part[k] !== undefined && out[k] === undefined) (out as Record<string, unknown>)[k] = part[k];
    }
  }
  if (Object.keys(out.properties ?? {}).length === 0) delete out.properties;
  return out;
}

/** The properties a schema declares, across all `oneOf`/`anyOf` alternatives. */
export function declaredProperties(doc: RefDoc, s: RefSchema | undefined): Record<string, RefSchema> {
  const f = flatten(doc, s);
  const alternatives = [...(f.oneOf ?? []), ...(f.anyOf ?? [])].map((a) => declaredProperties(doc, a));
  return Object.assign({}, ...alternatives, f.properties ?? {}) as Record<string, RefSchema>;
}

/** The request body schema of an operation. */
export function requestSchemaOf(doc: RefDoc, method: string, template: string): RefSchema | undefined {
  return doc.paths[template]?.[method.toLowerCase()]?.requestBody?.content?.["application/json"]?.schema;
}

/** The schema of an operation's first 2xx answer. */
export function responseSchemaOf(doc: RefDoc, method: string, template: string): RefSchema | undefined {
  const responses = doc.paths[template]?.[method.toLowerCase()]?.responses ?? {};
  const ok = Object.keys(responses).filter((c) => c.startsWith("2")).sort()[0];
  return ok === undefined ? undefined : responses[ok]?.content?.["application/json"]?.schema;
}

/** Leave the property out of the sample (an `id` naming an existing item, when the test wants a new one). */
export const OMIT = Symbol("omit");

/** What a sample is built with. */
export interface SampleOptions {
  /** 0 or 1: first or last enum value, `true` or `false`, the smallest or next integer. */
  variant: 0 | 1;
  /** Put in every sampled string, so two samples never share a name. */
  tag: string;
  /**
   * Values the schema cannot tell (ids of real records, URLs and paths of a given form), by field path
   * (`git_repository.url`, `ports[].id`); a function of the variant, or {@link OMIT}.
   */
  fixed: Record<string, unknown>;
}

/** Path of a property below `at` (`a.b`), and of an array item (`a[]`). */
function child(at: string, key: string): string {
  return at === "" ? key : `${at}.${key}`;
}

/**
 * A valid value for a schema: every property of an object set, one item per array, the first (variant 0) or last
 * (variant 1) enum value, booleans `true`/`false`, integers just above their minimum, strings naming their field;
 * `oneOf` takes its first alternative (with its discriminator set). Ids (`format: uuid`) must come from `fixed`:
 * a field of that kind with no source is an error, so a new id field is never sent made up.
 */
export function sample(doc: RefDoc, s: RefSchema | undefined, opts: SampleOptions, at = ""): unknown {
  if (Object.prototype.hasOwnProperty.call(opts.fixed, at)) {
    const f = opts.fixed[at];
    return typeof f === "function" ? (f as (v: 0 | 1) => unknown)(opts.variant) : f;
  }
  const f = flatten(doc, s);
  if (f.oneOf && f.oneOf.length > 0 && !f.properties) {
    const first = f.oneOf[0] as RefSchema;
    const value = sample(doc, first, opts, at);
    const disc = f.discriminator;
    if (disc && typeof value === "object" && value !== null) {
      const key = Object.entries(disc.mapping ?? {}).find(([, ref]) => ref === first.$ref)?.[0];
      if (key !== undefined) (value as Record<string, unknown>)[disc.propertyName] = key;
    }
    return value;
  }
  if (f.enum && f.enum.length > 0) return f.enum[opts.variant === 0 ? 0 : f.enum.length - 1];
  if (f.type === "object" || f.properties) {
    const props = f.properties ?? {};
    if (Object.keys(props).length === 0) {
      const ap = typeof f.additionalProperties === "object" ? f.additionalProperties : { type: "string" };
      return { [`rt_${opts.tag}_${opts.variant}`]: sample(doc, ap, opts, child(at, "*")) };
    }
    const out: Record<string, unknown> = {};
    for (const [k, p] of Object.entries(props)) {
      if (deref(doc, p).readOnly) continue;
      const v = sample(doc, p, opts, child(at, k));
      if (v !== OMIT) out[k] = v;
    }
    return out;
  }
  if (f.type === "array") return [sample(doc, f.items, opts, `${at}[]`)].filter((v) => v !== OMIT);
  if (f.type === "integer" || f.type === "number") {
    const lo = f.minimum ?? 0;
    return Math.min(f.maximum ?? Number.MAX_SAFE_INTEGER, lo + 2 + opts.variant);
  }
  if (f.type === "boolean") return opts.variant === 0;
  if (f.format === "uuid") throw new Error(`${at}: an id field with no source of real ids (add it to the family's fixed values)`);
  if (f.format === "uri") return `https://example.com/rt/${opts.tag}/${at.replace(/\W+/g, "-")}/${opts.variant}`;
  if (f.format === "date-time") return new Date(Date.UTC(2030, 0, 1 + opts.variant)).toISOString();
  return `rt-${at.split(/[.[\]]/).filter(Boolean).pop() ?? "value"}-${opts.tag}${opts.variant}`;
}

/** How a field the request names is answered under another name (`cluster` comes back as `cluster_id`). */
export type Aliases = Record<string, string>;

/**
 * What differs between `sent` and `got` as far as the response schema declares: every property sent that the
 * response declares must come back equal (objects compared property by property, arrays item by item, in order);
 * what the response does not declare (a secret's value, a token) is write-only and skipped.
 */
export function roundTripProblems(doc: RefDoc, response: RefSchema | undefined, sent: unknown, got: unknown, at = "", aliases: Aliases = {}): string[] {
  if (sent === null || typeof sent !== "object") {
    return Object.is(sent, got) ? [] : [`${at || "body"}: sent ${JSON.stringify(sent)}, read back ${JSON.stringify(got)}`];
  }
  if (Array.isArray(sent)) {
    if (!Array.isArray(got) || got.length !== sent.length) return [`${at}: sent ${JSON.stringify(sent)}, read back ${JSON.stringify(got)}`];
    const items = flatten(doc, response).items;
    return sent.flatMap((v, i) => roundTripProblems(doc, items, v, got[i], `${at}[${i}]`));
  }
  if (got === null || typeof got !== "object" || Array.isArray(got)) return [`${at}: sent an object, read back ${JSON.stringify(got)}`];
  const declared = declaredProperties(doc, response);
  const problems: string[] = [];
  for (const [k, v] of Object.entries(sent)) {
    const name = aliases[child(at, k)] ?? k;
    if (!(name in declared)) continue;
    problems.push(...roundTripProblems(doc, declared[name], v, (got as Record<string, unknown>)[name], child(at, name)));
  }
  return problems;
}

/**
 * Problems of an answer against the reference's schema for the operation (`GET`, a concrete path), or `[]` when the
 * reference is absent; an operation the reference lacks is a problem.
 */
export function answerProblems(doc: RefDoc | undefined, method: string, concretePath: string, status: number, body: unknown): string[] {
  if (!doc) return [];
  const template = findTemplate(doc, method, concretePath.split("?")[0] as string);
  if (!template) return [`${method} ${concretePath}: no such operation in the reference`];
  const resp = doc.paths[template]?.[method.toLowerCase()]?.responses?.[String(status)];
  if (!resp) return [`${method} ${template}: status ${status} not declared`];
  return validate(doc, resp.content?.["application/json"]?.schema, body).map((p) => `${method} ${template}: ${p}`);
}
