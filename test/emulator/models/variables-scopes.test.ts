/**
 * Variables and secrets at every scope: project and environment owners, what a parent sees through `GET /variable`
 * (its own, inherited and built-in values), aliases, overrides, files, the scope-generic writes and imports.
 */
import { control } from "../../../emulator/control/control-client";
import { stateFromJson } from "../../../emulator/persistence/snapshot";
import { appBody, containerBody, dockerHubId, jobBody, projectAndEnv, useEmulator, type Client } from "../support/helpers";

const c = useEmulator();
let projectId: string;
let envId: string;
let appId: string;

beforeEach(async () => {
  ({ projectId, envId } = await projectAndEnv(c));
  appId = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body.id;
});

async function created(client: Client, path: string, body: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await client.call("POST", path, body);
  if (r.status !== 201) throw new Error(`POST ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** The entries an owner's list (`/<owner>/{id}/environmentVariable` or `/secret`) answers at `scope` (its own: the owner's scope). */
async function listedAt(path: string, scope: string): Promise<any[]> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call("GET", path);
  expect(r.status).toBe(200);
  return (r.body.results as Array<{ scope: string }>).filter((v) => v.scope === scope);
}

async function visible(parentId: string, scope: string, extra = ""): Promise<any[]> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call("GET", `/variable?parent_id=${parentId}&scope=${scope}${extra}`);
  expect(r.status).toBe(200);
  return r.body.results;
}

describe("project and environment owners", () => {
  it("create, list their own, edit and delete variables and secrets with their scope", async () => {
    const pv = await created(c, `/project/${projectId}/environmentVariable`, { key: "REGION", value: "eu" });
    expect(pv).toMatchObject({ key: "REGION", value: "eu", scope: "PROJECT", variable_type: "VALUE" });
    expect(pv).not.toHaveProperty("service_id");
    const es = await created(c, `/environment/${envId}/secret`, { key: "TOKEN", value: "env-secret-value" });
    expect(es).toMatchObject({ key: "TOKEN", scope: "ENVIRONMENT", variable_type: "VALUE" });
    expect(es).not.toHaveProperty("value");
    expect((await listedAt(`/project/${projectId}/environmentVariable`, "PROJECT")).map((v: { key: string }) => v.key)).toEqual(["REGION"]);
    expect(await listedAt(`/environment/${envId}/environmentVariable`, "ENVIRONMENT")).toEqual([]);
    const edited = await c.call("PUT", `/project/${projectId}/environmentVariable/${pv.id}`, { key: "REGION", value: "us" });
    expect(edited.body.value).toBe("us");
    expect((await c.call("DELETE", `/environment/${envId}/secret/${es.id}`)).status).toBe(204);
    expect((await c.call("DELETE", `/environment/${envId}/secret/${es.id}`)).status).toBe(404);
  });

  it("keys are unique per parent across variables and secrets, but a lower scope may reuse a key", async () => {
    await created(c, `/environment/${envId}/environmentVariable`, { key: "K", value: "1" });
    const dup = await c.call("POST", `/environment/${envId}/secret`, { key: "K", value: "2" });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toContain("'K'");
    expect((await c.call("POST", `/project/${projectId}/environmentVariable`, { key: "K", value: "3" })).status).toBe(201);
    expect((await c.call("POST", `/application/${appId}/environmentVariable`, { key: "K", value: "4" })).status).toBe(201);
  });

  it("an unknown owner is 404", async () => {
    expect((await c.call("GET", `/project/${appId}/environmentVariable`)).status).toBe(404);
    expect((await c.call("POST", `/environment/${projectId}/secret`, { key: "A", value: "b" })).status).toBe(404);
  });
});

describe("what a parent sees (GET /variable)", () => {
  it("a service sees its own, its environment's and its project's values and the built-ins, each with its scope", async () => {
    await created(c, `/project/${projectId}/environmentVariable`, { key: "P", value: "p" });
    await created(c, `/environment/${envId}/environmentVariable`, { key: "E", value: "e" });
    await created(c, `/application/${appId}/secret`, { key: "S", value: "app-secret-value" });
    const other = (await c.call("POST", `/environment/${envId}/application`, appBody("other"))).body.id;
    await created(c, `/application/${other}/environmentVariable`, { key: "OTHER", value: "x" });
    const all = await visible(appId, "APPLICATION");
    const byKey = new Map(all.map((v) => [v.key, v]));
    expect(byKey.get("P")).toMatchObject({ scope: "PROJECT", value: "p", is_secret: false });
    expect(byKey.get("E")).toMatchObject({ scope: "ENVIRONMENT", value: "e" });
    expect(byKey.get("S")).toMatchObject({ scope: "APPLICATION", value: null, is_secret: true, service_id: appId });
    expect(byKey.has("OTHER")).toBe(false);
    expect(byKey.get("QOVERY_PROJECT_ID")).toMatchObject({ scope: "BUILT_IN", variable_type: "BUILT_IN", value: projectId });
    expect(byKey.get("QOVERY_ENVIRONMENT_ID")).toMatchObject({ value: envId });
    expect(JSON.stringify(all)).not.toContain("app-secret-value");
    const secrets = await visible(appId, "APPLICATION", "&is_secret=true");
    expect(secrets.every((v) => v.is_secret)).toBe(true);
    expect(secrets.map((v) => v.key)).toContain("S");
    expect((await visible(appId, "APPLICATION", "&is_secret=false")).some((v) => v.is_secret)).toBe(false);
  });

  it("a project sees only its own values and its built-in id", async () => {
    await created(c, `/environment/${envId}/environmentVariable`, { key: "E", value: "e" });
    await created(c, `/project/${projectId}/environmentVariable`, { key: "P", value: "p" });
    expect((await visible(projectId, "PROJECT")).map((v) => v.key).sort()).toEqual(["P", "QOVERY_PROJECT_ID"]);
  });

  it("built-ins name each service by its short id: hosts of applications and containers, databases' credentials as secrets", async () => {
    const short = `Z${appId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    const db = (await c.call("POST", `/environment/${envId}/database`, { name: "db", type: "POSTGRESQL", version: "16", mode: "MANAGED" })).body;
    const dbShort = `Z${db.id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    const hub = await dockerHubId(c);
    const ctr = (await c.call("POST", `/environment/${envId}/container`, containerBody("web", hub))).body;
    const job = (await c.call("POST", `/environment/${envId}/job`, jobBody("cron", hub))).body;
    const builtIns = (await visible(envId, "ENVIRONMENT")).filter((v) => v.scope === "BUILT_IN");
    const byKey = new Map(builtIns.map((v) => [v.key, v]));
    expect(byKey.get(`QOVERY_APPLICATION_${short}_HOST_INTERNAL`)).toMatchObject({ service_id: appId, service_type: "APPLICATION", is_secret: false });
    expect(byKey.get(`QOVERY_APPLICATION_${short}_HOST_EXTERNAL`)?.value).toMatch(new RegExp(`^${short.toLowerCase()}-z${envId.slice(0, 8)}\\.`));
    expect(byKey.get(`QOVERY_APPLICATION_${short}_ID`)?.value).toBe(appId);
    expect(byKey.get(`QOVERY_POSTGRESQL_${dbShort}_PORT`)?.value).toBe("5432");
    expect(byKey.get(`QOVERY_POSTGRESQL_${dbShort}_PASSWORD`)).toMatchObject({ is_secret: true, value: null, service_type: "DATABASE" });
    expect(byKey.get(`QOVERY_POSTGRESQL_${dbShort}_DATABASE_URL_INTERNAL`)).toMatchObject({ is_secret: true, value: null });
    const ctrShort = `Z${ctr.id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    expect(byKey.has(`QOVERY_CONTAINER_${ctrShort}_HOST_INTERNAL`)).toBe(true);
    expect(byKey.has(`QOVERY_CONTAINER_${ctrShort}_HOST_EXTERNAL`)).toBe(false); // no public port
    const jobShort = `Z${job.id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    expect(byKey.get(`QOVERY_JOB_${jobShort}_ID`)?.value).toBe(job.id);
    const ids = builtIns.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await visible(envId, "ENVIRONMENT")).filter((v) => v.scope === "BUILT_IN").map((v) => v.id)).toEqual(ids);
  });

  it("a parent of another scope than the one named is 404; a bad query is 400 naming the field", async () => {
    expect((await c.call("GET", `/variable?parent_id=${appId}&scope=ENVIRONMENT`)).status).toBe(404);
    const bad = await c.call("GET", `/variable?parent_id=${appId}&scope=NOWHERE`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^scope/);
  });
});

describe("aliases", () => {
  it("an alias points at a variable of a higher scope and answers its value", async () => {
    const target = await created(c, `/environment/${envId}/environmentVariable`, { key: "DB_HOST", value: "db.internal" });
    const alias = await created(c, `/application/${appId}/environmentVariable/${target.id}/alias`, { key: "DATABASE_HOST" });
    expect(alias).toMatchObject({
      key: "DATABASE_HOST", variable_type: "ALIAS", scope: "APPLICATION", value: "db.internal",
      aliased_variable: { id: target.id, key: "DB_HOST", scope: "ENVIRONMENT", variable_type: "VALUE" },
    });
    const seenByApp = (await visible(appId, "APPLICATION")).find((v) => v.id === alias.id);
    expect(seenByApp).toMatchObject({ aliased_variable: { id: target.id }, value: "db.internal" });
  });

  it("an alias of a built-in secret is a secret; the /secret route takes it and answers no value", async () => {
    const db = (await c.call("POST", `/environment/${envId}/database`, { name: "db", type: "POSTGRESQL", version: "16", mode: "MANAGED" })).body;
    const pw = (await visible(appId, "APPLICATION")).find((v) => v.service_id === db.id && v.key.endsWith("_PASSWORD"));
    expect((await c.call("POST", `/application/${appId}/environmentVariable/${pw.id}/alias`, { key: "PW" })).status).toBe(404);
    const alias = await created(c, `/application/${appId}/secret/${pw.id}/alias`, { key: "PW" });
    expect(alias).toMatchObject({ variable_type: "ALIAS", aliased_secret: { id: pw.id, scope: "BUILT_IN", variable_type: "BUILT_IN" } });
    expect(alias).not.toHaveProperty("value");
    expect((await visible(appId, "APPLICATION")).find((v) => v.id === alias.id)).toMatchObject({ is_secret: true, value: null });
  });

  it("refuses a target the parent does not see, an alias of an alias, and a taken key", async () => {
    const other = (await c.call("POST", `/environment/${envId}/application`, appBody("other"))).body.id;
    const hidden = await created(c, `/application/${other}/environmentVariable`, { key: "HIDDEN", value: "h" });
    const r = await c.call("POST", `/application/${appId}/environmentVariable/${hidden.id}/alias`, { key: "MINE" });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^environmentVariableId: .*not visible/);
    const p = await created(c, `/project/${projectId}/environmentVariable`, { key: "P", value: "p" });
    const a = await created(c, `/environment/${envId}/environmentVariable/${p.id}/alias`, { key: "P2" });
    const twice = await c.call("POST", `/application/${appId}/environmentVariable/${a.id}/alias`, { key: "P3" });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/is an alias/);
    await created(c, `/application/${appId}/environmentVariable`, { key: "TAKEN", value: "t" });
    expect((await c.call("POST", `/application/${appId}/environmentVariable/${p.id}/alias`, { key: "TAKEN" })).status).toBe(409);
  });

  it("an alias has no value of its own: an edit may rename it but not give it a value", async () => {
    const p = await created(c, `/project/${projectId}/environmentVariable`, { key: "P", value: "p" });
    const a = await created(c, `/application/${appId}/environmentVariable/${p.id}/alias`, { key: "A1" });
    const renamed = await c.call("PUT", `/application/${appId}/environmentVariable/${a.id}`, { key: "A2" });
    expect(renamed.body).toMatchObject({ key: "A2", value: "p", variable_type: "ALIAS" });
    const valued = await c.call("PUT", `/application/${appId}/environmentVariable/${a.id}`, { key: "A2", value: "x" });
    expect(valued.status).toBe(400);
    expect(valued.body.message).toMatch(/^value/);
  });
});

describe("overrides", () => {
  it("an override gives a new value to a higher scope's variable, keeping its key", async () => {
    const p = await created(c, `/project/${projectId}/environmentVariable`, { key: "LOG_LEVEL", value: "info" });
    const o = await created(c, `/application/${appId}/environmentVariable/${p.id}/override`, { value: "debug" });
    expect(o).toMatchObject({
      key: "LOG_LEVEL", value: "debug", variable_type: "OVERRIDE", scope: "APPLICATION",
      overridden_variable: { id: p.id, key: "LOG_LEVEL", value: "info", scope: "PROJECT" },
    });
    const renamed = await c.call("PUT", `/application/${appId}/environmentVariable/${o.id}`, { key: "OTHER", value: "x" });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toMatch(/^key/);
    expect((await c.call("PUT", `/application/${appId}/environmentVariable/${o.id}`, { key: "LOG_LEVEL", value: "warn" })).body.value).toBe("warn");
    await c.call("PUT", `/project/${projectId}/environmentVariable/${p.id}`, { key: "LEVEL", value: "info" });
    expect((await c.call("GET", `/application/${appId}/environmentVariable`)).body.results[0]).toMatchObject({ key: "LEVEL", value: "warn" });
  });

  it("an override of a secret is a secret; a file's override keeps its mount path", async () => {
    const s = await created(c, `/environment/${envId}/secret`, { key: "CERT", value: "env-cert-body", mount_path: "/etc/cert.pem" });
    const o = await created(c, `/application/${appId}/secret/${s.id}/override`, { value: "app-cert-body" });
    expect(o).toMatchObject({ key: "CERT", variable_type: "OVERRIDE", overridden_secret: { id: s.id, mount_path: "/etc/cert.pem" } });
    expect(o).not.toHaveProperty("value");
    expect(o).not.toHaveProperty("mount_path");
    expect((await visible(appId, "APPLICATION")).find((v) => v.id === o.id)).toMatchObject({ mount_path: "/etc/cert.pem", is_secret: true, value: null });
    const dump = await (await control(c.emu, "GET", "/state")).text();
    expect(dump).not.toContain("app-cert-body");
    expect(dump).not.toContain("env-cert-body");
  });

  it("refuses a variable of the same scope, a built-in one and a second override at the same parent", async () => {
    const own = await created(c, `/application/${appId}/environmentVariable`, { key: "OWN", value: "o" });
    const same = await c.call("POST", `/application/${appId}/environmentVariable/${own.id}/override`, { value: "x" });
    expect(same.status).toBe(400);
    expect(same.body.message).toMatch(/scope above APPLICATION/);
    const builtIn = (await visible(appId, "APPLICATION")).find((v) => v.key === "QOVERY_PROJECT_ID");
    const b = await c.call("POST", `/application/${appId}/environmentVariable/${builtIn.id}/override`, { value: "x" });
    expect(b.status).toBe(400);
    expect(b.body.message).toMatch(/built in/);
    const p = await created(c, `/project/${projectId}/environmentVariable`, { key: "P", value: "p" });
    await created(c, `/environment/${envId}/environmentVariable/${p.id}/override`, { value: "e" });
    expect((await c.call("POST", `/environment/${envId}/environmentVariable/${p.id}/override`, { value: "e2" })).status).toBe(409);
  });
});

describe("an owner's lists, as the live service answers them", () => {
  it("hold the owner's entries, the inherited ones with their scope, aliases and overrides with their target, and the built-ins", async () => {
    const pv = await created(c, `/project/${projectId}/environmentVariable`, { key: "REGION", value: "eu" });
    const es = await created(c, `/environment/${envId}/secret`, { key: "TOKEN", value: "env-secret-value" });
    await created(c, `/application/${appId}/environmentVariable`, { key: "PORT", value: "8080" });
    await created(c, `/application/${appId}/environmentVariable/${pv.id}/override`, { value: "us" });
    await created(c, `/application/${appId}/secret/${es.id}/alias`, { key: "API_TOKEN" });
    const db = (await c.call("POST", `/environment/${envId}/database`, { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" })).body;
    const short = (id: string) => `Z${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;

    const vars = (await c.call("GET", `/application/${appId}/environmentVariable`)).body.results as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const at = (key: string, scope: string) => vars.find((v) => v.key === key && v.scope === scope);
    expect(at("PORT", "APPLICATION")).toMatchObject({ value: "8080", variable_type: "VALUE" });
    expect(at("REGION", "PROJECT")).toMatchObject({ id: pv.id, value: "eu", variable_type: "VALUE" });
    expect(at("REGION", "APPLICATION")).toMatchObject({ value: "us", variable_type: "OVERRIDE", overridden_variable: { id: pv.id, key: "REGION", scope: "PROJECT" } });
    expect(at(`QOVERY_APPLICATION_${short(appId)}_HOST_INTERNAL`, "BUILT_IN")).toMatchObject({ variable_type: "BUILT_IN", value: expect.stringMatching(/^app-z/) });
    expect(at(`QOVERY_POSTGRESQL_${short(db.id)}_HOST_INTERNAL`, "BUILT_IN")).toMatchObject({ value: expect.stringContaining("postgresql") });
    expect(at("QOVERY_PROJECT_ID", "BUILT_IN")).toMatchObject({ value: projectId });
    expect(vars.some((v) => v.key === "TOKEN" || v.key === "API_TOKEN")).toBe(false);

    const secrets = (await c.call("GET", `/application/${appId}/secret`)).body.results as Array<Record<string, unknown>>;
    expect(secrets.find((v) => v.key === "TOKEN")).toMatchObject({ id: es.id, scope: "ENVIRONMENT" });
    expect(secrets.find((v) => v.key === "API_TOKEN")).toMatchObject({ scope: "APPLICATION", variable_type: "ALIAS", aliased_secret: { id: es.id, key: "TOKEN" } });
    expect(secrets.find((v) => v.key === `QOVERY_POSTGRESQL_${short(db.id)}_PASSWORD`)).toMatchObject({ scope: "BUILT_IN" });
    expect(JSON.stringify(secrets)).not.toContain("env-secret-value");
    expect(secrets.every((v) => !("value" in v))).toBe(true);

    const envVars = (await c.call("GET", `/environment/${envId}/environmentVariable`)).body.results as Array<{ key: string; scope: string }>;
    expect(envVars.filter((v) => v.scope !== "BUILT_IN").map((v) => [v.key, v.scope])).toEqual([["REGION", "PROJECT"]]);
    expect(envVars.map((v) => v.key)).toEqual(expect.arrayContaining(["QOVERY_ENVIRONMENT_ID", `QOVERY_POSTGRESQL_${short(db.id)}_HOST_INTERNAL`]));
  });
});

describe("deletes", () => {
  it("deleting a variable deletes the aliases and overrides made of it", async () => {
    const p = await created(c, `/project/${projectId}/environmentVariable`, { key: "P", value: "p" });
    await created(c, `/application/${appId}/environmentVariable/${p.id}/alias`, { key: "A" });
    await created(c, `/environment/${envId}/environmentVariable/${p.id}/override`, { value: "e" });
    expect((await c.call("DELETE", `/project/${projectId}/environmentVariable/${p.id}`)).status).toBe(204);
    expect(await listedAt(`/application/${appId}/environmentVariable`, "APPLICATION")).toEqual([]);
    expect(await listedAt(`/environment/${envId}/environmentVariable`, "ENVIRONMENT")).toEqual([]);
  });

  it("deleting a database takes the aliases of its built-ins along", async () => {
    const db = (await c.call("POST", `/environment/${envId}/database`, { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" })).body;
    const port = (await visible(appId, "APPLICATION")).find((v) => v.service_id === db.id && v.key.endsWith("_PORT"));
    await created(c, `/application/${appId}/environmentVariable/${port.id}/alias`, { key: "DB_PORT" });
    await created(c, `/application/${appId}/environmentVariable`, { key: "KEPT", value: "k" });
    expect((await c.call("DELETE", `/database/${db.id}`)).status).toBeLessThan(300);
    expect((await c.call("GET", `/database/${db.id}`)).status).toBe(404);
    expect((await c.call("POST", `/application/${appId}/environmentVariable`, { key: "DB_PORT", value: "5432" })).status).toBe(201);
    expect((await listedAt(`/application/${appId}/environmentVariable`, "APPLICATION")).map((v: { key: string }) => v.key)).toEqual(["KEPT", "DB_PORT"]);
  });

  it("deleting an environment takes its variables along", async () => {
    await created(c, `/environment/${envId}/environmentVariable`, { key: "E", value: "e" });
    await created(c, `/project/${projectId}/environmentVariable`, { key: "P", value: "p" });
    expect((await c.call("DELETE", `/environment/${envId}`)).status).toBeLessThan(300);
    expect((await c.call("GET", `/environment/${envId}`)).status).toBe(404);
    await created(c, `/project/${projectId}/environmentVariable`, { key: "Q", value: "q" }); // a write prunes what is left
    const after = JSON.parse(await (await control(c.emu, "GET", "/state")).text());
    const keys = Object.values(after.variables as Record<string, { key: string }>).map((v) => v.key).sort();
    expect(keys).toEqual(["P", "Q"]);
  });
});

describe("the scope-generic writes (/variable)", () => {
  it("create, edit and delete at any scope; secrets answer a null value", async () => {
    const v = await created(c, "/variable", { key: "A", value: "1", is_secret: false, variable_scope: "ENVIRONMENT", variable_parent_id: envId });
    expect(v).toMatchObject({ key: "A", value: "1", scope: "ENVIRONMENT", variable_type: "VALUE", is_secret: false });
    const s = await created(c, "/variable", {
      key: "CONF", value: "generic-secret-body", is_secret: true, variable_scope: "APPLICATION", variable_parent_id: appId, mount_path: "/etc/conf",
    });
    expect(s).toMatchObject({ value: null, is_secret: true, variable_type: "FILE", mount_path: "/etc/conf", service_id: appId });
    expect((await c.call("GET", `/application/${appId}/secret`)).body.results.map((x: { id: string }) => x.id)).toEqual([s.id]);
    const e = await c.call("PUT", `/variable/${v.id}`, { key: "A", value: "2", description: "d" });
    expect(e.body).toMatchObject({ value: "2", description: "d" });
    expect((await c.call("DELETE", `/variable/${v.id}`)).status).toBe(204);
    expect((await c.call("DELETE", `/variable/${v.id}`)).status).toBe(404);
  });

  it("aliases and overrides name their parent in the body", async () => {
    const p = await created(c, "/variable", { key: "P", value: "p", is_secret: false, variable_scope: "PROJECT", variable_parent_id: projectId });
    const a = await created(c, `/variable/${p.id}/alias`, { key: "A", alias_scope: "APPLICATION", alias_parent_id: appId });
    expect(a).toMatchObject({ variable_type: "ALIAS", aliased_variable: { id: p.id, value: "p" }, scope: "APPLICATION" });
    const o = await created(c, `/variable/${p.id}/override`, { value: "e", override_scope: "ENVIRONMENT", override_parent_id: envId });
    expect(o).toMatchObject({ key: "P", value: "e", variable_type: "OVERRIDE", overridden_variable: { id: p.id } });
    const wrong = await c.call("POST", `/variable/${p.id}/alias`, { key: "B", alias_scope: "ENVIRONMENT", alias_parent_id: appId });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toMatch(/^alias_parent_id/);
  });

  it("built-ins are read-only (400), unknown ids 404, and a bad scope is refused naming the field", async () => {
    const builtIn = (await visible(appId, "APPLICATION")).find((v) => v.scope === "BUILT_IN");
    const put = await c.call("PUT", `/variable/${builtIn.id}`, { key: "X" });
    expect(put.status).toBe(400);
    expect(put.body.message).toMatch(/^variableId: .*read-only/);
    expect((await c.call("DELETE", `/variable/${builtIn.id}`)).status).toBe(400);
    expect((await c.call("PUT", "/variable/00000000-0000-4000-8000-000000000000", { key: "X" })).status).toBe(404);
    const bad = await c.call("POST", "/variable", { key: "A", value: "1", is_secret: false, variable_scope: "AGENTIC_WORKFLOW", variable_parent_id: appId });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^variable_scope/);
  });
});

describe("imports", () => {
  it("puts each variable at its scope, skips taken keys unless told to overwrite, and never answers a secret", async () => {
    await created(c, `/application/${appId}/environmentVariable`, { key: "A", value: "old" });
    const vars = [
      { name: "A", value: "new", scope: "APPLICATION", is_secret: false },
      { name: "E", value: "e", scope: "ENVIRONMENT", is_secret: false },
      { name: "P", value: "import-secret-value", scope: "PROJECT", is_secret: true },
    ];
    const first = await created(c, `/application/${appId}/environmentVariable/import`, { overwrite: false, vars });
    expect(first.total_variables_to_import).toBe(3);
    expect(first.successful_imported_variables.map((v: { name: string }) => v.name)).toEqual(["E", "P"]);
    expect(JSON.stringify(first)).not.toContain("import-secret-value");
    expect((await c.call("GET", `/application/${appId}/environmentVariable`)).body.results[0].value).toBe("old");
    const second = await created(c, `/variable/import?service_id=${appId}&service_type=APPLICATION`, { overwrite: true, vars });
    expect(second.successful_imported_variables).toHaveLength(3);
    expect((await c.call("GET", `/application/${appId}/environmentVariable`)).body.results[0].value).toBe("new");
    expect((await c.call("GET", `/project/${projectId}/secret`)).body.results.map((v: { key: string }) => v.key)).toEqual(["P"]);
  });

  it("refuses a scope that is not the service's or above it, before importing anything", async () => {
    const r = await c.call("POST", `/application/${appId}/environmentVariable/import`, {
      overwrite: false, vars: [{ name: "OK", value: "1", scope: "ENVIRONMENT", is_secret: false }, { name: "X", value: "1", scope: "JOB", is_secret: false }],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^vars\[1\]\.scope/);
    expect(await listedAt(`/environment/${envId}/environmentVariable`, "ENVIRONMENT")).toEqual([]);
  });
});

describe("older data files", () => {
  it("variables without a type load as values or files, named by their service", async () => {
    const state = JSON.parse(await (await control(c.emu, "GET", "/state")).text());
    const now = new Date().toISOString();
    const old = (id: string, extra: Record<string, unknown>) => ({ id, created_at: now, updated_at: now, kind: "VARIABLE", key: "K", value: "v", ...extra });
    state.variables = {
      "11111111-1111-4111-8111-111111111111": old("11111111-1111-4111-8111-111111111111", { application_id: appId, mount_path: null }),
      "22222222-2222-4222-8222-222222222222": old("22222222-2222-4222-8222-222222222222", { service_id: appId, mount_path: "/f" }),
    };
    const loaded = stateFromJson(state);
    const types = [...loaded.variables.values()].map((v) => `${v.service_id === appId}:${v.variable_type}`);
    expect(types).toEqual(["true:VALUE", "true:FILE"]);
  });
});
