import { database, databaseProvider as p } from "../../provider/resources/database";
import { deploymentStageProvider } from "../../provider/resources/deployment-stage";
import { checkedInputs } from "./check-helpers";
import { injectFault, useFixture } from "./fixture";

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
});
