import * as pulumi from "@pulumi/pulumi";
import { findCluster, findOrganization, getCluster, getOrganization } from "../../provider/resources/lookups";
import { useFixture } from "./fixture";

const fx = useFixture();

function value<T>(o: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => o.apply((v) => resolve(v)));
}

describe("lookups", () => {
  it("finds the token's only organization, or one by name", async () => {
    expect(await findOrganization(fx.client)).toMatchObject({ id: fx.orgId, name: "emulator-org" });
    expect((await findOrganization(fx.client, "emulator-org")).id).toBe(fx.orgId);
  });

  it("says which organizations exist when the name matches none", async () => {
    await expect(findOrganization(fx.client, "nope")).rejects.toThrow(/no organization named "nope".*"emulator-org"/);
  });

  it("finds a cluster by name, and lists the names when it is missing", async () => {
    expect((await findCluster(fx.client, fx.orgId, "us-east")).id).toBe(fx.clusterIds[1]);
    await expect(findCluster(fx.client, fx.orgId, "mars")).rejects.toThrow(/"eu-west", "us-east"/);
  });

  it("return outputs usable as inputs, not secret, with env credentials", async () => {
    const org = getOrganization();
    expect(await value(org.id)).toBe(fx.orgId);
    expect(await pulumi.isSecret(org.id)).toBe(false);
    const cluster = getCluster({ organizationId: org.id, name: "eu-west" });
    expect(await value(cluster.id)).toBe(fx.clusterIds[0]);
  });
});
