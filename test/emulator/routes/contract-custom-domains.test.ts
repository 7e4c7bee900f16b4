/** Every custom domain route, driven once for each service kind, answers as the reference says (status and schema). */
import { appBody, containerBody, dockerHubId, projectAndEnv, seen, useEmulator } from "../support/helpers";
import { loadReference, referenceProblems } from "../support/reference-check";

const c = useEmulator({ resetEach: false });

/** The routes the scenario must reach: list, create, edit, delete, status and check, under both kinds. */
const OPERATIONS = ["GET customDomain", "POST customDomain", "PUT customDomain/{}", "DELETE customDomain/{}", "GET customDomain/{}/status", "GET checkCustomDomain"];

async function scenario(): Promise<void> {
  const { envId } = await projectAndEnv(c, "contract-domains");
  const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
  const ctr = (await c.call("POST", `/environment/${envId}/container`, containerBody("web", await dockerHubId(c)))).body;
  for (const [kind, id] of [["application", app.id], ["container", ctr.id]] as const) {
    const base = `/${kind}/${id}`;
    const d = (await c.call("POST", `${base}/customDomain`, { domain: `${kind}.example.com`, generate_certificate: true })).body;
    await c.call("GET", `${base}/customDomain`);
    await c.call("GET", `${base}/customDomain/${d.id}/status`);
    await c.call("PUT", `${base}/customDomain/${d.id}`, { domain: `www.${kind}.example.com`, generate_certificate: false, use_cdn: true });
    await c.call("GET", `${base}/checkCustomDomain`);
    await c.call("DELETE", `${base}/customDomain/${d.id}`);
  }
}

describe("custom domains: contract with the reference OpenAPI", () => {
  it("every answer of the scenario is a success whose status and body the reference declares", async () => {
    seen.length = 0;
    await scenario();
    const answers = seen.filter((a) => /\/(customDomain|checkCustomDomain)/.test(a.path));
    const reached = new Set(answers.map((a) => `${a.method} ${a.path.replace(/^\/\w+\/[^/]+\//, "").replace(/customDomain\/[^/]+/, "customDomain/{}")}`));
    expect([...reached].sort()).toEqual([...OPERATIONS].sort());
    expect(answers).toHaveLength(12);
    expect(answers.filter((a) => a.status >= 300)).toEqual([]);
    expect(referenceProblems(answers, "custom domains contract")).toEqual([]);
    // The check is not vacuous: an answer off the schema (a status the reference does not name) is reported.
    const status = answers.find((a) => a.path.endsWith("/status"));
    const tampered = { ...status!, body: { ...(status!.body as object), status: "VALIDATED" } };
    expect(referenceProblems([tampered], "tampered answer")).toHaveLength(loadReference("the tampered answer") ? 1 : 0);
  });
});
