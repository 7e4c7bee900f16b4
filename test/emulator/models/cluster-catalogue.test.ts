/**
 * The catalogues: instance types per cloud and region or zone (realistic names, vCPUs, RAM, architecture; a type
 * offered in some regions only), cluster features per cloud (with stable ids), and the refusal of an unknown region.
 */
import { fieldOf, useEmulator } from "../support/helpers";

const c = useEmulator();

async function types(path: string): Promise<Array<{ type: string; cpu: number; ram_in_gb: number; architecture: string; gpu_info: { count: number } }>> {
  const r = await c.call("GET", path);
  expect([path, r.status]).toEqual([path, 200]);
  return r.body.results;
}

describe("the catalogues", () => {
  it("offer each cloud's instance types where they are offered", async () => {
    const paris = await types("/aws/eks/instanceType/eu-west-3");
    expect(paris).toContainEqual(expect.objectContaining({ type: "t3a.large", cpu: 2, ram_in_gb: 8, architecture: "AMD64" }));
    expect(paris).toContainEqual(expect.objectContaining({ type: "m7g.xlarge", cpu: 4, ram_in_gb: 16, architecture: "ARM64" }));
    expect(paris.map((t) => t.type)).not.toContain("g4dn.xlarge");
    const virginia = await types("/aws/eks/instanceType/us-east-1");
    expect(virginia).toContainEqual(expect.objectContaining({ type: "g4dn.xlarge", gpu_info: expect.objectContaining({ count: 1, name: "T4" }) }));
    expect((await types("/aws/instanceType")).length).toBe(virginia.length);
    expect((await types("/gcp/instanceType/us-central1")).map((t) => t.type)).toContain("t2a-standard-4");
    expect((await types("/gcp/instanceType/europe-west1")).map((t) => t.type)).not.toContain("t2a-standard-4");
    expect((await types("/azure/aks/instanceType/westeurope")).map((t) => t.type)).toContain("Standard_D4s_v5");
    expect((await types("/scaleway/instanceType/fr-par-2")).map((t) => t.type)).toContain("COPARM1-4C-16G");
    expect((await types("/scaleway/instanceType/nl-ams-1")).map((t) => t.type)).not.toContain("COPARM1-4C-16G");
    for (const p of ["/aws/eks/instanceType/moon-1", "/gcp/instanceType/eu-west-3", "/scaleway/instanceType/fr-par"]) {
      const r = await c.call("GET", p);
      expect([p, r.status]).toEqual([p, 400]);
      expect(["region", "zone"]).toContain(fieldOf(r.body.message));
    }
  });

  it("list each cloud's cluster features with the same ids every time", async () => {
    const aws = (await c.call("GET", "/aws/clusterFeature")).body.results as Array<{ id: string; title: string; value_object: unknown }>;
    expect(aws.map((f) => f.title)).toEqual(["Static IP", "VPC subnet"]);
    expect(aws[0]).toMatchObject({ is_cloud_provider_paying_feature: true, cost_per_month_in_cents: 3300, value_object: { type: "BOOLEAN", value: false } });
    const again = (await c.call("GET", "/aws/clusterFeature")).body.results as Array<{ id: string }>;
    expect(again.map((f) => f.id)).toEqual(aws.map((f) => f.id));
    const gcp = (await c.call("GET", "/gcp/clusterFeature")).body.results as Array<{ id: string; title: string }>;
    expect(gcp.map((f) => f.title)).toEqual(["Static IP"]);
    expect(gcp[0]?.id).not.toBe(aws[0]?.id);
  });
});
