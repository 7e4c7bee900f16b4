/**
 * A cluster beyond its lifecycle row: the check that asks the service (an instance type the cloud does not offer
 * in the region, credentials of another cloud) only when the type, the region or the credentials are new or
 * changed; the Kubernetes upgrade in place; the delete refused while environments run on it (one request); adoption by name.
 */
import { providerFor } from "../../../provider/runtime";
import { clusterProvider } from "../../../provider/resources/cluster/index";
import { clusterInputs } from "../lifecycle-rows/clusters";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, requests, useFixture } from "../support/fixture";

type Props = Record<string, unknown>;
const fx = useFixture();
const p = clusterProvider;
const check = (olds: Props, news: Props) => p.check!(olds, { ...news, __provider: "serialized" });
const writes = async () => (await requests(fx.emulator)).filter((r) => r.method !== "GET");

describe("a cluster's check", () => {
  it("refuses an instance type the cloud does not offer in the region, naming it, before any create", async () => {
    const inputs = await clusterInputs(fx);
    await clearRequests(fx.emulator);
    const result = await check({}, { ...inputs, instanceType: "t3a.larg" });
    expect(result.failures).toEqual([{ property: "instanceType", reason: expect.stringContaining('"t3a.larg" is not offered by AWS in "eu-west-3": did you mean "t3a.large"?') }]);
    // A GPU type the cloud offers elsewhere only.
    const gpu = await check({}, { ...inputs, instanceType: "g4dn.xlarge" });
    expect(gpu.failures?.[0]?.property).toBe("instanceType");
    expect(await writes()).toEqual([]);
  });

  it("refuses credentials of another cloud, naming the cloud they are for", async () => {
    const gcp = await fx.client.gcpCredentials.create(fx.orgId, { name: "check-gcp", gcp_credentials: "eyJ0eXBlIjoic2EifQ==" });
    const result = await check({}, { ...(await clusterInputs(fx)), credentialsId: gcp.id });
    expect(result.failures).toEqual([{ property: "credentialsId", reason: expect.stringContaining("are GCP credentials, and the cluster runs on AWS") }]);
  });

  it("asks the service nothing when the instance type, region and credentials are unchanged (a no-op preview)", async () => {
    const base = await checkedInputs(p, { ...(await clusterInputs(fx)), __provider: "serialized" });
    await clearRequests(fx.emulator);
    await checkedInputs(p, { ...base, maxRunningNodes: 4 }, base);
    expect(await requests(fx.emulator)).toEqual([]);
    await checkedInputs(p, { ...base, instanceType: "m5.large" }, base);
    expect((await requests(fx.emulator)).map((r) => `${r.method} ${r.path}`)).toEqual(["GET /aws/eks/instanceType/eu-west-3"]);
  });
});

describe("a cluster's Kubernetes version and delete", () => {
  let id: string;
  let outs: Props;
  let base: Props;

  it("upgrades in place when kubernetesVersion changes, never replacing it", async () => {
    base = await checkedInputs(p, { ...(await clusterInputs(fx)), __provider: "serialized" });
    const created = await p.create!(base);
    id = created.id;
    outs = created.outs as Props;
    expect([outs["status"], outs["version"], outs["kubernetesVersion"]]).toEqual(["DEPLOYED", "1.32", "1.32"]);
    const wanted = await checkedInputs(p, { ...base, kubernetesVersion: "1.33" }, base);
    const d = await p.diff!(id, outs, wanted);
    expect([d.changes, d.replaces ?? []]).toEqual([true, []]);
    outs = (await p.update!(id, outs, wanted)).outs as Props;
    expect([outs["version"], outs["status"]]).toEqual(["1.33", "DEPLOYED"]);
    expect((await fx.client.clusters.get(fx.orgId, id)).version).toBe("1.33");
    base = wanted;
  });

  it("fails an upgrade to a version the service does not offer next, naming both", async () => {
    const wanted = await checkedInputs(p, { ...base, kubernetesVersion: "1.40" }, base);
    await expect(p.update!(id, outs, wanted)).rejects.toThrow(/kubernetesVersion: cluster "[^"]+" runs 1\.33 .* not to 1\.40/);
  });

  it("refuses a delete while environments run on it, naming them, before any change", async () => {
    const env = await fx.client.environments.create(fx.projectId, { name: "on-new-cluster", cluster: id });
    await clearRequests(fx.emulator);
    await expect(p.delete!(id, outs)).rejects.toThrow(/still runs 1 environment\(s\): "fixture-project\/on-new-cluster"/);
    expect((await requests(fx.emulator)).map((r) => `${r.method} ${r.path}`)).toEqual([`GET /cluster/${id}/environments`]);
    expect((await fx.client.clusters.get(fx.orgId, id)).status).toBe("DEPLOYED");
    await fx.client.environments.delete(env.id);
  });

  it("then stops, deletes and waits until it is gone", async () => {
    await clearRequests(fx.emulator);
    await p.delete!(id, outs);
    const sent = (await writes()).map((r) => `${r.method} ${r.path.replace(id, "{id}")}`);
    expect(sent).toEqual([`POST /organization/${fx.orgId}/cluster/{id}/stop`, `DELETE /organization/${fx.orgId}/cluster/{id}`]);
    expect((await fx.client.clusters.list(fx.orgId)).some((c) => c.id === id)).toBe(false);
  });
});

describe("cluster adoption", () => {
  it("adopts a cluster made outside Pulumi by name, with no second cluster", async () => {
    const inputs = await checkedInputs(p, { ...(await clusterInputs(fx, "adopt-cluster")), __provider: "serialized" });
    const made = await p.create!(inputs);
    await clearRequests(fx.emulator);
    const adopted = await providerFor("Cluster").create!({ ...inputs, adopt: { byName: true } });
    expect(adopted.id).toBe(made.id);
    expect((await writes()).filter((r) => r.method === "POST" && r.path.endsWith("/cluster"))).toEqual([]);
    await p.delete!(made.id, adopted.outs as Props);
  });
});
