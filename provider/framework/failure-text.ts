/**
 * How a failure shows what the program gave, and how it keeps secrets out: the one place a message quotes an
 * input. A field is secret when its `FieldMeta` says so at any depth (`config.password` sits under the
 * secret `config`, `secrets.API_KEY` under the secret `secrets`); a value the engine hands over still wrapped as a
 * Pulumi secret is secret wherever it is. Secret values are described by their kind and length, never quoted, and
 * every finished text is passed through {@link withoutSecrets} as a last guard against a rule's own wording.
 */
import type { z } from "zod";
import { metaOf } from "./fields";
import { defOf, layers } from "./schema-layers";

/** The signature key and value of a secret the Pulumi engine passes wrapped (`{<sig>: <secret sig>, value}`). */
const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** The params of a custom zod issue whose message should end with what was given (see {@link givenIssue}). */
const QUOTE_GIVEN = "quoteGiven";

/** What replaces a secret found in a text. */
const HIDDEN = "***";

/**
 * Shortest run of a secret's characters removed from a text wherever it appears; a secret itself is removed
 * whole at any length. Shorter runs are left: they are as likely the text's own words (`https://`) as a leak.
 */
const MIN_PIECE = 10;

/** True for a value the engine passes as a wrapped Pulumi secret. */
export function isWrappedSecret(v: unknown): v is { value?: unknown } {
  return v !== null && typeof v === "object" && (v as Record<string, unknown>)[SECRET_SIG_KEY] === SECRET_SIG;
}

/**
 * How a failure shows the value given: quoted when short, its length when long, its kind otherwise; a secret
 * (`secret`, or a wrapped Pulumi secret) by its kind and length only, whatever its length.
 */
export function describeValue(v: unknown, secret: boolean): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null";
  if (isWrappedSecret(v)) return "a secret value (value hidden: secret)";
  if (typeof v === "string") {
    if (secret) return `a string of ${v.length} characters (value hidden: secret)`;
    return v.length <= 60 ? JSON.stringify(v) : `a string of ${v.length} characters`;
  }
  if (secret && (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint")) return `a ${typeof v} (value hidden: secret)`;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `a list of ${v.length} items`;
  return typeof v === "object" ? "an object" : typeof v;
}

/**
 * Adds a failure whose text ends with `, got <what was given>`, written by check through {@link describeValue}
 * (so a rule never quotes a value itself, and a secret field's value is never quoted).
 */
export function givenIssue(ctx: z.RefinementCtx, message: string, path?: PropertyKey[]): void {
  ctx.addIssue({ code: "custom", message, params: { [QUOTE_GIVEN]: true }, ...(path === undefined ? {} : { path }) });
}

/** True when a custom issue asks for what was given to be appended (see {@link givenIssue}). */
export function wantsGiven(issue: z.core.$ZodIssue): boolean {
  return issue.code === "custom" && (issue.params as Record<string, unknown> | undefined)?.[QUOTE_GIVEN] === true;
}

/** True when the schema, or a wrapper of it, is marked secret. */
function markedSecret(schema: z.ZodType): boolean {
  return layers(schema).some((s) => metaOf(s).secret === true);
}

/** The schemas a value under `seg` of a value of `schema` is checked by (several for a union). */
function childSchemas(schema: z.ZodType, seg: PropertyKey, depth = 0): z.ZodType[] {
  const inner = layers(schema).at(-1)!;
  const def = defOf(inner);
  switch (def.type) {
    case "object": {
      const child = Object.prototype.hasOwnProperty.call(def.shape ?? {}, seg) ? def.shape![String(seg)] : undefined;
      return child === undefined ? [] : [child];
    }
    case "array":
      return def.element === undefined ? [] : [def.element];
    case "record":
      return def.valueType === undefined ? [] : [def.valueType];
    case "tuple":
      return typeof seg === "number" && def.items?.[seg] !== undefined ? [def.items[seg]!] : [];
    case "union":
      return depth > 8 ? [] : (def.options ?? []).flatMap((o) => childSchemas(o, seg, depth + 1));
    case "intersection":
      return depth > 8 ? [] : [def.left, def.right].flatMap((s) => (s === undefined ? [] : childSchemas(s, seg, depth + 1)));
    default:
      return [];
  }
}

/** True when `path` inside `schema` lies at or under a field marked secret (at any depth). */
export function isSecretPath(schema: z.ZodType, path: ReadonlyArray<PropertyKey>): boolean {
  let current = [schema];
  if (current.some(markedSecret)) return true;
  for (const seg of path) {
    current = current.flatMap((s) => childSchemas(s, seg));
    if (current.length === 0) return false;
    if (current.some(markedSecret)) return true;
  }
  return false;
}

/**
 * Every string inside `v`, at any depth, and every number of six digits or more (a numeric token; the small
 * numbers of a secret policy, such as an interval of `300`, would only blot out the bounds a message names).
 */
function leaves(v: unknown, out: Set<string>, depth = 0): void {
  if (depth > 64) return;
  if (typeof v === "string") {
    if (v !== "") out.add(v);
  } else if (typeof v === "number" || typeof v === "bigint") {
    if (String(v).replace(/\D/g, "").length >= 6) out.add(String(v));
  } else if (v !== null && typeof v === "object") {
    for (const x of Object.values(v as Record<string, unknown>)) leaves(x, out, depth + 1);
  }
}

function collect(schemas: z.ZodType[], v: unknown, out: Set<string>, depth: number): void {
  if (depth > 64) return;
  if (isWrappedSecret(v) || schemas.some(markedSecret)) {
    leaves(isWrappedSecret(v) ? v.value : v, out);
    return;
  }
  if (v === null || typeof v !== "object") return;
  for (const [key, x] of Object.entries(v as Record<string, unknown>)) {
    const seg: PropertyKey = Array.isArray(v) ? Number(key) : key;
    collect(schemas.flatMap((s) => childSchemas(s, seg)), x, out, depth + 1);
  }
}

/**
 * The secret values among `inputs`: every string (and long number) at or under a field of `schema` marked secret, and
 * inside every wrapped Pulumi secret. What {@link withoutSecrets} removes from a text.
 */
export function secretValuesOf(schema: z.ZodType | undefined, inputs: unknown): string[] {
  const out = new Set<string>();
  collect(schema === undefined ? [] : [schema], inputs, out, 0);
  return [...out];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `text` with every piece of `secret` of {@link MIN_PIECE} or more characters replaced. */
function withoutPieces(text: string, secret: string): string {
  let out = "";
  let p = 0;
  while (p < text.length) {
    if (p + MIN_PIECE <= text.length && secret.includes(text.slice(p, p + MIN_PIECE))) {
      let end = p + MIN_PIECE;
      while (end < text.length && secret.includes(text.slice(p, end + 1))) end++;
      out += HIDDEN;
      p = end;
    } else {
      out += text[p];
      p++;
    }
  }
  return out;
}

/**
 * `text` with no secret in it, each replaced by `***` (as the client does): any run of ten characters or more of a secret, a
 * secret quoted, and a secret of three characters or more standing as a word. Applied to every failure and error
 * text that may carry inputs, after the text is written: the guard behind {@link describeValue}.
 */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length >= MIN_PIECE) out = withoutPieces(out, secret);
    out = out.split(JSON.stringify(secret)).join(HIDDEN);
    if (secret.length >= 3) out = out.replace(new RegExp(`(?<![\\w-])${escapeRegExp(secret)}(?![\\w-])`, "g"), HIDDEN);
  }
  return out;
}
