/**
 * Contract of the variable routes with the reference OpenAPI: every operation of variables and secrets at every
 * scope (owner routes, aliases, overrides, imports, `/variable`) is driven, and each answer must match its declared
 * status and schema, strictly: no property the schema does not declare (secrets carry no `mount_path`, no `value`).
 */
import { appBody, containerBody, dockerHubId, jobBody, projectAndEnv, seen, useEmulator } from "../support/helpers";
import { findTemplate, validate } from "../support/openapi-validator";
import { loadReference, referenceProblems, type RecordedAnswer } from "../support/reference-check";

const c = useEmulator({ resetEach: false });

/** Problems of properties the reference does not declare for each answer's operation. */
function undeclaredProblems(answers: readonly RecordedAnswer[]): string[] {
  const doc = loadReference("undeclared properties of variables answers");
  if (!doc) return [];
  return answers.flatMap((a) => {
    const template = findTemplate(doc, a.method, a.path);
    const schema = template ? doc.paths[template]?.[a.method.toLowerCase()]?.responses?.[String(a.status)]?.content?.["application/json"]?.schema : undefined;
    return schema ? validate(doc, schema, a.body, "$", 0, { strict: true }).map((p) => `${a.method} ${template}: ${p}`) : [];
  });
}

/** Drives the variable operations of one owner (`/project/{id}`, `/environment/{id}`, `/application/{id}`, ...). */
async function ownerScenario(owner: string, higherVariableId: string | undefined, higherSecretId: string | undefined, builtInId: string): Promise<void> {
  const v = (await c.call("POST", `${owner}/environmentVariable`, { key: "V", value: "1", description: "d" })).body;
  await c.call("POST", `${owner}/environmentVariable`, { key: "F", value: "a=b", mount_path: "/etc/f" });
  await c.call("GET", `${owner}/environmentVariable`);
  await c.call("PUT", `${owner}/environmentVariable/${v.id}`, { key: "V", value: "2" });
  const s = (await c.call("POST", `${owner}/secret`, { key: "S", value: "x", mount_path: "/etc/s" })).body;
  await c.call("GET", `${owner}/secret`);
  await c.call("PUT", `${owner}/secret/${s.id}`, { key: "S", value: "y" });
  await c.call("POST", `${owner}/environmentVariable/${builtInId}/alias`, { key: "BUILT_IN_ALIAS" });
  if (higherVariableId) {
    await c.call("POST", `${owner}/environmentVariable/${higherVariableId}/alias`, { key: "ALIAS" });
    await c.call("POST", `${owner}/environmentVariable/${higherVariableId}/override`, { value: "o" });
  }
  if (higherSecretId) {
    await c.call("POST", `${owner}/secret/${higherSecretId}/alias`, { key: "SECRET_ALIAS" });
    await c.call("POST", `${owner}/secret/${higherSecretId}/override`, { value: "so" });
  } else {
    await c.call("POST", `${owner}/secret/${s.id}/alias`, { key: "OWN_SECRET_ALIAS" });
  }
  await c.call("GET", `${owner}/environmentVariable`);
  await c.call("GET", `${owner}/secret`);
  await c.call("DELETE", `${owner}/environmentVariable/${v.id}`);
}

async function scenario(): Promise<void> {
  const { projectId, envId } = await projectAndEnv(c, "contract-variables");
  const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
  const hub = await dockerHubId(c);
  const ctr = (await c.call("POST", `/environment/${envId}/container`, containerBody("web", hub, { ports: [{ internal_port: 80, publicly_accessible: true }] }))).body;
  const job = (await c.call("POST", `/environment/${envId}/job`, jobBody("cron", hub))).body;
  await c.call("POST", `/environment/${envId}/database`, { name: "db", type: "POSTGRESQL", version: "16", mode: "MANAGED" });
  const projectBuiltIn = (await c.call("GET", `/variable?parent_id=${projectId}&scope=PROJECT`)).body.results[0].id;
  await ownerScenario(`/project/${projectId}`, undefined, undefined, projectBuiltIn);
  const pv = (await c.call("POST", `/project/${projectId}/environmentVariable`, { key: "PV", value: "p" })).body;
  const ps = (await c.call("POST", `/project/${projectId}/secret`, { key: "PS", value: "p", mount_path: "/p" })).body;
  await ownerScenario(`/environment/${envId}`, pv.id, ps.id, projectBuiltIn);
  for (const owner of [`/application/${app.id}`, `/container/${ctr.id}`, `/job/${job.id}`]) {
    await ownerScenario(owner, pv.id, ps.id, projectBuiltIn);
    await c.call("POST", `${owner}/environmentVariable/import`, {
      overwrite: true, vars: [{ name: "I", value: "1", scope: owner.startsWith("/application") ? "APPLICATION" : owner.startsWith("/container") ? "CONTAINER" : "JOB", is_secret: false }, { name: "IS", value: "s", scope: "ENVIRONMENT", is_secret: true }],
    });
  }
  for (const [id, scope] of [[projectId, "PROJECT"], [envId, "ENVIRONMENT"], [app.id, "APPLICATION"], [ctr.id, "CONTAINER"], [job.id, "JOB"]]) {
    await c.call("GET", `/variable?parent_id=${id}&scope=${scope}`);
    await c.call("GET", `/variable?parent_id=${id}&scope=${scope}&is_secret=true`);
  }
  const gv = (await c.call("POST", "/variable", { key: "G", value: "g", is_secret: false, variable_scope: "ENVIRONMENT", variable_parent_id: envId, description: "d" })).body;
  const gs = (await c.call("POST", "/variable", { key: "GS", value: "g", is_secret: true, variable_scope: "PROJECT", variable_parent_id: projectId, mount_path: "/gs" })).body;
  await c.call("PUT", `/variable/${gv.id}`, { key: "G", value: "h", enable_interpolation_in_file: true });
  await c.call("PUT", `/variable/${gs.id}`, { key: "GS", value: "h" });
  await c.call("POST", `/variable/${gv.id}/alias`, { key: "GA", alias_scope: "APPLICATION", alias_parent_id: app.id });
  await c.call("POST", `/variable/${gs.id}/alias`, { key: "GSA", alias_scope: "JOB", alias_parent_id: job.id });
  await c.call("POST", `/variable/${gv.id}/override`, { value: "o", override_scope: "CONTAINER", override_parent_id: ctr.id });
  await c.call("POST", `/variable/${gs.id}/override`, { value: "o", override_scope: "ENVIRONMENT", override_parent_id: envId });
  await c.call("POST", `/variable/import?service_id=${app.id}&service_type=APPLICATION`, { overwrite: false, vars: [{ name: "GI", value: "1", scope: "PROJECT", is_secret: false }] });
  await c.call("GET", `/variable?parent_id=${app.id}&scope=APPLICATION`);
  await c.call("DELETE", `/variable/${gv.id}`);
  await c.call("DELETE", `/variable/${gs.id}`);
}

describe("contract of the variable routes with the reference OpenAPI", () => {
  it("every answer matches its status and schema, with no undeclared property", async () => {
    seen.length = 0;
    await scenario();
    const answers = [...seen];
    expect(answers.length).toBeGreaterThan(100);
    const failed = answers.filter((a) => a.status >= 300);
    expect(failed).toEqual([]);
    expect(referenceProblems(answers, "variables contract")).toEqual([]);
    expect(undeclaredProblems(answers)).toEqual([]);
    const secret = answers.find((x) => x.method === "POST" && /\/secret$/.test(x.path)) as RecordedAnswer;
    const withMount = { ...secret, body: { ...(secret.body as object), mount_path: "/etc/s" } };
    if (loadReference("the undeclared mount_path")) expect(undeclaredProblems([withMount])).toEqual([expect.stringContaining("$.mount_path: property not declared")]);
  });

  it("the refusals it answers are statuses the reference declares", async () => {
    seen.length = 0;
    const { projectId } = await projectAndEnv(c, "contract-variables-refusals");
    await c.call("POST", `/project/${projectId}/environmentVariable`, { value: "no key" });
    await c.call("PUT", "/variable/00000000-0000-4000-8000-000000000000", { key: "X" });
    await c.call("POST", "/variable/00000000-0000-4000-8000-000000000000/alias", { key: "X", alias_scope: "PROJECT", alias_parent_id: projectId });
    await c.call("GET", "/variable?parent_id=00000000-0000-4000-8000-000000000000&scope=PROJECT");
    const answers = seen.filter((a) => !a.path.startsWith("/organization") && !a.path.endsWith("/environment"));
    expect(answers.map((a) => a.status)).toEqual([400, 404, 404, 404]);
    expect(referenceProblems(answers, "variables refusals")).toEqual([]);
  });
});
