/**
 * The lookups of what clusters are made with, against the emulator: cloud credentials by name or id (never what they
 * hold), a cloud's instance types in a region and its cluster features, the organization's current cost; each also
 * in its Output form.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  findClusterFeatures, findCredentials, findInstanceTypes, findOrganizationCost, getInstanceTypesOutput,
} from "../../../provider/lookups/index";
import { useFixture } from "../support/fixture";

const fx = useFixture();

function value<T>(o: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => o.apply((v) => resolve(v)));
}

describe("cloud lookups", () => {
  it("finds credentials by name or id in their cloud, never answering a secret, and names the others when none match", async () => {
    const made = await fx.client.scalewayCredentials.create(fx.orgId, {
      name: "lookup-scw", scaleway_access_key: "SCWLOOKUP", scaleway_secret_key: "lookup-secret-value", scaleway_project_id: "p", scaleway_organization_id: "o",
    });
    const byName = await findCredentials(fx.client, { organizationId: fx.orgId, cloudProvider: "SCW", name: "lookup-scw" });
    expect(byName).toEqual({ id: made.id, name: "lookup-scw", organizationId: fx.orgId, cloudProvider: "SCW" });
    expect(await findCredentials(fx.client, { organizationId: fx.orgId, cloudProvider: "SCW", id: made.id })).toEqual(byName);
    expect(JSON.stringify(byName)).not.toContain("lookup-secret-value");
    await expect(findCredentials(fx.client, { organizationId: fx.orgId, cloudProvider: "AWS", name: "lookup-scw" }))
      .rejects.toThrow(/getCredentials: .*no AWS credentials "lookup-scw"/);
  });

  it("lists a cloud's instance types in a region, to pick a size in code", async () => {
    const found = await findInstanceTypes(fx.client, { cloudProvider: "AWS", region: "eu-west-3" });
    expect(found.instanceTypes.map((t) => t.type)).toContain("t3a.large");
    expect(found.instanceTypes.find((t) => t.type === "t3a.large")).toMatchObject({ cpu: 2, ramInGb: 8 });
    // A GPU type is offered in some regions only.
    expect(found.instanceTypes.map((t) => t.type)).not.toContain("g4dn.xlarge");
    const output = await value(getInstanceTypesOutput({ cloudProvider: "AWS", region: "us-east-1" }));
    expect(output.instanceTypes.map((t) => t.type)).toContain("g4dn.xlarge");
  });

  it("lists a cloud's cluster features and reads the organization's cost", async () => {
    const features = await findClusterFeatures(fx.client, { cloudProvider: "AWS" });
    expect(features.features.map((f) => f.title)).toContain("Static IP");
    const cost = await findOrganizationCost(fx.client, { organizationId: fx.orgId });
    expect(cost.organizationId).toBe(fx.orgId);
    expect(typeof cost.totalInCents).toBe("number");
  });
});
