/**
 * Every deployment restriction route (application, job, helm, terraform) and every deployment rule route (a project's
 * rules and their order, an environment's rule) answers as the reference says: status and body, strictly.
 */
import { appBody, dockerHubId, jobBody, projectAndEnv, seen, useEmulator } from "../support/helpers";
import { helmBody, helmRepositoryBody, terraformBody } from "../support/helm-terraform";
import { RESTRICTED_KINDS, environmentRuleBody, projectRuleBody, restrictionBody } from "../support/deployment-rules";
import { loadReference, referenceProblems } from "../support/reference-check";

const c = useEmulator({ resetEach: false });

async function made(path: string, body: unknown): Promise<string> {
  const r = await c.call("POST", path, body);
  if (r.status !== 201) throw new Error(`fixture ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as string;
}

/** Lists, creates, edits and deletes a restriction of a service of each kind. */
async function restrictions(envId: string): Promise<void> {
  const repository = await made(`/organization/${c.org}/helmRepository`, helmRepositoryBody("contract-rules"));
  const ids: Record<(typeof RESTRICTED_KINDS)[number], string> = {
    application: await made(`/environment/${envId}/application`, appBody("api")),
    job: await made(`/environment/${envId}/job`, jobBody("nightly", await dockerHubId(c))),
    helm: await made(`/environment/${envId}/helm`, helmBody("cache", repository)),
    terraform: await made(`/environment/${envId}/terraform`, terraformBody("network")),
  };
  for (const kind of RESTRICTED_KINDS) {
    const base = `/${kind}/${ids[kind]}/deploymentRestriction`;
    const r = (await c.call("POST", base, restrictionBody(`${kind}/`))).body;
    await c.call("GET", base);
    await c.call("PUT", `${base}/${r.id}`, restrictionBody("docs/", "EXCLUDE"));
    await c.call("DELETE", `${base}/${r.id}`);
  }
}

describe("deployment restrictions: contract with the reference OpenAPI", () => {
  it("every answer of the scenario is a success whose status and body the reference declares", async () => {
    const { envId } = await projectAndEnv(c, "contract-restrictions");
    seen.length = 0;
    await restrictions(envId);
    const answers = seen.filter((a) => a.path.includes("/deploymentRestriction"));
    const reached = new Set(answers.map((a) => `${a.method} ${a.path.replace(/^\/\w+\/[^/]+\//, "").replace(/Restriction\/[^/]+/, "Restriction/{}")}`));
    expect([...reached].sort()).toEqual(["DELETE deploymentRestriction/{}", "GET deploymentRestriction", "POST deploymentRestriction", "PUT deploymentRestriction/{}"]);
    expect(answers).toHaveLength(16);
    expect(answers.filter((a) => a.status >= 300)).toEqual([]);
    expect(referenceProblems(answers, "deployment restrictions contract")).toEqual([]);
    // The check is not vacuous: a mode the reference does not enumerate is reported.
    const created = answers.find((a) => a.method === "POST") as (typeof answers)[number];
    const tampered = { ...created, body: { ...(created.body as object), mode: "ONLY" } };
    expect(referenceProblems([tampered], "tampered answer")).toHaveLength(loadReference("the tampered answer") ? 1 : 0);
  });
});

/** Creates, lists, reads, replaces, orders and deletes a project's rules; reads and replaces an environment's. */
async function rules(projectId: string, envId: string): Promise<void> {
  const cluster = c.emu.ids.clusterIds[0];
  const a = (await c.call("POST", `/project/${projectId}/deploymentRule`, projectRuleBody("previews", cluster, { mode: "PREVIEW", auto_stop: true }))).body;
  const b = (await c.call("POST", `/project/${projectId}/deploymentRule`, projectRuleBody("features", cluster, { description: "feature branches" }))).body;
  await c.call("GET", `/project/${projectId}/deploymentRule`);
  await c.call("GET", `/project/${projectId}/deploymentRule/${a.id}`);
  await c.call("PUT", `/project/${projectId}/deploymentRule/${a.id}`, projectRuleBody("previews", cluster, { wildcard: "pr-*" }));
  await c.call("PUT", `/project/${projectId}/deploymentRule/order`, { project_deployment_rule_ids_in_order: [b.id, a.id] });
  await c.call("DELETE", `/project/${projectId}/deploymentRule/${b.id}`);
  const own = (await c.call("GET", `/environment/${envId}/deploymentRule`)).body;
  await c.call("PUT", `/environment/${envId}/deploymentRule/${own.id}`, environmentRuleBody({ auto_stop: true, auto_preview: true }));
}

describe("deployment rules: contract with the reference OpenAPI", () => {
  it("every answer of the scenario is a success whose status and body the reference declares", async () => {
    const { projectId, envId } = await projectAndEnv(c, "contract-rules");
    seen.length = 0;
    await rules(projectId, envId);
    const answers = seen.filter((a) => a.path.includes("/deploymentRule"));
    expect(answers.map((a) => `${a.method} ${a.path.replace(/[0-9a-f-]{36}/g, "{}")}`)).toEqual([
      "POST /project/{}/deploymentRule", "POST /project/{}/deploymentRule", "GET /project/{}/deploymentRule", "GET /project/{}/deploymentRule/{}",
      "PUT /project/{}/deploymentRule/{}", "PUT /project/{}/deploymentRule/order", "DELETE /project/{}/deploymentRule/{}",
      "GET /environment/{}/deploymentRule", "PUT /environment/{}/deploymentRule/{}",
    ]);
    expect(answers.filter((a) => a.status >= 300)).toEqual([]);
    expect(referenceProblems(answers, "deployment rules contract")).toEqual([]);
    // The check is not vacuous: a weekday the reference does not enumerate is reported.
    const read = answers.find((a) => a.method === "GET" && a.path.startsWith("/environment")) as (typeof answers)[number];
    const tampered = { ...read, body: { ...(read.body as object), weekdays: ["FUNDAY"] } };
    expect(referenceProblems([tampered], "tampered answer")).toHaveLength(loadReference("the tampered answer") ? 1 : 0);
  });
});
