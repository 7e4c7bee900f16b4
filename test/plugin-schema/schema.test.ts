/**
 * The plugin's schema (`provider/plugin/schema.json`): committed as generated from the definitions, covering every
 * kind and plain lookup, with the facts of the fields checked here by hand against their definitions.
 */
import { FAMILIES } from "../../provider/families";
import { DATABASE_TYPES } from "../../provider/index";
import { ENVIRONMENT_TYPES } from "../../sdk";
import * as lookups from "../../provider/lookups/index";
import { generateSchema, schemaText } from "../../provider/plugin/schema/index";
import { committedSchema, committedText, resource, type Prop, type Schema } from "./committed";

const TYPE = "#/types/";

/** Every `$ref` anywhere in `value`. */
function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

/** The enum values of the type a property refers to. */
function enumValues(schema: Schema, prop: Prop | undefined): unknown[] {
  const token = prop?.$ref?.slice(TYPE.length) ?? "";
  return (schema.types[token]?.enum ?? []).map((e) => e.value);
}

describe("the committed schema is what the definitions generate", () => {
  it("equals a fresh generation (stale: run `npm run plugin:schema` and commit provider/plugin/schema.json)", async () => {
    const fresh = schemaText(await generateSchema());
    const stale = fresh !== committedText();
    expect({ stale, fix: "npm run plugin:schema" }).toEqual({ stale: false, fix: "npm run plugin:schema" });
  }, 180_000);
});

describe("the plugin's schema", () => {
  const schema = committedSchema();

  it("names the package and its version", () => {
    expect(schema.name).toBe("deploy-service");
    expect(schema.version).toBe((require("../../package.json") as { version: string }).version);
  });

  it("has a resource for every kind of FAMILIES and nothing else", () => {
    const kinds = Object.keys(FAMILIES).map((k) => `deploy-service:index:${k}`).sort();
    expect(Object.keys(schema.resources).sort()).toEqual(kinds);
  });

  it("has a function for every plain lookup of provider/lookups and nothing else", () => {
    const plain = Object.keys(lookups).filter((n) => /^get[A-Z]/.test(n) && !n.endsWith("Output"));
    expect(plain.length).toBeGreaterThan(20);
    expect(Object.keys(schema.functions).sort()).toEqual(plain.map((n) => `deploy-service:index:${n}`).sort());
  });

  it("keeps secrets secret: a database's master credentials and password, a git token, a webhook's URL", () => {
    const db = resource(schema, "Database");
    expect(db.inputProperties["masterCredentials"]?.secret).toBe(true);
    expect(db.properties["masterCredentials"]?.secret).toBe(true);
    expect(db.properties["password"]?.secret).toBe(true); // secretOutputNames, not a field
    expect(db.properties["login"]?.secret).toBeUndefined();
    expect(resource(schema, "GitToken").inputProperties["token"]?.secret).toBe(true);
    expect(resource(schema, "Webhook").properties["targetUrl"]?.secret).toBe(true);
    expect(resource(schema, "ApiToken").properties["token"]?.secret).toBe(true);
  });

  it("keeps the results of the secret lookups secret (a cluster's kubeconfig, a webhook's URL), their id aside", () => {
    const outputs = (name: string) => schema.functions[`deploy-service:index:${name}`]!.outputs.properties;
    expect(outputs("getClusterKubeconfig")["kubeconfig"]?.secret).toBe(true);
    expect(outputs("getWebhook")["targetUrl"]?.secret).toBe(true);
    expect(outputs("getWebhook")["id"]?.secret).toBeUndefined();
    expect(outputs("getProject")["name"]?.secret).toBeUndefined();
  });

  it("replaces on a parent or a replace field, also for the advanced settings (from their provider's diff)", () => {
    const project = resource(schema, "Project");
    expect(project.inputProperties["organizationId"]?.replaceOnChanges).toBe(true);
    expect(project.properties["organizationId"]?.replaceOnChanges).toBe(true);
    expect(project.inputProperties["name"]?.replaceOnChanges).toBeUndefined();
    expect(resource(schema, "Database").inputProperties["type"]?.replaceOnChanges).toBe(true);
    expect(resource(schema, "ApplicationAdvancedSettings").properties["applicationId"]?.replaceOnChanges).toBe(true);
    expect(resource(schema, "ApplicationAdvancedSettings").properties["settings"]?.replaceOnChanges).toBeUndefined();
  });

  it("gives the zod defaults, inputs only", () => {
    const project = resource(schema, "Project");
    expect(project.inputProperties["description"]?.default).toBe("");
    expect(project.properties["description"]?.default).toBeUndefined();
    expect(resource(schema, "Database").inputProperties["storage"]?.default).toBe(10);
  });

  it("makes enums named types with the definitions' values", () => {
    expect(enumValues(schema, resource(schema, "Database").inputProperties["type"]).sort()).toEqual([...DATABASE_TYPES].sort());
    // The schema's zod enum, PREVIEW included (a clone's mode), not the three of ENVIRONMENT_MODES.
    expect(enumValues(schema, resource(schema, "Environment").inputProperties["mode"]).sort()).toEqual([...ENVIRONMENT_TYPES].sort());
  });

  it("tells integers from numbers, maps from objects, and which inputs are required", () => {
    const db = resource(schema, "Database");
    expect(db.inputProperties["cpu"]?.type).toBe("integer");
    expect(resource(schema, "Project").inputProperties["environmentVariables"]).toMatchObject({ type: "object", additionalProperties: { type: "string" } });
    expect(db.requiredInputs.sort()).toEqual(["environmentId", "name", "type", "version", "mode"].sort());
    expect(db.required).toEqual(expect.arrayContaining(["environmentId", "name", "storage"]));
    expect(db.required).not.toContain("password");
  });

  it("types a lookup's result by its family's schema: integers, no default or replace", () => {
    const db = schema.functions["deploy-service:index:getDatabase"]!.outputs.properties;
    expect(db["cpu"]?.type).toBe("integer");
    expect(db["storage"]).not.toHaveProperty("default");
    expect(db["type"]).not.toHaveProperty("replaceOnChanges");
  });

  it("describes resources and properties from the TSDoc, the example as a TypeScript block", () => {
    const project = resource(schema, "Project");
    expect(project.description).toMatch(/^A project of an organization/);
    expect(project.description).toContain("```typescript\nconst project = new Project(");
    expect(project.description).not.toMatch(/@class|@example|as a type/);
    expect(project.inputProperties["name"]?.description).toMatch(/^Project name, unique within the organization/);
    expect(schema.functions["deploy-service:index:getProject"]?.description).toMatch(/^Looks up a project/);
  });

  it("leaves out the engine's own outputs", () => {
    for (const [token, r] of Object.entries(schema.resources)) {
      expect({ token, id: "id" in r.properties, urn: "urn" in r.properties }).toEqual({ token, id: false, urn: false });
    }
  });

  it("resolves every $ref", () => {
    const refs = refsIn(schema);
    expect(refs.length).toBeGreaterThan(100);
    const dangling = refs.filter((r) => (r.startsWith(TYPE) ? schema.types[r.slice(TYPE.length)] === undefined : r !== "pulumi.json#/Any"));
    expect(dangling).toEqual([]);
  });

  it("configures the provider with apiUrl, a secret apiToken and tokenScheme, each defaulting to its environment variable", () => {
    const vars = schema.config.variables;
    expect(Object.keys(vars).sort()).toEqual(["apiToken", "apiUrl", "tokenScheme"]);
    expect(vars["apiToken"]).toMatchObject({ type: "string", secret: true, defaultInfo: { environment: ["DEPLOY_SERVICE_API_TOKEN"] } });
    expect(vars["apiUrl"]?.defaultInfo).toEqual({ environment: ["DEPLOY_SERVICE_API_URL"] });
    expect(vars["tokenScheme"]?.default).toBe("Token");
    expect(schema.provider.inputProperties).toEqual(vars);
  });

  it("renames for C# only a property spelled as its class (a member cannot be named as its class there)", () => {
    const gcp = resource(schema, "GcpCredentials");
    expect(gcp.inputProperties["gcpCredentials"]?.language).toEqual({ csharp: { name: "GcpCredentialsValue" } });
    expect(gcp.properties["gcpCredentials"]?.language).toEqual({ csharp: { name: "GcpCredentialsValue" } });
    expect(resource(schema, "Project").inputProperties["name"]?.language).toBeUndefined();
  });

  it("names each language's package", () => {
    expect(schema.language["python"]?.["packageName"]).toBe("pulumi_deploy_service");
    expect(schema.language["nodejs"]?.["packageName"]).toBe("@deploy-service/pulumi");
    expect(schema.language["go"]).toMatchObject({ generateResourceContainerTypes: true, importBasePath: expect.stringMatching(/\/sdk-gen\/go\/deployservice$/) });
    expect(schema.language["csharp"]).toMatchObject({ rootNamespace: "DeployService", packageReferences: { Pulumi: expect.any(String) } });
  });
});
