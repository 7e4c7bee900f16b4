/**
 * What a cluster create or edit refuses, each a 400 naming the field, with nothing made: an instance type the cloud
 * does not offer in that region, a region the cloud does not have, min above max nodes, a disk size out of the cloud's
 * bounds, disk performance on a cloud without it, a feature of another cloud, credentials of another cloud or none,
 * and a move to another region; a taken name is a 409.
 */
import { fieldOf, useEmulator } from "../support/helpers";

const c = useEmulator();

async function credentials(cloud: "aws" | "gcp"): Promise<string> {
  const body = cloud === "aws"
    ? { type: "AWS_STATIC", name: "aws", access_key_id: "AKIA", secret_access_key: "s" }
    : { name: "gcp", gcp_credentials: "{}" };
  return (await c.call("POST", `/organization/${c.org}/${cloud}/credentials`, body)).body.id as string;
}

async function featureId(cloud: string, title: string): Promise<string> {
  const all = (await c.call("GET", `/${cloud}/clusterFeature`)).body.results as Array<{ id: string; title: string }>;
  return all.find((f) => f.title === title)?.id as string;
}

describe("a cluster request", () => {
  it("is refused naming the field when the cloud cannot do it, and nothing is made", async () => {
    const aws = await credentials("aws");
    const gcp = await credentials("gcp");
    const subnet = await featureId("aws", "VPC subnet");
    const ok = { name: "c1", region: "eu-west-3", cloud_provider: "AWS", cloud_provider_credentials: { credentials: { id: aws } } };
    const gcpOk = { name: "g1", region: "europe-west1", cloud_provider: "GCP", cloud_provider_credentials: { credentials: { id: gcp } } };
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ ...ok, instance_type: "g4dn.xlarge" }, "instance_type", /not offered by AWS in eu-west-3/],
      [{ ...ok, instance_type: "e2-standard-4" }, "instance_type", /not offered/],
      [{ ...ok, region: "europe-west1" }, "region", /not a AWS region/],
      [{ ...ok, min_running_nodes: 4, max_running_nodes: 2 }, "max_running_nodes", /at least min_running_nodes \(4\)/],
      [{ ...ok, min_running_nodes: 0 }, "min_running_nodes", /at least 1/],
      [{ ...ok, disk_size: 5 }, "disk_size", /between 20 and 1000/],
      [{ ...ok, disk_size: 4000 }, "disk_size", /between 20 and 1000/],
      [{ ...ok, disk_iops: 100 }, "disk_iops", /at least 3000/],
      [{ ...gcpOk, disk_iops: 3000 }, "disk_iops", /only AWS/],
      [{ ...gcpOk, features: [{ id: subnet, value: "10.0.0.0/16" }] }, "features[0].id", /not a cluster feature of GCP/],
      [{ ...ok, cloud_provider_credentials: { credentials: { id: gcp } } }, "cloud_provider_credentials.credentials.id", /GCP credentials, not AWS/],
      [{ name: "c2", region: "eu-west-3", cloud_provider: "AWS" }, "cloud_provider_credentials", /required/],
      [{ ...ok, cloud_provider: "HETZNER" }, "cloud_provider", /not offered/],
    ];
    for (const [body, field, why] of cases) {
      const r = await c.call("POST", `/organization/${c.org}/cluster`, body);
      expect([field, r.status, fieldOf(r.body.message ?? "")]).toEqual([field, 400, field]);
      expect(r.body.message).toMatch(why);
    }
    expect((await c.call("GET", `/organization/${c.org}/cluster`)).body.results).toHaveLength(2);

    const made = await c.call("POST", `/organization/${c.org}/cluster`, { ...ok, instance_type: "t4g.large" });
    expect(made.status).toBe(201);
    const item = `/organization/${c.org}/cluster/${made.body.id}`;
    const moved = await c.call("PUT", item, { ...ok, region: "eu-west-1" });
    expect([moved.status, fieldOf(moved.body.message)]).toEqual([400, "region"]);
    const taken = await c.call("POST", `/organization/${c.org}/cluster`, { ...ok, name: "eu-west" });
    expect([taken.status, fieldOf(taken.body.message)]).toEqual([409, "name"]);
    // a region where the GPU type is offered takes it
    expect((await c.call("POST", `/organization/${c.org}/cluster`, { ...ok, name: "gpu", region: "us-east-1", instance_type: "g4dn.xlarge" })).status).toBe(201);
  });

  it("is refused by a Read token, and a Deploy token cannot create but can deploy", async () => {
    const aws = await credentials("aws");
    const body = { name: "c1", region: "eu-west-3", cloud_provider: "AWS", cloud_provider_credentials: { credentials: { id: aws } } };
    expect((await c.call("POST", `/organization/${c.org}/cluster`, body, c.emu.tokens.read)).status).toBe(403);
    expect((await c.call("POST", `/organization/${c.org}/cluster`, body, c.emu.tokens.deploy)).status).toBe(403);
    const made = await c.call("POST", `/organization/${c.org}/cluster`, body, c.emu.tokens.write);
    expect(made.status).toBe(201);
    expect((await c.call("POST", `/organization/${c.org}/cluster/${made.body.id}/deploy`, undefined, c.emu.tokens.deploy)).status).toBe(201);
  });
});
