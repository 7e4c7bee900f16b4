import { database, databaseProvider as p } from "../../../provider/resources/database";
import { deploymentStageProvider } from "../../../provider/resources/deployment-stage";
import { checkedInputs } from "../support/check-helpers";
import { captureProgress } from "../../../provider/framework/progress";
import { clearRequests, failDeploys, injectFault, injectStaleStatus, requests, useFixture } from "../support/fixture";

type Props = Record<string, unknown>;

const fx = useFixture({ clearFaultsAfterEach: true });

const checked = (inputs: Props): Promise<Props> => checkedInputs(p, inputs);

const base = (name: string): Props => ({
  environmentId: "",
  name,
  type: "POSTGRESQL",
  version: "16",
  mode: "CONTAINER",
  masterCredentials: { login: "shop", password: "db-password-never-shown" },
});

describe("Database", () => {
  it("sets credentials after create and reports host, port and login", async () => {
    const { id, outs } = await p.create!(await checked({ ...base("db-ok"), environmentId: fx.envId }));
    expect(id).not.toBe("");
    expect(outs).toMatchObject({ login: "shop", password: "db-password-never-shown", host: expect.any(String), port: expect.any(Number) });
  });

  it("a credentials failure after create throws with the id, so the engine keeps the database", async () => {
    await injectFault(fx.emulator, { method: "PUT", path: "/database/*/masterCredentials", status: 400, times: 1 });
    let error: { id?: string; properties?: Props; message: string } | undefined;
    try {
      await p.create!(await checked({ ...base("db-partial"), environmentId: fx.envId }));
    } catch (e) {
      error = e as typeof error;
    }
    expect(error?.id).toBeDefined();
    expect(error!.message).toMatch(/finishing database "db-partial"/);
    expect(error!.message).not.toContain("db-password-never-shown");
    expect(error!.properties!["masterCredentials"]).toBeUndefined();
    expect((await fx.client.databases.get(error!.id!)).name).toBe("db-partial");
  });

  it("attaches to a deployment stage, and refresh reads the stage the service has", async () => {
    const stage = await deploymentStageProvider.create!({ environmentId: fx.envId, name: "db-stage", description: "" });
    const inputs = await checked({ ...base("db-staged"), environmentId: fx.envId, deploymentStageId: stage.id });
    const { id, outs } = await p.create!(inputs);
    expect((await fx.client.deploymentStages.forService(id)).id).toBe(stage.id);
    const other = (await fx.client.deploymentStages.list(fx.envId)).find((s) => s.id !== stage.id)!;
    await fx.client.deploymentStages.attachService(other.id, id);
    const r = await p.read!(id, outs as Props);
    expect((r.inputs as Props)["deploymentStageId"]).toBe(other.id);
    expect((await p.diff!(id, r.props as Props, inputs)).changes).toBe(true);
  });

  it("exposes the service's generated login and password, stored as a secret output", async () => {
    const { masterCredentials: _none, ...inputs } = base("db-generated");
    const { id, outs } = await p.create!(await checked({ ...inputs, environmentId: fx.envId }));
    const credentials = await fx.client.databases.getMasterCredentials(id);
    expect(credentials.password).not.toMatch(/^\*+$/);
    expect(outs).toMatchObject({ login: credentials.login, password: credentials.password });
    expect((await p.read!(id, outs as Props)).props).toMatchObject({ password: credentials.password });
    expect(database.secretOutputs).toContain("password");
  });

  it("with readMasterCredentials: false never reads the generated credentials, until the program turns the reading on", async () => {
    const { masterCredentials: _none, ...rest } = base("db-unread");
    const inputs = await checked({ ...rest, environmentId: fx.envId, readMasterCredentials: false });
    await clearRequests(fx.emulator);
    const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };
    const calls = async () => (await requests(fx.emulator)).map((r) => `${r.method} ${r.path.replace(id, "{id}")}`);
    expect(await calls()).toEqual([`POST /environment/${fx.envId}/database`]);
    expect([outs["login"], outs["password"], typeof outs["host"], typeof outs["port"]]).toEqual([undefined, undefined, "string", "number"]);

    await clearRequests(fx.emulator);
    const read = (await p.read!(id, outs)) as { props: Props; inputs: Props };
    expect(await calls()).toEqual(["GET /database/{id}"]);
    expect([read.props["password"], read.inputs["readMasterCredentials"]]).toEqual([undefined, false]);
    expect((await p.diff!(id, read.props, inputs)).changes).toBe(false);

    const reading = await checked({ ...rest, environmentId: fx.envId, readMasterCredentials: true });
    const diff = await p.diff!(id, read.props, reading);
    expect([diff.changes, diff.replaces ?? []]).toEqual([true, []]);
    await clearRequests(fx.emulator);
    const updated = (await p.update!(id, read.props, reading)) as { outs: Props };
    expect(await calls()).toEqual(["GET /database/{id}/masterCredentials"]);
    const credentials = await fx.client.databases.getMasterCredentials(id);
    expect([updated.outs["login"], updated.outs["password"]]).toEqual([credentials.login, credentials.password]);

    // Turned off again: the outputs held from before are dropped, not kept.
    const off = (await p.update!(id, updated.outs, inputs)) as { outs: Props };
    expect([off.outs["login"], off.outs["password"], off.outs["readMasterCredentials"]]).toEqual([undefined, undefined, false]);
  });
});

describe("Database deploy", () => {
  const lines: string[] = [];
  beforeAll(() => captureProgress((line) => lines.push(line)));
  afterAll(() => captureProgress(undefined));

  /** Writes (no GETs) of the request log as `METHOD path`. */
  const writes = async () => (await requests(fx.emulator)).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

  it("deploys after the credentials and the stage are set, and waits until the database is deployed", async () => {
    const stage = await deploymentStageProvider.create!({ environmentId: fx.envId, name: "db-deploy-stage", description: "" });
    const inputs = await checked({ ...base("db-deployed"), environmentId: fx.envId, deploymentStageId: stage.id, deploy: true, deployTimeoutSeconds: 60 });
    await clearRequests(fx.emulator);
    lines.length = 0;
    const { id, outs } = await p.create!(inputs);
    expect(await writes()).toEqual([
      `POST /environment/${fx.envId}/database`,
      `PUT /database/${id}/masterCredentials`,
      `PUT /deploymentStage/${stage.id}/service/${id}`,
      `POST /database/${id}/deploy`,
    ]);
    expect((await fx.client.databases.status(id)).state).toBe("DEPLOYED");
    expect(outs).toMatchObject({ deploy: true, deployTimeoutSeconds: 60 });
    // Progress: one line per state seen, named by the database.
    expect(lines.at(-1)).toMatch(/^db-deployed: DEPLOYED \(\d+s\)$/);
    // No change for the same inputs; a change redeploys; only the wait limit changed does not.
    expect((await p.diff!(id, outs as Props, inputs)).changes).toBe(false);
    await clearRequests(fx.emulator);
    const bigger = await checked({ ...inputs, storage: 20 });
    const { outs: after } = await p.update!(id, outs as Props, bigger);
    expect(await writes()).toEqual([`PUT /database/${id}`, `POST /database/${id}/deploy`]);
    await clearRequests(fx.emulator);
    await p.update!(id, after as Props, await checked({ ...bigger, deployTimeoutSeconds: 120 }));
    expect(await writes()).toEqual([]);
  });

  it("a state written before databases deployed (no deploy inputs) previews no change, and deploy: true deploys", async () => {
    const inputs = await checked({ ...base("db-old-state"), environmentId: fx.envId });
    const { id, outs } = await p.create!(inputs);
    // What an older version stored: every input but the deploy ones.
    const { deploy: _d, deployTimeoutSeconds: _t, ...oldState } = outs as Props;
    expect(oldState["deploy"]).toBeUndefined();
    await clearRequests(fx.emulator);
    expect(await p.diff!(id, oldState, inputs)).toEqual({ changes: false });
    const deployed = await checked({ ...inputs, deploy: true });
    expect((await p.diff!(id, oldState, deployed)).changes).toBe(true);
    expect(await requests(fx.emulator)).toEqual([]);
    await p.update!(id, oldState, deployed);
    expect(await writes()).toEqual([`POST /database/${id}/deploy`]);
    // A refresh of the old state adds nothing the state did not have (refresh shows no change).
    const r = await p.read!(id, oldState);
    expect((r.inputs as Props)["deploy"]).toBeUndefined();
  });

  it("a failed deploy names the database and its final state, never the password, and is recorded as not deployed", async () => {
    const inputs = await checked({ ...base("db-failing"), environmentId: fx.envId });
    const { id, outs } = await p.create!(inputs);
    await failDeploys(fx.emulator, id, "DEPLOY");
    let error: { id?: string; properties?: Props; message: string } | undefined;
    try {
      await p.update!(id, outs as Props, await checked({ ...inputs, deploy: true, deployTimeoutSeconds: 60 }));
    } catch (e) {
      error = e as typeof error;
    }
    await failDeploys(fx.emulator, id, null);
    expect(error?.id).toBe(id);
    expect(error!.message).toContain(`deploying database "db-failing" (${id})`);
    expect(error!.message).toMatch(/DEPLOYMENT_ERROR/);
    expect(error!.message).not.toContain("db-password-never-shown");
    expect(error!.properties!["deploy"]).toBe(false);
  });

  it("follows the deployment its deploy call started: the previous deployment's DEPLOYED shown after it is not the outcome", async () => {
    const inputs = await checked({ ...base("db-stale"), environmentId: fx.envId, deploy: true, deployTimeoutSeconds: 60 });
    const { id, outs } = await p.create!(inputs);
    const before = await fx.client.databases.status(id);
    expect(before.state).toBe("DEPLOYED");
    // The next status reads answer the previous deployment (DEPLOYED, its request id) for 3 reads.
    await injectStaleStatus(fx.emulator, { reads: 3, times: 1 });
    await clearRequests(fx.emulator);
    await p.update!(id, outs as Props, await checked({ ...inputs, storage: 30 }));
    const log = (await requests(fx.emulator)).map((r) => `${r.method} ${r.path}`);
    const reads = log.slice(log.indexOf(`POST /database/${id}/deploy`)).filter((l) => l === `GET /database/${id}/status`);
    // Three stale reads, then the new deployment's own status.
    expect(reads.length).toBeGreaterThanOrEqual(4);
    const now = await fx.client.databases.status(id);
    expect(now.deployment_request_id).not.toBe(before.deployment_request_id);
  });
});
