import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequests, requests, stateDump } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, EngineStack } from "./harness";
import { changed, exampleStack, userObjects, stepTypeCounts } from "./stack-checks";
import { secretPlaintexts } from "./secrets";

const DS = "pulumi-nodejs:dynamic/deploy-service:";
const PROGRAM = "containers-and-jobs";

/** The resources the example declares, by type. */
const EXPECTED_TYPES: Record<string, number> = {
  [`${DS}Project`]: 1,
  [`${DS}Environment`]: 1,
  [`${DS}ContainerRegistry`]: 1,
  [`${DS}Database`]: 1,
  [`${DS}Container`]: 1,
  [`${DS}Job`]: 2,
  "pulumi:pulumi:Stack": 1,
};
const TOTAL = Object.values(EXPECTED_TYPES).reduce((a, b) => a + b, 0);

describeWithEngine("the containers-and-jobs example through the engine", ({ binDir }) => {
  jest.setTimeout(10 * 60 * 1000);
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let stack: EngineStack;
  let seeded: unknown;
  let created: Record<string, string> = {};

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    seeded = userObjects(await stateDump(emulator));
    stack = await exampleStack(emulator, PROGRAM, binDir);
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("previews every create before anything exists", async () => {
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ create: TOTAL });
    expect(stepTypeCounts(preview)).toEqual(EXPECTED_TYPES);
  });

  it("creates the registry, the deployed container and both jobs with their schedules", async () => {
    const up = await stack.up();
    expect(up.changeSummary).toEqual({ create: TOTAL });
    const out = (created = up.outputs as Record<string, string>);

    const registries = await client.containerRegistries.list(emulator.ids.organizationId);
    expect(registries.find((r) => r.id === out.registryId)).toMatchObject({ name: "docker-hub-public", kind: "DOCKER_HUB" });

    const web = await client.containers.get(out.webId!);
    expect(web).toMatchObject({ name: "web", image_name: "nginx", tag: "1.27-alpine", registry: { id: out.registryId } });
    expect((await client.containers.status(out.webId!)).state).toBe("DEPLOYED");

    const jobs = await client.jobs.list(out.environmentId!);
    const byName = Object.fromEntries(jobs.map((j) => [j.name, j as Record<string, any>]));
    expect(byName["nightly-report"]).toMatchObject({
      job_type: "CRON", schedule: { cronjob: { scheduled_at: "0 3 * * *", timezone: "Europe/Paris" } },
    });
    expect(byName["migrate"]).toMatchObject({ job_type: "LIFECYCLE", schedule: { on_start: { arguments: expect.arrayContaining(["up"]) } } });
    const secrets = await client.jobs.secrets.list(out.migrateId!);
    expect(secrets.filter((s) => s.scope === "JOB").map((s) => s.key)).toEqual(["DATABASE_URL"]);
  });

  it("keeps the database URL (it holds the password) out of the state in plaintext", async () => {
    const exported = await stack.exportState();
    const decrypted = await stack.exportStateWithSecrets();
    const plaintexts = [...secretPlaintexts(decrypted.deployment)].filter((s) => s.includes("postgres://"));
    expect(plaintexts.length).toBeGreaterThan(0);
    for (const secret of plaintexts) expect(exported.text).not.toContain(secret);
  });

  it("previews no change without sending a single request", async () => {
    await clearRequests(emulator);
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ same: TOTAL });
    expect(await requests(emulator)).toEqual([]);
  });

  it("stores the secret of a job that reads no built-in without its id, until a refresh reads it and shows no drift", async () => {
    const migrateOutputs = async () => {
      const { deployment } = await stack.exportStateWithSecrets();
      return (deployment.resources ?? []).find((r) => r.type === `${DS}Job` && String(r.urn).endsWith("::migrate"))!.outputs as Record<string, any>;
    };
    const before = await migrateOutputs();
    // `builtInVariables` is `{}`, which `readBuiltInVariables: false` implies: the state leaves it out (the class gives it).
    expect([before.secretRefs, before.builtInVariables, before.readBuiltInVariables]).toEqual([{ DATABASE_URL: {} }, undefined, false]);

    const refresh = await stack.refresh();
    expect(refresh.changeSummary).toEqual({ same: TOTAL });
    const held = (await client.jobs.secrets.list(created.migrateId!)).find((s) => s.scope === "JOB" && s.key === "DATABASE_URL")!;
    const after = await migrateOutputs();
    expect(after.secretRefs.DATABASE_URL.id).toBe(held.id);
    expect(after.secrets).toEqual(before.secrets);
    expect(after.builtInVariables).toBeUndefined();
  });

  it("rolls out a new image tag by updating the container in place", async () => {
    await stack.setConfig(`${PROGRAM}:imageTag`, "1.27.3-alpine");
    const up = await stack.up();
    expect(changed(up)).toEqual([["web", "update"]]);
    const out = up.outputs as Record<string, string>;
    expect(out.webId).toBe(created.webId);
    expect(out.webTag).toBe("1.27.3-alpine");
    expect((await client.containers.get(out.webId!)).tag).toBe("1.27.3-alpine");
  });

  it("leaves the emulator as seeded after destroy", async () => {
    await stack.destroy();
    expect(userObjects(await stateDump(emulator))).toEqual(seeded);
  });
});
