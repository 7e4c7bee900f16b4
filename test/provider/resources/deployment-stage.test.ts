import { deploymentStageProvider as p } from "../../../provider/resources/deployment-stage";
import { clearRequests, requests, useFixture } from "../support/fixture";

type Props = Record<string, unknown>;

const fx = useFixture();

async function order(): Promise<string[]> {
  return (await fx.client.deploymentStages.list(fx.env2Id)).map((s) => s.name);
}

describe("DeploymentStage placement", () => {
  it("places a stage before another, reads the place back, and moves it with one call", async () => {
    const first = (await fx.client.deploymentStages.list(fx.env2Id))[0]!;
    const inputs: Props = { environmentId: fx.env2Id, name: "early", description: "", before: first.id };
    const { id, outs } = await p.create!(inputs);
    expect((await order())[0]).toBe("early");
    const r = await p.read!(id, outs as Props);
    expect((r.inputs as Props)["before"]).toBe(first.id);
    expect((await p.diff!(id, r.props as Props, inputs)).changes).toBe(false);

    const moved: Props = { environmentId: fx.env2Id, name: "early", description: "", after: first.id };
    await clearRequests(fx.emulator);
    const updated = await p.update!(id, r.props as Props, moved);
    const log = await requests(fx.emulator);
    // Only the move: nothing of the stage's own body changed, so it is not read or edited.
    expect(log.map((x) => `${x.method} ${x.path}`)).toEqual([`PUT /deploymentStage/${id}/moveAfter/${first.id}`]);
    expect((await order()).slice(0, 2)).toEqual([first.name, "early"]);
    expect((updated.outs as Props)["deploymentOrder"]).toBeGreaterThan((await fx.client.deploymentStages.get(first.id)).deployment_order ?? 0);
  });
});

describe("DeploymentStage delete with services still in it", () => {
  /** A new application of env2, in the environment's first stage. */
  const newApp = async (name: string) =>
    fx.client.applications.create(fx.env2Id, { name, git_repository: { url: "https://github.com/acme/api.git", provider: "GITHUB", branch: "main" }, healthchecks: {} });

  it("moves them to the environment's first other stage, keeping their skip flag, then deletes the stage", async () => {
    const inputs: Props = { environmentId: fx.env2Id, name: "leaving", description: "" };
    const { id, outs } = await p.create!(inputs);
    const [a, b] = [await newApp("stage-leaver-a"), await newApp("stage-leaver-b")];
    await fx.client.deploymentStages.attachService(id, a.id);
    await fx.client.deploymentStages.attachService(id, b.id, { is_skipped: true });
    await p.delete!(id, outs as Props);
    const stages = await fx.client.deploymentStages.list(fx.env2Id);
    expect(stages.map((s) => s.id)).not.toContain(id);
    const first = stages[0]!;
    expect((await fx.client.deploymentStages.forService(a.id)).id).toBe(first.id);
    expect((await fx.client.deploymentStages.forService(b.id)).id).toBe(first.id);
    expect(first.services?.find((s) => s.service_id === b.id)?.is_skipped).toBe(true);
  });

  it("fails naming the services when the stage is its environment's only one, and deletes nothing", async () => {
    const project = await fx.client.projects.create(fx.orgId, { name: "lonely-stage" });
    const env = await fx.client.environments.create(project.id, { name: "lonely", cluster: fx.clusterIds[0] });
    const app = await fx.client.applications.create(env.id, { name: "lonely-app", git_repository: { url: "https://github.com/acme/api.git", provider: "GITHUB", branch: "main" }, healthchecks: {} });
    const { id, outs } = await p.create!({ environmentId: env.id, name: "only", description: "" });
    await fx.client.deploymentStages.attachService(id, app.id);
    for (const s of await fx.client.deploymentStages.list(env.id)) if (s.id !== id) await fx.client.deploymentStages.delete(s.id);
    const failure = await p.delete!(id, outs as Props).then(() => undefined, (e: Error) => e.message);
    expect(failure).toContain(`still holds 1 service(s) (${app.id}) and is the only stage of its environment`);
    expect((await fx.client.deploymentStages.forService(app.id)).id).toBe(id);
  });
});
