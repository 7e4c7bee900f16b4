/**
 * A `--data` file written by an older emulator (the upgrade fixture: no groups, no deployment history, clusters
 * without their details) still loads; its records answer the new fields (checked against the reference when
 * present), gain history from then on, and the file the new emulator writes loads again.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { answerProblems, loadReference } from "../support/reference-schema";

const FIXTURE = path.resolve(__dirname, "../../fixtures/upgrade/emulator-data.json");
const doc = loadReference("answers over legacy data against the reference");
let dir: string;
beforeAll(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-legacy-")); });
afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });

async function get(emu: RunningEmulator, p: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await fetch(emu.url + p, { headers: { authorization: `Token ${emu.tokens.admin}` } });
  const body: unknown = await r.json();
  expect([p, r.status]).toEqual([p, 200]);
  expect(answerProblems(doc, "GET", p, 200, body)).toEqual([]);
  return body;
}

describe("a data file of an older emulator", () => {
  it("loads, answers the new fields, records new deployments and is written in a form that loads again", async () => {
    const file = path.join(dir, "data.json");
    fs.copyFileSync(FIXTURE, file);
    const old = JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as { state: Record<string, unknown> };
    expect(old.state).not.toHaveProperty("annotationsGroups");
    const emu = await startEmulator({ dataFile: file, stepMs: 0 });
    let appId: string;
    try {
      const org = emu.ids.organizationId;
      const clusters = (await get(emu, `/organization/${org}/cluster`)).results;
      expect(clusters[0]).toMatchObject({ disk_iops: 3000, labels_groups: [], infrastructure_outputs: { kind: "EKS" } });
      expect((await get(emu, `/organization/${org}/labelsGroups`)).results).toEqual([]);
      const projects = (await get(emu, `/organization/${org}/project`)).results as Array<{ id: string }>;
      const envs = (await get(emu, `/project/${projects[0]?.id}/environment`)).results as Array<{ id: string }>;
      const envId = envs[0]?.id as string;
      const apps = (await get(emu, `/environment/${envId}/application`)).results;
      appId = apps[0].id;
      expect(apps[0]).toMatchObject({ annotations_groups: [], labels_groups: [], cpu_architecture: null });
      const dbs = (await get(emu, `/environment/${envId}/database`)).results;
      expect(dbs[0]).toMatchObject({ disk_type: null, annotations_groups: [] });
      expect((await get(emu, `/database/${dbs[0].id}/masterCredentials`)).password).toBe(
        (old.state["databases"] as Record<string, { password: string }>)[dbs[0].id]?.password,
      );
      // variables of the older form (owned through `application_id`) still belong to their application
      const vars = (await get(emu, `/application/${appId}/environmentVariable`)).results
        .filter((v: { scope: string }) => v.scope === "APPLICATION") as Array<{ key: string; service_id: string }>;
      expect(vars.map((v) => v.key)).toEqual(expect.arrayContaining(["DATABASE_HOST", "DATABASE_PORT"]));
      expect(vars.every((v) => v.service_id === appId)).toBe(true);
      expect((await get(emu, `/database/${dbs[0].id}/application`)).results.map((a: { id: string }) => a.id)).toEqual([appId]);
      // a file with no container registries gets the one every organization starts with
      expect((await get(emu, `/organization/${org}/containerRegistry`)).results).toEqual([
        expect.objectContaining({ name: "Docker Hub", kind: "DOCKER_HUB", url: "https://docker.io" }),
      ]);
      expect((await get(emu, `/application/${appId}/deploymentHistory`)).results).toEqual([]);
      expect((await get(emu, `/environment/${envId}/deploymentHistory`)).results).toEqual([]);
      const deploy = await fetch(`${emu.url}/application/${appId}/deploy`, {
        method: "POST", headers: { authorization: `Token ${emu.tokens.admin}`, "content-type": "application/json" }, body: "{}",
      });
      expect(deploy.status).toBe(202);
      expect((await get(emu, `/application/${appId}/deploymentHistory`)).results).toHaveLength(1);
    } finally {
      await emu.close();
    }
    const again = await startEmulator({ dataFile: file, stepMs: 0 });
    try {
      expect((await get(again, `/application/${appId}/deploymentHistory`)).results).toHaveLength(1);
      expect((await get(again, `/application/${appId}/environmentVariable`)).results.length).toBeGreaterThanOrEqual(2);
      expect((await get(again, `/organization/${again.ids.organizationId}/containerRegistry`)).results).toHaveLength(1);
      expect((await get(again, `/application/${appId}`)).git_repository.deployed_commit_id).toMatch(/^[0-9a-f]{40}$/);
    } finally {
      await again.close();
    }
  });

  it("keeps its on-premise credentials (now in the one table of cloud credentials) and its clusters as they were", async () => {
    const file = path.join(dir, "on-premise.json");
    const old = JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as { state: Record<string, unknown>; seed: { organizationId: string } };
    const id = "0b6f1c2e-1111-4222-8333-444455556666";
    old.state["onPremiseCredentials"] = { [id]: { id, organization_id: old.seed.organizationId, name: "rack-1" } };
    fs.writeFileSync(file, JSON.stringify(old));
    const emu = await startEmulator({ dataFile: file, stepMs: 0 });
    try {
      const org = emu.ids.organizationId;
      expect((await get(emu, `/organization/${org}/onPremise/credentials`)).results).toEqual([{ id, name: "rack-1", object_type: "OTHER" }]);
      expect((await get(emu, `/organization/${org}/credentials`)).results).toEqual([{ credential: { id, name: "rack-1", object_type: "OTHER" }, clusters: [] }]);
      const clusters = (await get(emu, `/organization/${org}/cluster`)).results;
      expect(clusters.map((c: { status: string; cloud_provider: string }) => [c.status, c.cloud_provider])).toEqual(clusters.map(() => ["DEPLOYED", "AWS"]));
      expect((await get(emu, `/organization/${org}/cluster/status`)).results).toHaveLength(clusters.length);
    } finally {
      await emu.close();
    }
  });
});
