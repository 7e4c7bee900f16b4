/**
 * `DeploymentRuleOrder` against the emulator: the project's rules put in the program's order (one PUT), read back in
 * the service's (`priority_index`), an order changed outside shown as drift and put back by the next update.
 */
import { deploymentRuleOrderProvider as p } from "../../../provider/resources/deployment-rule-order";
import { ruleTimeToWire } from "../../../sdk";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, requests, useFixture } from "../support/fixture";

type Props = Record<string, unknown>;
const fx = useFixture();

async function rule(name: string): Promise<string> {
  return (await fx.client.deploymentRules.create(fx.projectId, {
    name, mode: "PREVIEW", cluster_id: fx.clusterIds[0], timezone: "UTC", start_time: ruleTimeToWire("08:00"),
    stop_time: ruleTimeToWire("19:00"), weekdays: ["MONDAY"], wildcard: `${name}-*`,
  })).id;
}

const order = async () => (await fx.client.deploymentRules.list(fx.projectId))
  .sort((a, b) => (a.priority_index ?? 0) - (b.priority_index ?? 0)).map((r) => r.id);

describe("the order of a project's deployment rules", () => {
  it("is put in one request, read back, shown as drift when changed outside and put back", async () => {
    const [a, b, c] = [await rule("order-a"), await rule("order-b"), await rule("order-c")];
    expect(await order()).toEqual([a, b, c]);
    const inputs = await checkedInputs(p, { projectId: fx.projectId, ruleIds: [c, a, b] });
    await clearRequests(fx.emulator);
    const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };
    expect((await requests(fx.emulator)).map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /project/${fx.projectId}/deploymentRule/order`]);
    expect(await order()).toEqual([c, a, b]);

    const read = (await p.read!(id, outs)) as { inputs: Props; props: Props };
    expect(read.inputs["ruleIds"]).toEqual([c, a, b]);
    expect((await p.diff!(id, read.props, inputs)).changes).toBe(false);

    await fx.client.deploymentRules.order(fx.projectId, [a, b, c]);
    const drifted = (await p.read!(id, read.props)) as { inputs: Props; props: Props };
    expect(drifted.inputs["ruleIds"]).toEqual([a, b, c]);
    expect((await p.diff!(id, drifted.props, inputs)).changes).toBe(true);
    await p.update!(id, drifted.props, inputs);
    expect(await order()).toEqual([c, a, b]);
    // Its delete sends nothing: the rules stay, in the order they have.
    await clearRequests(fx.emulator);
    await p.delete!(id, drifted.props);
    expect(await requests(fx.emulator)).toEqual([]);
    expect(await order()).toEqual([c, a, b]);
  });

  it("refuses an empty list before any call", async () => {
    const result = await p.check!({}, { projectId: fx.projectId, ruleIds: [] });
    expect(result.failures?.map((f) => f.property)).toEqual(["ruleIds"]);
  });
});
