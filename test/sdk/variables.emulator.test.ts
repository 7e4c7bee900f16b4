/**
 * Variables at every scope through the client against the emulator: a project's value overridden by an application,
 * an environment's secret aliased, a database's built-in password aliased as a secret, what the application sees,
 * the scope-generic writes and an import; secret values never come back.
 */
import { Agent, type Dispatcher } from "undici";
import { findTemplate, validate } from "../emulator/support/openapi-validator";
import { loadReference, requestSchemaOf } from "../emulator/support/reference-schema";
import { scaffold, useEmulator } from "./support/emulator-harness";

const harness = useEmulator();
const SECRET = "s3cr3t-Env-Value!";

test("project, environment and application values, aliases and overrides, as the application sees them", async () => {
  const { project, environment, client } = await scaffold(harness());
  const app = await client.applications.create(environment.id, {
    name: "api", git_repository: { url: "https://github.com/acme/api.git", provider: "GITHUB", branch: "main" },
    healthchecks: {}, ports: [{ internal_port: 8080, publicly_accessible: true }],
  });
  const level = await client.projects.variables.create(project.id, { key: "LOG_LEVEL", value: "info" });
  expect(level).toMatchObject({ scope: "PROJECT", variable_type: "VALUE" });
  const token = await client.environments.secrets.create(environment.id, { key: "API_TOKEN", value: SECRET });
  expect(JSON.stringify(token)).not.toContain(SECRET);
  const override = await client.environmentVariables.override(app.id, level.id, { value: "debug" });
  expect(override).toMatchObject({ key: "LOG_LEVEL", value: "debug", variable_type: "OVERRIDE", overridden_variable: { id: level.id } });
  const alias = await client.secrets.alias(app.id, token.id, { key: "TOKEN" });
  expect(alias).toMatchObject({ key: "TOKEN", variable_type: "ALIAS", aliased_secret: { id: token.id } });

  const seen = await client.variables.list({ parentId: app.id, scope: "APPLICATION" });
  const mine = seen.filter((v) => v.scope !== "BUILT_IN").map((v) => `${v.scope}:${v.key}:${v.variable_type}:${v.value}`).sort();
  expect(mine).toEqual([
    "APPLICATION:LOG_LEVEL:OVERRIDE:debug", "APPLICATION:TOKEN:ALIAS:null", "ENVIRONMENT:API_TOKEN:VALUE:null", "PROJECT:LOG_LEVEL:VALUE:info",
  ]);
  const builtIns = seen.filter((v) => v.scope === "BUILT_IN" && v.service_id === app.id).map((v) => v.key);
  expect(builtIns).toEqual(expect.arrayContaining([expect.stringMatching(/^QOVERY_APPLICATION_Z[0-9A-F]{8}_HOST_INTERNAL$/)]));
  expect(JSON.stringify(seen)).not.toContain(SECRET);
  const secretsOnly = await client.variables.list({ parentId: app.id, scope: "APPLICATION", isSecret: true });
  expect(secretsOnly.every((v) => v.is_secret)).toBe(true);

  await client.projects.variables.delete(project.id, level.id);
  expect(await client.environmentVariables.list(app.id)).toEqual([]);
});

test("a database's built-in password aliased as a secret, and the scope-generic writes", async () => {
  const { project, environment, client } = await scaffold(harness());
  const db = await client.databases.create(environment.id, { name: "db", type: "POSTGRESQL", version: "16", mode: "MANAGED" });
  const password = (await client.variables.list({ parentId: environment.id, scope: "ENVIRONMENT", isSecret: true }))
    .find((v) => v.service_id === db.id && v.key.endsWith("_PASSWORD"));
  expect(password).toMatchObject({ scope: "BUILT_IN", variable_type: "BUILT_IN", value: null });
  const alias = await client.variables.alias(password!.id, { key: "DB_PASSWORD", alias_scope: "ENVIRONMENT", alias_parent_id: environment.id });
  expect(alias).toMatchObject({ is_secret: true, value: null, aliased_variable: { id: password!.id } });

  const file = await client.variables.create({
    key: "CONFIG", value: "a=b", is_secret: false, variable_scope: "PROJECT", variable_parent_id: project.id, mount_path: "/etc/app.conf",
  });
  expect(file).toMatchObject({ variable_type: "FILE", mount_path: "/etc/app.conf", scope: "PROJECT" });
  const edited = await client.variables.update(file.id, { key: "CONFIG", value: "a=c", description: "app config" });
  expect(edited).toMatchObject({ value: "a=c", description: "app config" });
  const override = await client.variables.override(file.id, { value: "a=d", override_scope: "ENVIRONMENT", override_parent_id: environment.id });
  expect(override).toMatchObject({ key: "CONFIG", mount_path: "/etc/app.conf", variable_type: "OVERRIDE" });
  await client.variables.delete(file.id);
  expect((await client.environments.variables.list(environment.id)).map((v) => v.key)).toEqual([]);
  await expect(client.variables.delete(file.id)).rejects.toMatchObject({ name: "NotFoundError" });
});

test("an import puts each variable at its scope and skips taken keys unless told to overwrite", async () => {
  const { project, environment, client } = await scaffold(harness());
  const job = await client.jobs.create(environment.id, {
    name: "cron", healthchecks: {},
    source: { image: { image_name: "acme/report", tag: "1.0.0", registry_id: (await client.containerRegistries.list(harness().emu.ids.organizationId))[0]!.id } },
    schedule: { cronjob: { scheduled_at: "0 3 * * *" } },
  });
  await client.jobs.variables.create(job.id, { key: "A", value: "old" });
  const vars = [
    { name: "A", value: "new", scope: "JOB" as const, is_secret: false },
    { name: "S", value: SECRET, scope: "PROJECT" as const, is_secret: true },
  ];
  const first = await client.variables.import({ serviceId: job.id, serviceType: "JOB", vars });
  expect(first.successful_imported_variables.map((v) => v.name)).toEqual(["S"]);
  expect(JSON.stringify(first)).not.toContain(SECRET);
  await client.variables.import({ serviceId: job.id, serviceType: "JOB", overwrite: true, vars });
  expect((await client.jobs.variables.list(job.id))[0]).toMatchObject({ key: "A", value: "new" });
  expect((await client.projects.secrets.list(project.id)).map((s) => s.key)).toEqual(["S"]);
});

interface Sent { method: string; path: string; body: unknown }

/** An agent that records each request's method, path (without its query) and JSON body before sending it. */
function recordingAgent(sent: Sent[]): Dispatcher {
  return new Agent().compose((dispatch) => (opts, handler) => {
    const body = typeof opts.body === "string" && opts.body !== "" ? JSON.parse(opts.body) : undefined;
    sent.push({ method: String(opts.method), path: String(opts.path).split("?")[0] as string, body });
    return dispatch(opts, handler);
  });
}

test("every request the client sends for variables is an operation of the reference with a body it takes", async () => {
  const sent: Sent[] = [];
  const client = harness().client({ dispatcher: recordingAgent(sent) });
  const { project, environment } = await scaffold(harness(), client);
  const app = await client.applications.create(environment.id, {
    name: "api", git_repository: { url: "https://github.com/acme/api.git", provider: "GITHUB", branch: "main" }, healthchecks: {},
  });
  sent.length = 0;
  for (const [group, owner] of [[client.projects, project.id], [client.environments, environment.id]] as const) {
    const v = await group.variables.create(owner, { key: "V", value: "1", mount_path: "/etc/v", description: "d" });
    await group.variables.update(owner, v.id, { key: "V", value: "2" });
    const s = await group.secrets.create(owner, { key: "S", value: "x" });
    await group.secrets.update(owner, s.id, { key: "S", value: "y" });
    await group.variables.list(owner);
  }
  const pv = (await client.projects.variables.list(project.id))[0]!;
  const ps = (await client.projects.secrets.list(project.id))[0]!;
  await client.environmentVariables.alias(app.id, pv.id, { key: "ALIAS", description: "a" });
  await client.environmentVariables.override(app.id, pv.id, { value: "o" });
  await client.secrets.alias(app.id, ps.id, { key: "SECRET_ALIAS" });
  await client.secrets.override(app.id, ps.id, { value: "so" });
  const g = await client.variables.create({ key: "G", value: "g", is_secret: false, variable_scope: "ENVIRONMENT", variable_parent_id: environment.id });
  await client.variables.update(g.id, { key: "G", value: "h", description: "d" });
  await client.variables.alias(g.id, { key: "GA", alias_scope: "APPLICATION", alias_parent_id: app.id });
  await client.variables.override(g.id, { value: "o", override_scope: "APPLICATION", override_parent_id: app.id });
  await client.variables.list({ parentId: app.id, scope: "APPLICATION", isSecret: false });
  await client.variables.import({ serviceId: app.id, serviceType: "APPLICATION", vars: [{ name: "I", value: "1", scope: "PROJECT", is_secret: false }] });
  await client.variables.delete(g.id);
  await client.projects.secrets.delete(project.id, ps.id);

  expect(sent.filter((x) => x.body !== undefined).length).toBeGreaterThanOrEqual(16);
  const doc = loadReference("the variables requests against the reference");
  if (!doc) return;
  const problems = sent.flatMap((x) => {
    const template = findTemplate(doc, x.method, x.path);
    if (template === undefined) return [`${x.method} ${x.path}: no such operation in the reference`];
    if (x.body === undefined) return [];
    const schema = requestSchemaOf(doc, x.method, template);
    if (schema === undefined) return [`${x.method} ${template}: the client sends a body the reference does not take`];
    return validate(doc, schema, x.body).map((p) => `${x.method} ${template}: ${p}`);
  });
  expect(problems).toEqual([]);
});
