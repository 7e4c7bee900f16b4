/**
 * The parts of a Pulumi package schema the generator writes (a subset of Pulumi's `PackageSpec`, in its JSON
 * spelling), and the `$ref` of a type of the package (its token from `../names.ts`).
 */
import { tokenOf } from "../names";

/** A `$ref` to a type of this package. */
export const refOf = (name: string): string => `#/types/${tokenOf(name)}`;

/** A property, or the type of an item or map value (then without the property's own facts). */
export interface PropertySpec {
  type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  $ref?: string;
  items?: PropertySpec;
  additionalProperties?: PropertySpec;
  description?: string;
  secret?: true;
  replaceOnChanges?: true;
  default?: string | number | boolean;
  defaultInfo?: { environment: string[] };
  /** A language's own name for the property (C# cannot name a member as its class). */
  language?: { csharp: { name: string } };
}

/** One value of an enum type. */
export interface EnumValueSpec {
  name: string;
  value: string | number;
}

/** An object type or an enum type of `types`. */
export interface TypeSpec {
  type: "object" | "string" | "integer" | "number";
  description?: string;
  properties?: Record<string, PropertySpec>;
  required?: string[];
  enum?: EnumValueSpec[];
}

/** An object's members and which of them are required. */
export interface ObjectSpec {
  properties: Record<string, PropertySpec>;
  required: string[];
}
