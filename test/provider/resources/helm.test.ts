/**
 * What a Helm chart does beyond its lifecycle row, against the emulator: a values change redeploys it when
 * `deploy` is true (and only the wait limit changing deploys nothing), it sits in its stage, an EnvironmentDeployment pins its chart
 * version, the standalone Variable and Secret take it as owner, and a repository still used by a chart is not
 * deleted (the service's message).
 */
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, requests, useFixture } from "../support/fixture";
import { helmProvider as p } from "../../../provider/resources/helm/index";
import { helmRepositoryProvider } from "../../../provider/resources/helm-repository";
import { environmentDeploymentProvider } from "../../../provider/resources/environment-deployment";
import { variableProvider } from "../../../provider/resources/variable";
import { secretProvider } from "../../../provider/resources/secret";
import { EnvironmentsApi } from "../../../sdk";

type Props = Record<string, unknown>;
const fx = useFixture();
let n = 0;

async function writes(): Promise<string[]> {
  return (await requests(fx.emulator)).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

async function repository(): Promise<string> {
  return (await fx.client.helmRepositories.create(fx.orgId, { name: `helm-test-${++n}`, kind: "HTTPS", url: "https://charts.example.com" })).id;
}

async function chart(extra: Props = {}): Promise<{ id: string; inputs: Props; outs: Props }> {
  const inputs = await checkedInputs(p, {
    environmentId: fx.envId, name: `helm-test-chart-${++n}`,
    source: { repository: { repositoryId: await repository(), chartName: "redis", chartVersion: "20.1.0" } },
    valuesOverride: { inline: "replica:\n  replicaCount: 1\n" }, deploy: true, ...extra,
  });
  const { id, outs } = await p.create!(inputs);
  return { id, inputs, outs: outs as Props };
}

describe("a Helm chart", () => {
  it("is deployed on create, and a values change redeploys it in place (deploy: true); the wait limit alone deploys nothing", async () => {
    const { id, inputs, outs } = await chart();
    expect((await fx.client.helms.status(id)).state).toBe("DEPLOYED");
    const changed = await checkedInputs(p, { ...inputs, valuesOverride: { inline: "replica:\n  replicaCount: 3\n" } });
    const d = await p.diff!(id, outs, changed);
    expect([d.changes, d.replaces ?? []]).toEqual([true, []]);
    await clearRequests(fx.emulator);
    const { outs: after } = await p.update!(id, outs, changed);
    expect(await writes()).toEqual([`PUT /helm/${id}`, `POST /helm/${id}/deploy`]);
    await clearRequests(fx.emulator);
    await p.update!(id, after as Props, await checkedInputs(p, { ...changed, deployTimeoutSeconds: 60 }));
    expect(await writes()).toEqual([]);
  });

  it("a secret value change redeploys too, without the value in the state's plain inputs", async () => {
    const { id, inputs, outs } = await chart({ secretValuesOverride: { set: { "auth.password": "helm-test-secret-1" } } });
    await clearRequests(fx.emulator);
    const changed = await checkedInputs(p, { ...inputs, secretValuesOverride: { set: { "auth.password": "helm-test-secret-2" } } });
    const { outs: after } = await p.update!(id, outs, changed);
    expect(await writes()).toContain(`POST /helm/${id}/deploy`);
    const plain = { ...(after as Props), secretValuesOverride: undefined };
    expect(JSON.stringify(plain)).not.toContain("helm-test-secret");
  });

  it("sits in the deployment stage it names; takes no labels groups (the reference's HelmRequest has none)", async () => {
    const stage = await fx.client.deploymentStages.create(fx.envId, { name: `helm-test-stage-${++n}` });
    const { id } = await chart({ deploy: false, deploymentStageId: stage.id });
    const stages = await fx.client.deploymentStages.list(fx.envId);
    expect(stages.find((s) => s.id === stage.id)?.services?.map((x) => x.service_id)).toEqual([id]);
    const refused = await p.check!({}, { environmentId: fx.envId, name: "x", source: { git: { url: "https://github.com/a/b" } }, labelsGroupIds: ["g-1"] });
    expect(refused.failures?.map((f) => f.property)).toEqual(["labelsGroupIds"]);
  });

  it("is pinned by an EnvironmentDeployment to a chart version", async () => {
    const { id } = await chart({ deploy: false });
    const inputs = await checkedInputs(environmentDeploymentProvider, { environmentId: fx.envId, services: { helms: { [id]: { chartVersion: "20.2.0" } } } });
    const deployServices = jest.spyOn(EnvironmentsApi.prototype, "deployServices");
    await clearRequests(fx.emulator);
    await environmentDeploymentProvider.create!(inputs);
    expect(await writes()).toContain(`POST /environment/${fx.envId}/service/deploy`);
    // The first deployment deploys the whole environment: the chart with its pin, the others as they are.
    const sent = deployServices.mock.calls.map(([, request]) => request.helms ?? []);
    expect(sent).toEqual([expect.arrayContaining([{ id, chart_version: "20.2.0" }])]);
    deployServices.mockRestore();
    expect((await fx.client.helms.status(id)).state).toBe("DEPLOYED");
  });

  it("owns a standalone Variable and Secret (scope HELM)", async () => {
    const { id } = await chart({ deploy: false });
    const v = await variableProvider.create!(await checkedInputs(variableProvider, { scope: "HELM", parentId: id, key: "LOG_LEVEL", value: "debug" }));
    const s = await secretProvider.create!(await checkedInputs(secretProvider, { scope: "HELM", parentId: id, key: "TOKEN", value: "helm-test-token" }));
    const own = (await fx.client.variables.list({ parentId: id, scope: "HELM" })).filter((x) => x.scope === "HELM");
    expect(own.map((x) => [x.id, x.key]).sort()).toEqual([[v.id, "LOG_LEVEL"], [s.id, "TOKEN"]].sort());
  });

  it("keeps its repository: deleting a repository a chart uses fails with the service's message", async () => {
    const repoInputs = await checkedInputs(helmRepositoryProvider, { organizationId: fx.orgId, name: `helm-test-used-${++n}`, kind: "HTTPS", url: "https://charts.example.com" });
    const repo = await helmRepositoryProvider.create!(repoInputs);
    await chart({ deploy: false, source: { repository: { repositoryId: repo.id, chartName: "redis", chartVersion: "20.1.0" } } });
    await expect(helmRepositoryProvider.delete!(repo.id, repo.outs as Props)).rejects.toThrow(/helm/i);
    expect((await fx.client.helmRepositories.get(fx.orgId, repo.id)).id).toBe(repo.id);
  });
});
