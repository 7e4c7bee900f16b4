/**
 * What the running package says of each kind beyond its TypeScript types: its zod schema (`schemaOfKind`, recorded
 * when the family's definition loads), the outputs its definition always stores as secrets (`secretOutputs`) and,
 * for a kind with no zod schema (the advanced settings), which inputs its provider's diff replaces on.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { FAMILIES, type FamilyKind } from "../../families";
import { schemaOfKind } from "../../framework/fields";

/** One kind's runtime facts. */
export interface KindFacts {
  /** The family's input schema; undefined for the kinds not built by `defineResource` (advanced settings, ...). */
  schema: z.ZodObject | undefined;
  /** Outputs stored as secrets whatever their field says (a database's `password`, an API token's `token`). */
  secretOutputs: readonly string[];
  /** For a kind without a schema: the inputs of `names` whose change its provider's diff answers with a replace. */
  replacedInputs(names: readonly string[]): Promise<string[]>;
}

/** A loaded module's export that is a family definition (`defineResource`'s result). */
interface DefinitionLike {
  kind: string;
  secretOutputs: string[];
}

const isDefinition = (v: unknown): v is DefinitionLike =>
  typeof v === "object" && v !== null && typeof (v as DefinitionLike).kind === "string" && Array.isArray((v as DefinitionLike).secretOutputs);

/** The definitions among the modules loaded so far, by kind. */
function loadedDefinitions(): Map<string, DefinitionLike> {
  const found = new Map<string, DefinitionLike>();
  for (const loaded of Object.values(require.cache)) {
    const exports: unknown = loaded?.exports;
    if (typeof exports !== "object" || exports === null) continue;
    for (const value of Object.values(exports as Record<string, unknown>)) if (isDefinition(value)) found.set(value.kind, value);
  }
  return found;
}

/**
 * The inputs of `names` a change of which the provider's diff replaces on, asked with one changed string at a time
 * (a diff of the kinds without a schema compares locally: no call leaves the process).
 */
async function probeReplaces(provider: pulumi.dynamic.ResourceProvider, names: readonly string[]): Promise<string[]> {
  if (provider.diff === undefined) return [];
  const replaced: string[] = [];
  for (const name of names) {
    const diff = await provider.diff("probe", { settings: {}, [name]: "before" }, { settings: {}, [name]: "after" }).catch(() => undefined);
    if (diff?.replaces?.includes(name)) replaced.push(name);
  }
  return replaced;
}

/** Every kind of `FAMILIES` with its facts, each family's provider loaded first (which defines it). */
export function kindFacts(): Map<FamilyKind, KindFacts> {
  const kinds = Object.keys(FAMILIES) as FamilyKind[];
  for (const kind of kinds) FAMILIES[kind].provider();
  const definitions = loadedDefinitions();
  return new Map(kinds.map((kind) => {
    const schema = schemaOfKind(kind);
    const replacedInputs = async (names: readonly string[]) => (schema === undefined ? probeReplaces(FAMILIES[kind].provider(), names) : []);
    return [kind, { schema, secretOutputs: definitions.get(kind)?.secretOutputs ?? [], replacedInputs }];
  }));
}
