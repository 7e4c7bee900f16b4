/**
 * The `advancedSettings` input of applications, containers and jobs: applied before the deployment, redeploying on
 * change with `deploy: true`, compared and read back as the advanced-settings resources do.
 */
import { advancedSettingDefaultOf } from "../../../sdk";
import { applicationProvider as apps } from "../../../provider/resources/application/index";
import { containerProvider as containers } from "../../../provider/resources/container";
import { jobProvider as jobs } from "../../../provider/resources/job/index";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, requests, useFixture } from "../support/fixture";

type Props = Record<string, unknown>;

const fx = useFixture({ clearFaultsAfterEach: true });
const BODY_SIZE = "network.ingress.proxy_body_size_mb";
const CORS = "network.ingress.enable_cors";
const JOB_TTL = "job.delete_ttl_seconds_after_finished";
let counter = 0;
let hubId: string;

beforeAll(async () => {
  const list = await fx.client.containerRegistries.list(fx.orgId);
  hubId = (list.find((r) => r.kind === "DOCKER_HUB") ?? list[0]!).id;
});

function appInputs(extra: Props = {}): Props {
  counter += 1;
  return { environmentId: fx.envId, name: `inline-app-${counter}`, gitRepository: { url: "https://github.com/acme/api.git", branch: "main" }, ...extra };
}

/** The request log's writes as `METHOD path`. */
async function writes(): Promise<string[]> {
  return (await requests(fx.emulator)).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

describe("Application advancedSettings", () => {
  it("are applied before the first deployment, and read back", async () => {
    const inputs = await checkedInputs(apps, appInputs({ advancedSettings: { [BODY_SIZE]: 200 }, deploy: true, deployTimeoutSeconds: 60 }));
    await clearRequests(fx.emulator);
    const { id, outs } = await apps.create!(inputs);
    const log = await writes();
    expect(log.indexOf(`PUT /application/${id}/advancedSettings`)).toBeGreaterThan(-1);
    expect(log.indexOf(`PUT /application/${id}/advancedSettings`)).toBeLessThan(log.indexOf(`POST /application/${id}/deploy`));
    expect((await fx.client.applications.getAdvancedSettings(id))[BODY_SIZE]).toBe(200);
    expect((outs as Props)["advancedSettings"]).toEqual({ [BODY_SIZE]: 200 });
    expect((await apps.diff!(id, outs as Props, inputs)).changes).toBe(false);
    const r = await apps.read!(id, outs as Props);
    expect((r.inputs as Props)["advancedSettings"]).toEqual({ [BODY_SIZE]: 200 });
    expect((await apps.diff!(id, r.props as Props, inputs)).changes).toBe(false);
  });

  it("a change redeploys with deploy: true, and only sets the settings without it", async () => {
    const inputs = await checkedInputs(apps, appInputs({ advancedSettings: { [BODY_SIZE]: 200 }, deploy: true, deployTimeoutSeconds: 60 }));
    const { id, outs } = await apps.create!(inputs);
    const changed = await checkedInputs(apps, { ...inputs, advancedSettings: { [BODY_SIZE]: 300 } });
    expect((await apps.diff!(id, outs as Props, changed)).changes).toBe(true);
    await clearRequests(fx.emulator);
    const { outs: after } = await apps.update!(id, outs as Props, changed);
    expect(await writes()).toEqual([`PUT /application/${id}/advancedSettings`, `POST /application/${id}/deploy`]);
    expect((await fx.client.applications.getAdvancedSettings(id))[BODY_SIZE]).toBe(300);

    const notDeployed = await checkedInputs(apps, { ...changed, deploy: false, advancedSettings: { [BODY_SIZE]: 400 } });
    await clearRequests(fx.emulator);
    await apps.update!(id, after as Props, notDeployed);
    expect(await writes()).toEqual([`PUT /application/${id}/advancedSettings`]);
  });

  it("compare after normalisation: the service's spelling of a value is no change", async () => {
    const inputs = await checkedInputs(apps, appInputs({ advancedSettings: { [BODY_SIZE]: 200, [CORS]: true } }));
    const stored = { ...inputs, advancedSettings: { [BODY_SIZE]: "200", [CORS]: "true" } };
    expect((await apps.diff!("id", stored, inputs)).changes).toBe(false);
    expect((await apps.diff!("id", stored, { ...inputs, advancedSettings: { [BODY_SIZE]: 201, [CORS]: true } })).changes).toBe(true);
  });

  it("a change made outside shows as drift; a key removed goes back to the service's default", async () => {
    const inputs = await checkedInputs(apps, appInputs({ advancedSettings: { [BODY_SIZE]: 200, [CORS]: true } }));
    const { id, outs } = await apps.create!(inputs);
    await fx.client.applications.updateAdvancedSettings(id, { [BODY_SIZE]: 77 });
    const r = await apps.read!(id, outs as Props);
    expect((r.inputs as Props)["advancedSettings"]).toEqual({ [BODY_SIZE]: 77, [CORS]: true });
    expect((await apps.diff!(id, r.props as Props, inputs)).changes).toBe(true);
    const fewer = await checkedInputs(apps, { ...inputs, advancedSettings: { [BODY_SIZE]: 200 } });
    await clearRequests(fx.emulator);
    const { outs: after } = await apps.update!(id, r.props as Props, fewer);
    expect(await writes()).toEqual([`PUT /application/${id}/advancedSettings`]);
    const held = await fx.client.applications.getAdvancedSettings(id);
    expect([held[BODY_SIZE], held[CORS]]).toEqual([200, advancedSettingDefaultOf("application", CORS)]);
    expect((after as Props)["advancedSettings"]).toEqual({ [BODY_SIZE]: 200 });
    // Removing the input altogether puts every key it managed back to its default.
    const none = await checkedInputs(apps, { ...inputs, advancedSettings: undefined });
    await apps.update!(id, after as Props, none);
    expect((await fx.client.applications.getAdvancedSettings(id))[BODY_SIZE]).toBe(advancedSettingDefaultOf("application", BODY_SIZE));
  });

  it("a state written before the input existed previews no change and refreshes without it", async () => {
    const inputs = await checkedInputs(apps, appInputs());
    const { id, outs } = await apps.create!(inputs);
    // What an older version stored: no advancedSettings (and the inputs of the same program leave it out).
    const oldState = { ...(outs as Props) };
    delete oldState["advancedSettings"];
    await clearRequests(fx.emulator);
    expect(await apps.diff!(id, oldState, inputs)).toEqual({ changes: false });
    const r = await apps.read!(id, oldState);
    expect((r.inputs as Props)["advancedSettings"]).toBeUndefined();
    expect((await requests(fx.emulator)).filter((q) => q.path.endsWith("/advancedSettings"))).toEqual([]);
  });

  it("are checked at preview against the application's catalogue", async () => {
    const result = await apps.check!({}, appInputs({ advancedSettings: { [BODY_SIZE]: "lots", "network.ingress.proxy_body_size": 1, "job.delete_ttl_seconds_after_finished": 1 } }));
    const byProperty = Object.fromEntries((result.failures ?? []).map((f) => [f.property, f.reason]));
    expect(byProperty[`advancedSettings["${BODY_SIZE}"]`]).toMatch(/integer/);
    expect(byProperty[`advancedSettings["network.ingress.proxy_body_size"]`]).toContain(BODY_SIZE);
    expect(byProperty[`advancedSettings["job.delete_ttl_seconds_after_finished"]`]).toMatch(/jobs/);
  });
});

describe("Container and Job advancedSettings", () => {
  it("a container's are applied before its first deployment; a change redeploys", async () => {
    counter += 1;
    const inputs = await checkedInputs(containers, {
      environmentId: fx.envId, name: `inline-web-${counter}`, registryId: hubId, imageName: "nginx", tag: "1.27",
      advancedSettings: { [BODY_SIZE]: 50 }, deploy: true, deployTimeoutSeconds: 60,
    });
    await clearRequests(fx.emulator);
    const { id, outs } = await containers.create!(inputs);
    const log = await writes();
    expect(log.indexOf(`PUT /container/${id}/advancedSettings`)).toBeGreaterThan(-1);
    expect(log.indexOf(`PUT /container/${id}/advancedSettings`)).toBeLessThan(log.indexOf(`POST /container/${id}/deploy`));
    expect((await fx.client.containers.getAdvancedSettings(id))[BODY_SIZE]).toBe(50);
    await clearRequests(fx.emulator);
    await containers.update!(id, outs as Props, await checkedInputs(containers, { ...inputs, advancedSettings: { [BODY_SIZE]: 60 } }));
    expect(await writes()).toEqual([`PUT /container/${id}/advancedSettings`, `POST /container/${id}/deploy`]);
  });

  it("a job's are applied before its first run; a key of another kind is refused at preview", async () => {
    counter += 1;
    const base = {
      environmentId: fx.envId, name: `inline-job-${counter}`,
      source: { image: { registryId: hubId, imageName: "acme/report", tag: "1.0.0" } },
      schedule: { cron: { expression: "0 3 * * *" } },
    };
    const inputs = await checkedInputs(jobs, { ...base, advancedSettings: { [JOB_TTL]: 600 }, deploy: true, deployTimeoutSeconds: 60 });
    await clearRequests(fx.emulator);
    const { id, outs } = await jobs.create!(inputs);
    const log = await writes();
    expect(log.indexOf(`PUT /job/${id}/advancedSettings`)).toBeGreaterThan(-1);
    expect(log.indexOf(`PUT /job/${id}/advancedSettings`)).toBeLessThan(log.indexOf(`POST /job/${id}/deploy`));
    expect((await fx.client.jobs.getAdvancedSettings(id))[JOB_TTL]).toBe(600);
    expect((await jobs.diff!(id, outs as Props, inputs)).changes).toBe(false);
    const refused = await jobs.check!({}, { ...base, advancedSettings: { [BODY_SIZE]: 10 } });
    expect(refused.failures?.[0]?.property).toBe(`advancedSettings["${BODY_SIZE}"]`);
  });
});
