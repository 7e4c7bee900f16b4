/**
 * The official Terraform provider's call sequence against the emulator (facts read from its public source): an
 * application created with variables, secrets, an alias and an override of environment-level values, advanced
 * settings, a deployment restriction and a custom domain, then read the way the provider reads it (its own lists,
 * which must hold the built-ins it takes its hosts from and the inherited values it maps aliases and overrides to;
 * the stage, the advanced settings, restrictions, custom domains; the environment's built-ins for a database's host;
 * a stage's description; the cluster's cloudProviderInfo, routingTable and advancedSettings); an import (the same
 * reads by id); and a plan after the import (the same reads again: nothing changed). Every answer is checked against
 * the reference strictly (`referenceProblems`: with CI=true a missing reference fails).
 */
import { appBody, seen, useEmulator } from "../support/helpers";
import { referenceProblems } from "../support/reference-check";

const c = useEmulator();

async function ok(method: string, path: string, body?: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call(method, path, body);
  expect([method, path, r.status < 300]).toEqual([method, path, true]);
  return r.body;
}

/** How the provider names a service's built-ins: `Z` and the id's first segment, upper case. */
const zId = (id: string) => `Z${(id.split("-")[0] as string).toUpperCase()}`;

/** Everything the provider reads for an application, its database, its stage and its cluster, by id. */
async function providerReads(ids: { app: string; env: string; db: string; project: string; cluster: string }) {
  const cluster = `/organization/${c.org}/cluster/${ids.cluster}`;
  return {
    application: await ok("GET", `/application/${ids.app}`),
    variables: (await ok("GET", `/application/${ids.app}/environmentVariable`)).results,
    secrets: (await ok("GET", `/application/${ids.app}/secret`)).results,
    customDomains: (await ok("GET", `/application/${ids.app}/customDomain`)).results,
    stage: await ok("GET", `/service/${ids.app}/deploymentStage`),
    advancedSettings: await ok("GET", `/application/${ids.app}/advancedSettings`),
    defaultAdvancedSettings: await ok("GET", "/defaultApplicationAdvancedSettings"),
    restrictions: (await ok("GET", `/application/${ids.app}/deploymentRestriction`)).results,
    environmentVariables: (await ok("GET", `/environment/${ids.env}/environmentVariable`)).results,
    database: await ok("GET", `/database/${ids.db}`),
    stages: (await ok("GET", `/environment/${ids.env}/deploymentStage`)).results,
    project: await ok("GET", `/project/${ids.project}`),
    cloudProviderInfo: await ok("GET", `${cluster}/cloudProviderInfo`),
    routingTable: await ok("GET", `${cluster}/routingTable`),
    clusterAdvancedSettings: await ok("GET", `${cluster}/advancedSettings`),
  };
}

it("create, read, import and plan as the official Terraform provider does: every field it reads is there, nothing changes", async () => {
  seen.length = 0;
  const project = await ok("POST", `/organization/${c.org}/project`, { name: "tf-project" });
  const env = await ok("POST", `/project/${project.id}/environment`, { name: "tf-env", mode: "DEVELOPMENT", cluster: c.emu.ids.clusterIds[0] });
  const level = await ok("POST", `/environment/${env.id}/environmentVariable`, { key: "LOG_LEVEL", value: "info" });
  const shared = await ok("POST", `/environment/${env.id}/secret`, { key: "SHARED_TOKEN", value: "env-secret-value" });
  const db = await ok("POST", `/environment/${env.id}/database`, { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" });
  const app = await ok("POST", `/environment/${env.id}/application`, appBody("tf-app", {
    ports: [{ internal_port: 8080, external_port: 443, protocol: "HTTP", publicly_accessible: true, is_default: true }],
  }));
  await ok("POST", `/application/${app.id}/environmentVariable`, { key: "PORT", value: "8080" });
  await ok("POST", `/application/${app.id}/secret`, { key: "API_KEY", value: "app-secret-value" });
  await ok("POST", `/application/${app.id}/environmentVariable/${level.id}/override`, { value: "debug" });
  await ok("POST", `/application/${app.id}/secret/${shared.id}/alias`, { key: "TOKEN" });
  await ok("PUT", `/application/${app.id}/advancedSettings`, { ...(await ok("GET", `/application/${app.id}/advancedSettings`)), "deployment.termination_grace_period_seconds": 90 });
  await ok("POST", `/application/${app.id}/deploymentRestriction`, { mode: "MATCH", type: "PATH", value: "src/" });
  await ok("POST", `/application/${app.id}/customDomain`, { domain: "tf.example.com", generate_certificate: true });
  const ids = { app: app.id, env: env.id, db: db.id, project: project.id, cluster: c.emu.ids.clusterIds[0] };

  const read = await providerReads(ids);
  // hosts: taken from the application's own list, by key
  const byKey = (list: Array<{ key: string; scope: string }>, key: string, scope: string) => list.find((v) => v.key === key && v.scope === scope);
  expect(byKey(read.variables, `QOVERY_APPLICATION_${zId(app.id)}_HOST_INTERNAL`, "BUILT_IN")).toMatchObject({ value: expect.stringMatching(/\S/) });
  expect(byKey(read.variables, `QOVERY_APPLICATION_${zId(app.id)}_HOST_EXTERNAL`, "BUILT_IN")).toMatchObject({ value: expect.stringMatching(/\S/) });
  // aliases and overrides: the inherited values are listed with their scope, the owner's point at them
  expect(byKey(read.variables, "LOG_LEVEL", "ENVIRONMENT")).toMatchObject({ id: level.id, variable_type: "VALUE" });
  expect(byKey(read.variables, "LOG_LEVEL", "APPLICATION")).toMatchObject({ variable_type: "OVERRIDE", overridden_variable: { id: level.id } });
  expect(byKey(read.variables, "PORT", "APPLICATION")).toMatchObject({ value: "8080", variable_type: "VALUE" });
  expect(byKey(read.secrets, "SHARED_TOKEN", "ENVIRONMENT")).toMatchObject({ id: shared.id, variable_type: "VALUE" });
  expect(byKey(read.secrets, "TOKEN", "APPLICATION")).toMatchObject({ variable_type: "ALIAS", aliased_secret: { id: shared.id } });
  expect(byKey(read.secrets, "API_KEY", "APPLICATION")).toMatchObject({ variable_type: "VALUE" });
  expect(JSON.stringify(read)).not.toMatch(/env-secret-value|app-secret-value/);
  // a database's internal host: from the environment's built-ins
  expect(byKey(read.environmentVariables, `QOVERY_POSTGRESQL_${zId(db.id)}_HOST_INTERNAL`, "BUILT_IN")).toMatchObject({ value: read.database.host });
  expect(read.database.instance_type).toEqual(expect.any(String));
  // the rest it reads
  expect(read.stage).toMatchObject({ id: expect.any(String), name: "DEFAULT" });
  expect(read.stages.map((s: { description?: unknown }) => typeof s.description)).toEqual(["string"]);
  expect(read.project.description).toBe("");
  expect(read.advancedSettings["deployment.termination_grace_period_seconds"]).toBe(90);
  expect(Object.keys(read.defaultAdvancedSettings)).toEqual(expect.arrayContaining(Object.keys(read.advancedSettings)));
  expect(read.restrictions).toEqual([expect.objectContaining({ mode: "MATCH", type: "PATH", value: "src/" })]);
  expect(read.customDomains).toEqual([expect.objectContaining({ domain: "tf.example.com" })]);
  expect(read.cloudProviderInfo).toEqual(expect.objectContaining({ cloud_provider: expect.any(String), region: expect.any(String) }));
  expect(read.routingTable).toEqual(expect.objectContaining({ results: expect.any(Array) }));
  expect(typeof read.clusterAdvancedSettings).toBe("object");

  // import (read by id) and a plan after it: the same reads, the same answers
  const imported = await providerReads(ids);
  const planned = await providerReads(ids);
  expect(imported).toEqual(read);
  expect(planned).toEqual(read);

  expect(referenceProblems(seen, "terraform provider sequence")).toEqual([]);
});
