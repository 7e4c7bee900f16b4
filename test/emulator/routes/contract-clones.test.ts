/** Clones (of an environment, of each service kind) and links answer as the reference says (status and schema). */
import { appBody, containerBody, dockerHubId, jobBody, projectAndEnv, seen, useEmulator } from "../support/helpers";
import { helmBody, helmRepositoryBody, terraformBody } from "../support/helm-terraform";
import { loadReference, referenceProblems } from "../support/reference-check";

const c = useEmulator({ resetEach: false });

const KINDS = ["application", "container", "database", "job", "helm", "terraform"];

async function scenario(): Promise<void> {
  const { envId } = await projectAndEnv(c, "contract-clones");
  const hub = await dockerHubId(c);
  const repo = (await c.call("POST", `/organization/${c.org}/helmRepository`, helmRepositoryBody("charts"))).body;
  const bodies: Record<string, unknown> = {
    application: appBody("api"), container: containerBody("web", hub), job: jobBody("nightly", hub), helm: helmBody("cache", repo.id),
    database: { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" }, terraform: terraformBody("network"),
  };
  const ids = new Map<string, string>();
  for (const kind of KINDS) ids.set(kind, (await c.call("POST", `/environment/${envId}/${kind}`, bodies[kind])).body.id);
  const clone = (await c.call("POST", `/environment/${envId}/clone`, { name: "pr-1", mode: "PREVIEW" })).body;
  for (const kind of KINDS) await c.call("POST", `/${kind}/${ids.get(kind)}/clone`, { name: `${kind}-copy`, environment_id: clone.id });
}

describe("clones: contract with the reference OpenAPI", () => {
  it("every answer of the scenario is a success whose status and body the reference declares", async () => {
    seen.length = 0;
    await scenario();
    const answers = seen.filter((a) => a.method === "POST" && a.path.endsWith("/clone"));
    expect(answers.map((a) => [a.path.replace(/[0-9a-f-]{36}/g, "{}"), a.status])).toEqual([
      ["/environment/{}/clone", 202], ...KINDS.map((k) => [`/${k}/{}/clone`, 202]),
    ]);
    expect(referenceProblems(answers, "clones contract")).toEqual([]);
    // The check is not vacuous: an answer off the schema (a mode the reference does not name) is reported.
    const tampered = { ...answers[0]!, body: { ...(answers[0]!.body as object), mode: "TESTING" } };
    expect(referenceProblems([tampered], "tampered answer")).toHaveLength(loadReference("the tampered answer") ? 1 : 0);
  });
});

describe("links: contract with the reference OpenAPI", () => {
  it("the links of an application, a container, a Helm chart and an environment are what the reference declares", async () => {
    seen.length = 0;
    const { envId } = await projectAndEnv(c, "contract-links");
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    await c.call("POST", `/application/${app.id}/customDomain`, { domain: "api.example.com", generate_certificate: true });
    const ctr = (await c.call("POST", `/environment/${envId}/container`, containerBody("web", await dockerHubId(c), {
      ports: [{ internal_port: 80, publicly_accessible: true }],
    }))).body;
    const repo = (await c.call("POST", `/organization/${c.org}/helmRepository`, helmRepositoryBody("links-charts"))).body;
    const helm = (await c.call("POST", `/environment/${envId}/helm`, helmBody("cache", repo.id, {
      ports: [{ internal_port: 6379, service_name: "redis", is_default: true }],
    }))).body;
    for (const path of [`/application/${app.id}/link`, `/container/${ctr.id}/link`, `/helm/${helm.id}/link`, `/environment/${envId}/link`]) {
      await c.call("GET", path);
    }
    const answers = seen.filter((a) => a.path.endsWith("/link"));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => (a.body as { results: unknown[] }).results.length)).toEqual([3, 2, 2, 7]);
    expect(referenceProblems(answers, "links contract")).toEqual([]);
    const first = (answers[0]!.body as { results: object[] }).results[0];
    const tampered = { ...answers[0]!, body: { results: [{ ...first, is_default: "yes" }] } };
    expect(referenceProblems([tampered], "tampered links")).toHaveLength(loadReference("the tampered links") ? 1 : 0);
  });
});
