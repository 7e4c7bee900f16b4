/**
 * The emulator refuses what the live service's schema forbids, naming the field or the id: values outside the
 * public enums (checked against the reference's own enums for every write the emulator serves), ids of records that
 * do not exist, edits of records that do not exist. A refused request changes nothing.
 */
import { appBody, projectAndEnv, useEmulator } from "../support/helpers";
import { findTemplate } from "../support/openapi-validator";
import { deref, flatten, loadReference, requestSchemaOf, type RefDoc, type RefSchema } from "../support/reference-schema";

const doc = loadReference("the emulator's enums against the reference's");
const c = useEmulator();
const UNKNOWN = "6f1c1b7e-0000-4000-8000-00000000abcd";

/** Values the emulator accepts beyond the reference's enum on purpose (WIRE.md, difference 5: the published names). */
const ACCEPTED_ALIASES: Record<string, string[]> = { "events[]": ["DEPLOYMENT_SUCCEEDED", "DEPLOYMENT_FAILED"] };

/** Every `path: enum` of a schema (JSON Schema or OpenAPI), arrays as `field[]`. */
function enumsOf(d: RefDoc | undefined, s: RefSchema | undefined, at = "", out = new Map<string, unknown[]>(), depth = 0): Map<string, unknown[]> {
  if (!s || depth > 12) return out;
  const f = d ? flatten(d, s) : s;
  const alternatives = [...(f.anyOf ?? []), ...(f.oneOf ?? [])].map((x) => (d ? deref(d, x) : x));
  for (const alt of alternatives) enumsOf(d, alt, at, out, depth + 1);
  if (f.enum) out.set(at, [...(out.get(at) ?? []), ...f.enum.filter((v) => v !== null)]);
  for (const [k, p] of Object.entries(f.properties ?? {})) enumsOf(d, p, at === "" ? k : `${at}.${k}`, out, depth + 1);
  if (f.items) enumsOf(d, f.items, `${at}[]`, out, depth + 1);
  return out;
}

describe("enums", () => {
  it("no write the emulator serves accepts an enum value the reference's request schema does not list", async () => {
    if (!doc) return;
    const own = (await (await fetch(`${c.emu.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: { "application/json": { schema: RefSchema } } } }>>;
    };
    const extra: string[] = [];
    let compared = 0;
    for (const [p, ops] of Object.entries(own.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const mine = op.requestBody?.content["application/json"].schema;
        const template = findTemplate(doc, method.toUpperCase(), p.replace(/\{\w+\}/g, "x"));
        if (!mine || !template) continue;
        const theirs = enumsOf(doc, requestSchemaOf(doc, method, template));
        for (const [field, values] of enumsOf(undefined, mine)) {
          const allowed = theirs.get(field);
          if (!allowed) continue;
          compared++;
          const beyond = values.filter((v) => !allowed.includes(v) && !(ACCEPTED_ALIASES[field] ?? []).includes(v as string));
          if (beyond.length > 0) extra.push(`${method.toUpperCase()} ${template} ${field}: ${JSON.stringify(beyond)} not in ${JSON.stringify(allowed)}`);
        }
      }
    }
    expect(extra).toEqual([]);
    expect(compared).toBeGreaterThan(20);
  });

  it("an environment mode of PREVIEW is refused on create and edit (the service sets it)", async () => {
    const { projectId, envId } = await projectAndEnv(c);
    const created = await c.call("POST", `/project/${projectId}/environment`, { name: "pr-1", mode: "PREVIEW" });
    expect(created.status).toBe(400);
    expect(created.body.message).toMatch(/^mode: PREVIEW is set by the service/);
    const edited = await c.call("PUT", `/environment/${envId}`, { mode: "PREVIEW" });
    expect(edited.status).toBe(400);
    expect((await c.call("GET", `/environment/${envId}`)).body.mode).toBe("DEVELOPMENT");
  });

  it.each([
    ["cpu_architecture", { cpu_architecture: "X86" }, /^cpu_architecture: /],
    ["autoscaling.mode", { autoscaling: { mode: "HPA", scalers: [{ scaler_type: "cpu", role: "PRIMARY" }] } }, /^autoscaling\.mode: /],
    ["autoscaling.scalers", { autoscaling: { mode: "KEDA", scalers: [] } }, /^autoscaling\.scalers: /],
    ["autoscaling role", { autoscaling: { mode: "KEDA", scalers: [{ scaler_type: "cpu", role: "MAIN" }] } }, /^autoscaling\.scalers\[0\]\.role: /],
    ["icon_uri", { icon_uri: "not a uri" }, /^icon_uri: /],
  ])("an application's %s outside the schema is a 400 naming it", async (_field, extra, message) => {
    const { envId } = await projectAndEnv(c);
    const r = await c.call("POST", `/environment/${envId}/application`, appBody("api", extra));
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
  });

  it("a database's disk_type outside gp2/gp3, or on a CONTAINER database, is a 400", async () => {
    const { envId } = await projectAndEnv(c);
    const managed = (await c.call("POST", `/environment/${envId}/database`, { name: "m", type: "MYSQL", version: "8", mode: "MANAGED" })).body;
    const container = (await c.call("POST", `/environment/${envId}/database`, { name: "c", type: "MYSQL", version: "8", mode: "CONTAINER" })).body;
    expect(managed.disk_type).toBe("gp3");
    expect(container.disk_type).toBeNull();
    expect((await c.call("PUT", `/database/${managed.id}`, { disk_type: "io1" })).body.message).toMatch(/^disk_type: /);
    const onContainer = await c.call("PUT", `/database/${container.id}`, { disk_type: "gp2" });
    expect(onContainer.status).toBe(400);
    expect(onContainer.body.message).toMatch(/^disk_type: only MANAGED databases/);
    expect((await c.call("PUT", `/database/${managed.id}`, { disk_type: "gp2" })).body.disk_type).toBe("gp2");
  });

  it("a webhook target that is not http(s), a variable description over 255 characters, a group scope outside the enum", async () => {
    const org = c.org;
    const hook = await c.call("POST", `/organization/${org}/webhook`, { target_url: "ftp://example.com/hook", events: ["DEPLOYMENT_STARTED"] });
    expect(hook.status).toBe(400);
    expect(hook.body.message).toMatch(/^target_url: /);
    const { envId } = await projectAndEnv(c);
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    const long = await c.call("POST", `/application/${app.id}/environmentVariable`, { key: "K", value: "v", description: "x".repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/^description: /);
    const group = await c.call("POST", `/organization/${org}/annotationsGroups`, { name: "g", annotations: [], scopes: ["NODES"] });
    expect(group.status).toBe(400);
    expect(group.body.message).toMatch(/^scopes\[0\]: /);
  });
});

describe("unknown ids", () => {
  it.each([["annotations_groups"], ["labels_groups"]])("%s naming a group the organization does not have is a 400 naming the item and the id", async (field) => {
    const { envId } = await projectAndEnv(c);
    const app = await c.call("POST", `/environment/${envId}/application`, appBody("api", { [field]: [{ id: UNKNOWN }] }));
    expect(app.status).toBe(400);
    expect(app.body.message).toBe(`${field}[0].id: unknown ${field === "annotations_groups" ? "annotations" : "labels"} group ${UNKNOWN}`);
    const db = await c.call("POST", `/environment/${envId}/database`, { name: "db", type: "REDIS", version: "7", mode: "CONTAINER", [field]: [{ id: UNKNOWN }] });
    expect(db.status).toBe(400);
    expect(db.body.message).toMatch(new RegExp(`^${field}\\[0\\]\\.id: unknown`));
    expect((await c.call("GET", `/environment/${envId}/application`)).body.results).toEqual([]);
    expect((await c.call("GET", `/environment/${envId}/database`)).body.results).toEqual([]);
  });

  it("a refused edit naming an unknown group changes nothing; a group given twice is refused", async () => {
    const { envId } = await projectAndEnv(c);
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    const bad = await c.call("PUT", `/application/${app.id}`, { healthchecks: {}, name: "renamed", labels_groups: [{ id: UNKNOWN }] });
    expect(bad.status).toBe(400);
    expect((await c.call("GET", `/application/${app.id}`)).body.name).toBe("api");
    const g = (await c.call("POST", `/organization/${c.org}/labelsGroups`, { name: "l", labels: [] })).body;
    const twice = await c.call("PUT", `/application/${app.id}`, { healthchecks: {}, labels_groups: [{ id: g.id }, { id: g.id }] });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/^labels_groups\[1\]\.id: /);
  });
});

describe("edits of records that do not exist", () => {
  it("on-premise credentials: an edit of an unknown id is a 404 and creates nothing; POST creates", async () => {
    const base = `/organization/${c.org}/onPremise/credentials`;
    const edit = await c.call("PUT", `${base}/${UNKNOWN}`, { name: "rack" });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toContain(UNKNOWN);
    expect((await c.call("GET", base)).body.results).toEqual([]);
    const made = await c.call("POST", base, { name: "rack" });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ id: expect.any(String), name: "rack", object_type: "OTHER" });
    expect((await c.call("PUT", `${base}/${made.body.id}`, { name: "rack-2" })).body.name).toBe("rack-2");
  });

  it.each([
    ["an annotations group", (org: string) => `/organization/${org}/annotationsGroups/${UNKNOWN}`, { name: "g", annotations: [], scopes: [] }],
    ["a labels group", (org: string) => `/organization/${org}/labelsGroups/${UNKNOWN}`, { name: "g", labels: [] }],
    ["a webhook", (org: string) => `/organization/${org}/webhook/${UNKNOWN}`, { target_url: "http://127.0.0.1:9/", events: ["DEPLOYMENT_STARTED"] }],
    ["a git token", (org: string) => `/organization/${org}/gitToken/${UNKNOWN}`, { name: "t", type: "GITHUB", token: "x" }],
    ["a project", () => `/project/${UNKNOWN}`, { name: "p" }],
    ["the credentials of a database", () => `/database/${UNKNOWN}/masterCredentials`, { login: "u", password: "p" }],
  ])("an edit of %s that does not exist is a 404 naming the id", async (_what, path, body) => {
    const r = await c.call("PUT", path(c.org), body);
    expect(r.status).toBe(404);
    expect(r.body.message).toContain(UNKNOWN);
  });
});
