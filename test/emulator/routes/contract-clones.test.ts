/** Clones (of an environment, of each service kind) answer as the reference says (status and schema). */
import { appBody, projectAndEnv, seen, useEmulator } from "../support/helpers";
import { loadReference, referenceProblems } from "../support/reference-check";

const c = useEmulator({ resetEach: false });

async function scenario(): Promise<string> {
  const { envId } = await projectAndEnv(c, "contract-clones");
  await c.call("POST", `/environment/${envId}/application`, appBody("api"));
  const clone = await c.call("POST", `/environment/${envId}/clone`, { name: "pr-1", mode: "PREVIEW" });
  return clone.body.id;
}

describe("clones: contract with the reference OpenAPI", () => {
  it("every answer of the scenario is a success whose status and body the reference declares", async () => {
    seen.length = 0;
    await scenario();
    const answers = seen.filter((a) => a.method === "POST" && a.path.endsWith("/clone"));
    expect(answers.map((a) => [a.path.replace(/[0-9a-f-]{36}/g, "{}"), a.status])).toEqual([["/environment/{}/clone", 202]]);
    expect(referenceProblems(answers, "clones contract")).toEqual([]);
    // The check is not vacuous: an answer off the schema (a mode the reference does not name) is reported.
    const tampered = { ...answers[0]!, body: { ...(answers[0]!.body as object), mode: "TESTING" } };
    expect(referenceProblems([tampered], "tampered answer")).toHaveLength(loadReference("the tampered answer") ? 1 : 0);
  });
});
