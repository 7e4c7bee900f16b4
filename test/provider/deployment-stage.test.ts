import { deploymentStageProvider as p } from "../../provider/resources/deployment-stage";
import { clearRequests, requests, useFixture } from "./fixture";

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
