/**
 * Contract of the import the provider sends on create of a service (issue 16): `POST /<kind>/{id}/environmentVariable/import`
 * with `overwrite` and the service's initial variables and secrets at its own scope, for every service kind, sent
 * twice (as a retried create would), then the `/variable` listing the ids come from. Every answer must match its
 * declared status and schema in the live OpenAPI, strictly (no undeclared property).
 */
import { appBody, containerBody, dockerHubId, jobBody, projectAndEnv, seen, useEmulator } from "../support/helpers";
import { referenceProblems } from "../support/reference-check";

const c = useEmulator({ resetEach: false });

const vars = (scope: string) => [
  { name: "LOG_LEVEL", value: "info", scope, is_secret: false },
  { name: "REGION", value: "eu", scope, is_secret: false },
  { name: "API_KEY", value: "import-s3cr3t", scope, is_secret: true },
];

describe("contract of a service's variable import with the reference OpenAPI", () => {
  it("imports values and secrets in one request per service kind, idempotent with overwrite, listed with their ids", async () => {
    seen.length = 0;
    const { envId } = await projectAndEnv(c, "contract-import");
    const hub = await dockerHubId(c);
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    const ctr = (await c.call("POST", `/environment/${envId}/container`, containerBody("web", hub))).body;
    const job = (await c.call("POST", `/environment/${envId}/job`, jobBody("cron", hub))).body;
    const listings: Array<Array<{ key: string; is_secret: boolean; value?: string | null }>> = [];
    for (const [kind, id, scope] of [["application", app.id, "APPLICATION"], ["container", ctr.id, "CONTAINER"], ["job", job.id, "JOB"]]) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const r = await c.call("POST", `/${kind}/${id}/environmentVariable/import`, { overwrite: true, vars: vars(scope!) });
        expect(r.status).toBe(201);
        expect(r.body.total_variables_to_import).toBe(3);
        // The answer names what it imported; a secret's value is never in it.
        expect(r.body.successful_imported_variables.map((v: { name: string; value?: string }) => [v.name, v.value ?? null]).sort())
          .toEqual([["API_KEY", null], ["LOG_LEVEL", "info"], ["REGION", "eu"]]);
      }
      const listed = (await c.call("GET", `/variable?parent_id=${id}&scope=${scope}`)).body.results as Array<{ key: string; scope: string; is_secret: boolean; value?: string | null; id: string }>;
      listings.push(listed.filter((v) => v.scope === scope).map((v) => ({ key: v.key, is_secret: v.is_secret, value: v.value ?? null })));
      expect(listed.filter((v) => v.scope === scope).every((v) => typeof v.id === "string" && v.id.length > 0)).toBe(true);
    }
    // Sent twice with overwrite: still one entry per key, secrets without a value.
    for (const own of listings) {
      expect([...own].sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        { key: "API_KEY", is_secret: true, value: null },
        { key: "LOG_LEVEL", is_secret: false, value: "info" },
        { key: "REGION", is_secret: false, value: "eu" },
      ]);
    }
    const answers = [...seen];
    expect(answers.filter((a) => a.status >= 300)).toEqual([]);
    expect(answers.filter((a) => a.path.endsWith("/environmentVariable/import"))).toHaveLength(6);
    expect(referenceProblems(answers, "variable import contract")).toEqual([]);
  });
});
