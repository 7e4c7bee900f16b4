/** The committed plugin schema (`provider/plugin/schema.json`), as text and parsed, for the tests of this folder. */
import * as fs from "node:fs";
import * as path from "node:path";
import { SCHEMA_FILE } from "../../provider/plugin/schema/index";

/** The schema file's path. */
export const SCHEMA_PATH = path.resolve(__dirname, "..", "..", SCHEMA_FILE);

/** A property of the schema, as far as these tests read it. */
export interface Prop {
  type?: string;
  $ref?: string;
  items?: Prop;
  additionalProperties?: Prop;
  description?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
  default?: unknown;
  defaultInfo?: { environment: string[] };
  language?: { csharp?: { name?: string } };
}

/** The parts of the schema these tests read. */
export interface Schema {
  name: string;
  version: string;
  config: { variables: Record<string, Prop> };
  provider: { inputProperties: Record<string, Prop> };
  resources: Record<string, { description: string; inputProperties: Record<string, Prop>; requiredInputs: string[]; properties: Record<string, Prop>; required: string[] }>;
  functions: Record<string, { description: string; inputs: { properties: Record<string, Prop>; required: string[] }; outputs: { properties: Record<string, Prop>; required: string[] } }>;
  types: Record<string, { type: string; properties?: Record<string, Prop>; required?: string[]; enum?: Array<{ name: string; value: unknown }> }>;
  language: Record<string, Record<string, unknown>>;
}

/** The committed file's text (`""` when it is missing, which the freshness test reports). */
export const committedText = (): string => (fs.existsSync(SCHEMA_PATH) ? fs.readFileSync(SCHEMA_PATH, "utf8") : "");

/** The committed schema, parsed. */
export const committedSchema = (): Schema => JSON.parse(committedText()) as Schema;

/** The resource of kind `kind`. */
export const resource = (schema: Schema, kind: string) => {
  const r = schema.resources[`deploy-service:index:${kind}`];
  if (r === undefined) throw new Error(`the schema has no resource deploy-service:index:${kind}`);
  return r;
};
