/**
 * `deploymentRestrictions` of applications, jobs, Helm charts and Terraform services against the emulator: created
 * with the service, synced with the fewest requests (one listing, then only what differs), nothing sent on an update
 * that leaves them alone, read back on refresh with a restriction added outside shown as drift.
 */
import type * as pulumi from "@pulumi/pulumi";
import { applicationProvider } from "../../../provider/resources/application/index";
import { helmProvider } from "../../../provider/resources/helm/index";
import { jobProvider } from "../../../provider/resources/job/index";
import { terraformServiceProvider } from "../../../provider/resources/terraform-service/index";
import type { DeploymentRestrictionServiceKind } from "../../../sdk";
import { offeredVersion } from "../lifecycle-rows/terraform";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, requests, useFixture, type Fixture } from "../support/fixture";

type Props = Record<string, unknown>;
const fx = useFixture();
let counter = 0;
const unique = (prefix: string) => `${prefix}-${(counter += 1)}`;

/** The restriction calls of the emulator's log since the last clear, ids blanked. */
async function restrictionCalls(): Promise<string[]> {
  return (await requests(fx.emulator)).filter((r) => r.path.includes("/deploymentRestriction"))
    .map((r) => `${r.method} ${r.path.replace(/\/[^/]*\d[^/]*/g, "/{id}")}`);
}

const listed = async (kind: DeploymentRestrictionServiceKind, id: string) =>
  (await fx.client.deploymentRestrictions.list(kind, id)).map((r) => `${r.mode} ${r.type} ${r.value}`).sort();

/** Valid inputs of a service of each kind with restrictions. */
const KINDS: Array<[DeploymentRestrictionServiceKind, pulumi.dynamic.ResourceProvider, (fx: Fixture) => Promise<Props>]> = [
  ["application", applicationProvider, async () => ({ environmentId: fx.envId, name: unique("rs-app"), gitRepository: { url: "https://github.com/acme/mono.git" } })],
  ["job", jobProvider, async () => ({
    environmentId: fx.envId, name: unique("rs-job"), source: { docker: { gitRepository: { url: "https://github.com/acme/mono.git" } } },
    schedule: { cron: { expression: "0 3 * * *" } },
  })],
  ["helm", helmProvider, async () => ({
    environmentId: fx.envId, name: unique("rs-helm"), source: { git: { url: "https://github.com/acme/mono.git", rootPath: "/charts/web" } },
  })],
  ["terraform", terraformServiceProvider, async (f) => ({
    environmentId: fx.envId, name: unique("rs-tf"), gitRepository: { url: "https://github.com/acme/mono.git", branch: "main", rootPath: "/infra" },
    terraformVersion: await offeredVersion(f),
  })],
];

const WANTED = [{ mode: "MATCH", value: "api/" }, { mode: "EXCLUDE", value: "api/docs/" }];

describe("deployment restrictions of a service", () => {
  it.each(KINDS)("%s: created with them (one POST each, no listing) and reads them back", async (kind, p, base) => {
    const inputs = await checkedInputs(p, { ...(await base(fx)), deploymentRestrictions: WANTED });
    await clearRequests(fx.emulator);
    const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };
    expect(await restrictionCalls()).toEqual([`POST /${kind}/{id}/deploymentRestriction`, `POST /${kind}/{id}/deploymentRestriction`]);
    expect(await listed(kind, id)).toEqual(["EXCLUDE PATH api/docs/", "MATCH PATH api/"]);
    const read = (await p.read!(id, outs)) as { inputs: Props; props: Props };
    expect(read.inputs["deploymentRestrictions"]).toEqual(WANTED.map((r) => ({ ...r, type: "PATH" })));
    const diff = await p.diff!(id, read.props, inputs);
    expect(diff.changes).toBe(false);
  });

  it("syncs an application's with the fewest requests: one listing, then a PUT, a POST or a DELETE for what differs only", async () => {
    const [, p, base] = KINDS[0]!;
    const inputs = await checkedInputs(p, { ...(await base(fx)), deploymentRestrictions: WANTED });
    const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };

    // One value changed: edited in place.
    const changed = await checkedInputs(p, { ...inputs, deploymentRestrictions: [WANTED[0], { mode: "EXCLUDE", value: "api/tests/" }] });
    await clearRequests(fx.emulator);
    const after = (await p.update!(id, outs, changed)) as { outs: Props };
    expect(await restrictionCalls()).toEqual(["GET /application/{id}/deploymentRestriction", "PUT /application/{id}/deploymentRestriction/{id}"]);
    expect(await listed("application", id)).toEqual(["EXCLUDE PATH api/tests/", "MATCH PATH api/"]);

    // A variable changed, the restrictions not: not one restriction request.
    const noOp = await checkedInputs(p, { ...changed, environmentVariables: { LOG_LEVEL: "debug" } });
    await clearRequests(fx.emulator);
    const again = (await p.update!(id, after.outs, noOp)) as { outs: Props };
    expect(await restrictionCalls()).toEqual([]);

    // One removed: one DELETE after the listing; then [] removes the rest.
    const fewer = await checkedInputs(p, { ...noOp, deploymentRestrictions: [WANTED[0]] });
    await clearRequests(fx.emulator);
    const third = (await p.update!(id, again.outs, fewer)) as { outs: Props };
    expect(await restrictionCalls()).toEqual(["GET /application/{id}/deploymentRestriction", "DELETE /application/{id}/deploymentRestriction/{id}"]);
    await p.update!(id, third.outs, await checkedInputs(p, { ...noOp, deploymentRestrictions: [] }));
    expect(await listed("application", id)).toEqual([]);
  });

  it("shows a restriction added outside Pulumi as drift on refresh; left out of the program, none is read or sent", async () => {
    const [, p, base] = KINDS[0]!;
    const inputs = await checkedInputs(p, { ...(await base(fx)), deploymentRestrictions: [WANTED[0]] });
    const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };
    await fx.client.deploymentRestrictions.create("application", id, { mode: "MATCH", type: "PATH", value: "shared/" });
    const read = (await p.read!(id, outs)) as { inputs: Props; props: Props };
    expect(read.inputs["deploymentRestrictions"]).toEqual([{ mode: "MATCH", type: "PATH", value: "api/" }, { mode: "MATCH", type: "PATH", value: "shared/" }]);
    expect((await p.diff!(id, read.props, inputs)).changes).toBe(true);

    const unmanaged = await checkedInputs(p, await base(fx));
    await clearRequests(fx.emulator);
    const made = (await p.create!(unmanaged)) as { id: string; outs: Props };
    await p.read!(made.id, made.outs);
    expect(await restrictionCalls()).toEqual([]);
  });
});
