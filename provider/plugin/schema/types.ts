/**
 * TypeScript types as schema types: strings, numbers (integers where the zod schema says so), booleans, lists,
 * maps (`additionalProperties`), enums (unions of literals, named types) and objects (named types
 * `<Owner><Member>`). Pulumi's `Input<T>` and `Output<T>` are read as `T`; `undefined` makes a member optional.
 */
import ts from "typescript";
import type { z } from "zod";
import { markdownOf } from "./docs";
import { docOf } from "./program";
import { tokenOf } from "../names";
import { refOf, type EnumValueSpec, type ObjectSpec, type PropertySpec, type TypeSpec } from "./spec";
import { childOf, factsOf, isInteger, primitiveDefault } from "./zod-walk";

/** Where a type is met: the name its named types take, and the zod schema of its value, when there is one. */
export interface Place {
  name: string;
  zod?: z.ZodType | undefined;
}

const ANY: PropertySpec = { $ref: "pulumi.json#/Any" };
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `portName` as `PortName`. */
export const pascal = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A value's name in an enum: `"ON_DEMAND"` gives `OnDemand`, `"5xx"` gives `V5xx`. */
function enumName(value: string | number): string {
  const words = String(value).split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
  const name = words.map((w) => (w === w.toUpperCase() ? pascal(w.toLowerCase()) : pascal(w))).join("");
  if (name === "") return "Empty";
  return /^[0-9]/.test(name) ? `V${name}` : name;
}

/** True for Pulumi's `OutputInstance<T>` and `Output<T>` (an `OutputInstance<T>` with lifted members). */
function isOutputLike(t: ts.Type): boolean {
  if (t.getSymbol()?.name === "OutputInstance" || t.aliasSymbol?.name === "Output") return true;
  return t.isIntersection() && t.types.some(isOutputLike);
}

/** The property `name` of `owner`, renamed for C# when it would be spelled as its class (`GcpCredentials.gcpCredentials`). */
export function withCsharpName(spec: PropertySpec, name: string, owner: string): PropertySpec {
  return pascal(name) === owner ? { ...spec, language: { csharp: { name: `${owner}Value` } } } : spec;
}

/** Builds the schema's types while it converts the properties that use them. */
export class TypeMapper {
  /** The named types met so far, by token. */
  readonly types: Record<string, TypeSpec> = {};
  private readonly origins = new Map<string, ts.Type | string>();

  constructor(private readonly checker: ts.TypeChecker, private readonly reserved: ReadonlySet<string>) {}

  /** The type itself: `Input<T>`, `Promise<T>` and `Output<T>` read as `T`, without `undefined` and `null`. */
  plainMembers(type: ts.Type): ts.Type[] {
    const members = type.isUnion() ? type.types : [type];
    return members.filter((t) => {
      if ((t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Void | ts.TypeFlags.Never)) !== 0) return false;
      return t.getSymbol()?.name !== "Promise" && !isOutputLike(t);
    });
  }

  /** True when `type` admits `undefined`. */
  admitsUndefined(type: ts.Type): boolean {
    const members = type.isUnion() ? type.types : [type];
    return members.some((t) => (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0);
  }

  /** The value type of an `Output<T>`: its `get()`'s. */
  outputValue(type: ts.Type): ts.Type | undefined {
    const get = type.getProperty("get");
    if (!isOutputLike(type) || get === undefined) return undefined;
    const [signature] = this.checker.getTypeOfSymbol(get).getCallSignatures();
    return signature?.getReturnType();
  }

  /** The schema of a value of `type` met at `place`; undefined for a function (no data). */
  propertyOf(type: ts.Type, place: Place): PropertySpec | undefined {
    const members = this.plainMembers(type);
    if (members.length === 0) return ANY;
    if (members.every((t) => (t.flags & ts.TypeFlags.BooleanLike) !== 0)) return { type: "boolean" };
    const literals = members.filter((t) => t.isStringLiteral() || t.isNumberLiteral());
    if (literals.length === members.length) {
      if (literals.length === 1 && literals[0]!.isStringLiteral()) return { type: "string" };
      return this.enumOf(type, literals as Array<ts.StringLiteralType | ts.NumberLiteralType>, place);
    }
    if (members.length > 1) {
      const objects = members.filter((t) => (t.flags & ts.TypeFlags.Object) !== 0 && !this.checker.isArrayType(t));
      return objects.length === members.length ? this.objectRef(members, place) : ANY;
    }
    return this.singleOf(members[0]!, place);
  }

  private singleOf(t: ts.Type, place: Place): PropertySpec | undefined {
    if ((t.flags & ts.TypeFlags.StringLike) !== 0) return { type: "string" };
    if ((t.flags & ts.TypeFlags.NumberLike) !== 0) return { type: place.zod !== undefined && isInteger(place.zod) ? "integer" : "number" };
    if ((t.flags & ts.TypeFlags.BooleanLike) !== 0) return { type: "boolean" };
    if ((t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0) return ANY;
    if (this.checker.isArrayType(t) || this.checker.isTupleType(t)) {
      const [item] = this.checker.getTypeArguments(t as ts.TypeReference);
      const items = item === undefined ? ANY : this.propertyOf(item, { name: place.name, zod: childOf(place.zod, "item") });
      return { type: "array", items: items ?? ANY };
    }
    if (t.getCallSignatures().length > 0) return undefined;
    const props = this.checker.getPropertiesOfType(t);
    const index = this.checker.getIndexInfosOfType(t)[0];
    if (props.length === 0 && index === undefined) return { type: "object", additionalProperties: ANY };
    if (props.length === 0 && index !== undefined) {
      const value = this.propertyOf(index.type, { name: place.name, zod: childOf(place.zod, "value") });
      return { type: "object", additionalProperties: value ?? ANY };
    }
    return this.objectRef([t], place);
  }

  /** The token's name for `place`, kept apart from the resources' names. */
  private typeName(place: Place): string {
    return this.reserved.has(place.name) ? `${place.name}Properties` : place.name;
  }

  private enumOf(type: ts.Type, literals: Array<ts.StringLiteralType | ts.NumberLiteralType>, place: Place): PropertySpec {
    const values = literals.map((t) => t.value);
    const kind = typeof values[0] === "string" ? "string" : values.every(Number.isInteger) ? "integer" : "number";
    const alias = type.aliasSymbol?.name;
    const names = new Set<string>();
    const enumValues: EnumValueSpec[] = values.map((value) => {
      let name = enumName(value);
      for (let i = 2; names.has(name); i++) name = `${enumName(value)}${i}`;
      names.add(name);
      return { name, value };
    });
    const key = JSON.stringify(values);
    // A named union (`type VariableScope = ...`) keeps its name wherever it is met with the same values.
    const aliasFree = alias !== undefined && IDENTIFIER.test(alias) && alias !== "Input" && !this.reserved.has(alias)
      && [undefined, key].includes(this.origins.get(tokenOf(alias)) as string | undefined);
    const name = aliasFree ? alias : this.typeName(place);
    if (!this.origins.has(tokenOf(name))) {
      this.origins.set(tokenOf(name), key);
      this.types[tokenOf(name)] = { type: kind, enum: enumValues };
    }
    return { $ref: refOf(name) };
  }

  /** A named object type of the members of every type of `parts` (a union's members are merged). */
  private objectRef(parts: ts.Type[], place: Place): PropertySpec {
    const spellable = parts.every((p) => this.checker.getPropertiesOfType(p).every((m) => IDENTIFIER.test(m.name)));
    // An object keyed by names no language can spell (advanced settings' `network.ingress.x`) is a map.
    if (!spellable) return { type: "object", additionalProperties: ANY };
    const name = this.typeName(place);
    const token = tokenOf(name);
    const origin = this.origins.get(token);
    if (origin !== undefined && origin !== parts[0]) throw new Error(`plugin schema: two types would be named ${name}`);
    if (origin === undefined) {
      this.origins.set(token, parts[0]!);
      const spec: TypeSpec = { type: "object" };
      this.types[token] = spec;
      Object.assign(spec, this.membersOf(parts, place, name));
    }
    return { $ref: refOf(name) };
  }

  /**
   * The members of an object (of each part of a union: required when every part requires it), each with its facts;
   * `owner` is the name of the resource or type that has them.
   */
  membersOf(parts: ts.Type[], place: Place, owner: string = place.name): ObjectSpec {
    const properties: Record<string, PropertySpec> = {};
    const requiredCount = new Map<string, number>();
    for (const part of parts) {
      for (const symbol of this.checker.getPropertiesOfType(part)) {
        const type = this.checker.getTypeOfSymbol(symbol);
        const zod = childOf(place.zod, { member: symbol.name });
        if (properties[symbol.name] === undefined) {
          const spec = this.propertyOf(type, { name: `${place.name}${pascal(symbol.name)}`, zod });
          if (spec === undefined) continue;
          properties[symbol.name] = withCsharpName(this.withFacts(spec, symbol, zod), symbol.name, owner);
        }
        const optional = (symbol.flags & ts.SymbolFlags.Optional) !== 0 || this.admitsUndefined(type);
        if (!optional) requiredCount.set(symbol.name, (requiredCount.get(symbol.name) ?? 0) + 1);
      }
    }
    const required = [...requiredCount].filter(([, n]) => n === parts.length).map(([k]) => k);
    return { properties, required };
  }

  /** A property's description (its TSDoc) and the facts its zod schema holds: secret, replace, default. */
  withFacts(spec: PropertySpec, symbol: ts.Symbol, zod: z.ZodType | undefined): PropertySpec {
    const out: PropertySpec = { ...spec };
    const description = markdownOf(docOf(this.checker, symbol));
    if (description !== "") out.description = description;
    const facts = factsOf(zod);
    if (facts.secret === true) out.secret = true;
    if (facts.replace === true || facts.parent !== undefined) out.replaceOnChanges = true;
    const fallback = zod === undefined ? undefined : primitiveDefault(zod);
    if (fallback !== undefined) out.default = fallback;
    return out;
  }
}
