/**
 * Every deployment restriction route (application, job, helm, terraform) answers as the reference says: status and
 * body, strictly.
 */
import { appBody, dockerHubId, jobBody, projectAndEnv, seen, useEmulator } from "../support/helpers";
import { helmBody, helmRepositoryBody, terraformBody } from "../support/helm-terraform";
import { RESTRICTED_KINDS, restrictionBody } from "../support/deployment-rules";
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
