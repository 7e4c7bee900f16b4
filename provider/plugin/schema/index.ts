/**
 * The Pulumi package schema of the `deploy-service` plugin, generated from the package's definitions: the TypeScript
 * types and TSDoc of the classes and lookups (`program.ts`) with the facts of their zod schemas (`zod-walk.ts`).
 * `npm run plugin:schema` writes it to `provider/plugin/schema.json`; the plugin serves that file.
 */
import * as path from "node:path";
import { kindFacts } from "./definitions";
import { plainLookupNames, tokenOf } from "../names";
import { functionOf } from "./functions";
import { configVariables, languageSettings, packageInfo } from "./package-info";
import { loadProgram, PACKAGE_ROOT } from "./program";
import { resourceOf } from "./resources";
import { TypeMapper } from "./types";

/** Where the generated schema is committed, relative to the package root. */
export const SCHEMA_FILE = path.join("provider", "plugin", "schema.json");

/** The schema as an object (its members in the order {@link schemaText} sorts anyway). */
export async function generateSchema(root: string = PACKAGE_ROOT): Promise<Record<string, unknown>> {
  const program = loadProgram(root);
  const facts = kindFacts();
  const mapper = new TypeMapper(program.checker, new Set(facts.keys()));
  const resources: Record<string, unknown> = {};
  for (const [kind, f] of facts) resources[tokenOf(kind)] = await resourceOf(program, mapper, kind, f);
  const functions = Object.fromEntries(plainLookupNames().map((name) => [tokenOf(name), functionOf(program, mapper, name)]));
  const config = configVariables(program);
  return {
    ...packageInfo(root),
    config: { variables: config },
    provider: { description: "The deploy-service provider: where the service is and the token to call it with.", inputProperties: config },
    resources,
    functions,
    types: mapper.types,
    language: languageSettings(),
  };
}

/** Object keys sorted at every depth (arrays keep their order): the same schema always prints the same. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])]));
}

/** The schema's file text: sorted keys, two-space indents, a final newline. */
export function schemaText(schema: Record<string, unknown>): string {
  return `${JSON.stringify(sorted(schema), null, 2)}\n`;
}
