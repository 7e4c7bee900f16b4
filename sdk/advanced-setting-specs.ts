/**
 * What one advanced setting is (`AdvancedSettingSpec`: its shape, schema, default, bounds) and the builders and value
 * rules the catalogue of `advanced-settings.ts` is written with.
 */
import { isIP } from "node:net";
import { z } from "zod";

/** The JSON shape of a setting's value (`enum`: a string from a fixed list). */
export type AdvancedSettingKind = "boolean" | "integer" | "string" | "enum" | "stringArray" | "stringMap";

/** One advanced setting: how its value is typed, bounded, defaulted and compared. */
export interface AdvancedSettingSpec<S extends z.ZodType = z.ZodType> {
  /** The JSON shape of the value. */
  readonly kind: AdvancedSettingKind;
  /** Checks a value a request may send; its output is what is sent (an alias becomes the service's spelling). */
  readonly schema: S;
  /** What the service holds for a fresh service; a reset puts the key back to this. */
  readonly default: z.output<S>;
  /** `null` is a valid value (the service's "integer or null", "string or null"). */
  readonly nullable: boolean;
  /** Inclusive lower bound of an integer. */
  readonly min?: number;
  /** Inclusive upper bound of an integer. */
  readonly max?: number;
  /** The values of an enum, in the service's spelling. */
  readonly values?: readonly string[];
  /** Friendlier spellings accepted for an enum, mapped to the service's (`Required` -> `Requirred`). */
  readonly aliases?: Readonly<Record<string, string>>;
  /** How a string compares: `commaList` ignores spaces around commas, `json` ignores key order and spacing. */
  readonly format?: "commaList" | "json";
}

/** Advanced settings by key, as the service spells them. */
export type AdvancedSettingsCatalogue = Readonly<Record<string, AdvancedSettingSpec>>;

/** The values a request may give, per key of a catalogue: every key optional, aliases allowed. */
export type AdvancedSettingsInputOf<C extends AdvancedSettingsCatalogue> = { -readonly [K in keyof C]?: z.input<C[K]["schema"]> };

/** The values the service holds, per key of a catalogue, in the service's spellings. */
export type AdvancedSettingsOf<C extends AdvancedSettingsCatalogue> = { -readonly [K in keyof C]: z.output<C[K]["schema"]> };

type Bounds = { min: number; max?: number };

function spec<S extends z.ZodType>(
  kind: AdvancedSettingKind, schema: S, defaultValue: z.output<S>, extra: Omit<Partial<AdvancedSettingSpec>, "kind" | "schema" | "default"> = {},
): AdvancedSettingSpec<S> {
  return { kind, schema, default: defaultValue, nullable: false, ...extra };
}

export const flag = (defaultValue: boolean) => spec("boolean", z.boolean(), defaultValue);

function boundedInt({ min, max }: Bounds) {
  const atLeast = z.number().int().min(min);
  return max === undefined ? atLeast : atLeast.max(max);
}

export const integer = (defaultValue: number, bounds: Bounds = { min: 0 }) => spec("integer", boundedInt(bounds), defaultValue, bounds);
export const percent = (defaultValue: number) => integer(defaultValue, { min: 0, max: 100 });
export const integerOrNull = (bounds: Bounds) => spec("integer", boundedInt(bounds).nullable(), null, { ...bounds, nullable: true });

/** A rule on a well-typed string: what was expected when the value breaks it, else `undefined`. */
type Rule = (value: string) => string | undefined;

function ruled(rule: Rule | undefined) {
  const base = z.string();
  if (rule === undefined) return base;
  return base.superRefine((value, ctx) => {
    const broken = rule(value);
    if (broken !== undefined) ctx.addIssue({ code: "custom", message: `expected ${broken}` });
  });
}

export const text = (defaultValue: string, rule?: Rule, format?: "commaList" | "json") =>
  spec("string", ruled(rule), defaultValue, format === undefined ? {} : { format });
export const textOrNull = (rule: Rule, format: "commaList") => spec("string", ruled(rule).nullable(), null, { nullable: true, format });

export function oneOf<const V extends readonly [string, ...string[]]>(values: V, defaultValue: V[number]) {
  const schema = z.enum(values);
  return spec("enum", schema, defaultValue as z.output<typeof schema>, { values });
}

export function oneOfWithAliases<const V extends readonly [string, ...string[]], const A extends string>(
  values: V, defaultValue: V[number], aliases: Readonly<Record<A, V[number]>>,
) {
  const accepted = [...values, ...Object.keys(aliases)] as unknown as readonly [V[number] | A, ...Array<V[number] | A>];
  const schema = z.enum(accepted).transform((v): V[number] => (aliases as Readonly<Record<string, V[number]>>)[v] ?? v);
  return spec("enum", schema, defaultValue as z.output<typeof schema>, { values, aliases });
}

export const stringList = (defaultValue: string[]) => spec("stringArray", z.array(z.string()), defaultValue);
export const stringMap = () => spec("stringMap", z.record(z.string(), z.string()), {});

export function commaItems(value: string): string[] {
  return value.split(",").map((s) => s.trim());
}

export const cidrList: Rule = (value) => {
  if (value.trim() === "") return undefined;
  for (const item of commaItems(value)) {
    const [address = "", prefix, extra] = item.split("/");
    const family = isIP(address);
    const maxPrefix = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (family === 0 || !prefixOk || extra !== undefined) {
      return `comma-separated CIDR blocks such as "10.0.0.0/8,192.168.1.1/32"; "${item}" is not one`;
    }
  }
  return undefined;
};

export const statusCodes: Rule = (value) => {
  for (const item of commaItems(value)) {
    if (!/^\d{3}$/.test(item) || Number(item) < 100 || Number(item) > 599) {
      return `comma-separated HTTP status codes each between 100 and 599; "${item}" is not one`;
    }
  }
  return undefined;
};

export const retryTriggers: Rule = (value) => {
  for (const item of commaItems(value)) {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(item)) {
      return `comma-separated retry triggers such as "5xx,reset,retriable-status-codes"; "${item}" is not one`;
    }
  }
  return undefined;
};

export const headerMapJson: Rule = (value) => {
  const expected = 'JSON text of an object mapping header names to string values, e.g. {"X-Frame-Options":"DENY"}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return `${expected}; it is not valid JSON`;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return `${expected}; it is not an object`;
  for (const [name, v] of Object.entries(parsed)) {
    if (typeof v !== "string") return `${expected}; header "${name}" has a ${v === null ? "null" : typeof v} value`;
  }
  return undefined;
};

export const envVarName: Rule = (value) =>
  value === "" || /^[A-Za-z_][A-Za-z0-9_]*$/.test(value)
    ? undefined
    : `the name of an environment variable (letters, digits, underscores; not starting with a digit) or ""`;
