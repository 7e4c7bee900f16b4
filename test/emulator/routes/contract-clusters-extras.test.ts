/**
 * Contract of the clouds' regions and managed databases, and of a cluster's lock, analyses, events, installation
 * values and EKS Anywhere and Karpenter settings, with the reference (strict).
 */
import { seen, useEmulator, waitFor } from "../support/helpers";
import { referenceProblems } from "../support/reference-check";

const c = useEmulator({ stepMs: 20 });

async function ok(method: string, path: string, body?: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call(method, path, body);
  expect([method, path, r.status, r.status < 300]).toEqual([method, path, r.status, true]);
  return r.body;
}

it("lists the clouds, their regions and AWS's and Scaleway's managed databases", async () => {
  const clouds = await ok("GET", "/cloudProvider");
  expect(clouds.results.map((x: { short_name: string }) => x.short_name)).toEqual(["AWS", "GCP", "SCW", "AZURE"]);
  const aws = await ok("GET", "/aws/region");
  expect(aws.results).toContainEqual(expect.objectContaining({ name: "eu-west-3", country_code: "FR", city: "Paris", arm_supported: true }));
  for (const p of ["/scaleway/region", "/gcp/region", "/azure/region", "/scaleway/managedDatabase/type"]) await ok("GET", p);
  expect((await ok("GET", "/aws/managedDatabase/type")).results).toContainEqual({ name: "POSTGRESQL" });
  expect((await ok("GET", "/aws/managedDatabase/instanceType/eu-west-3/POSTGRESQL")).results.length).toBeGreaterThan(0);
  const bad = await c.call("GET", "/aws/managedDatabase/instanceType/mars-1/POSTGRESQL");
  expect([bad.status, bad.body.message]).toEqual([400, expect.stringMatching(/^region:/)]);
});

it("locks and unlocks a cluster, runs an analysis to its end and reads its events and settings", async () => {
  const cluster = c.emu.ids.clusterIds[0] as string;
  const org = c.org;
  const lock = await ok("POST", `/cluster/${cluster}/lock`, { reason: "freeze", ttl_in_days: 2 });
  expect(lock).toMatchObject({ reason: "freeze", ttl_in_days: 2, cluster_id: cluster });
  expect((await c.call("POST", `/cluster/${cluster}/lock`, { reason: "again" })).status).toBe(409);
  expect((await c.call("POST", `/cluster/${cluster}/lock`, {})).status).toBe(400);
  expect((await ok("GET", `/organization/${org}/lock`)).results).toEqual([lock]);
  expect((await c.call("DELETE", `/cluster/${cluster}/lock`)).status).toBe(204);
  expect((await ok("GET", `/organization/${org}/lock`)).results).toEqual([]);
  expect((await c.call("DELETE", `/cluster/${cluster}/lock`)).status).toBe(404);

  const a = await ok("POST", `/clusters/${cluster}/analysis`, { kind: "DEPRECATED_API_CHECK", output_format: "JSON" });
  expect(a.status).toBe("PENDING");
  await waitFor(async () => (await ok("GET", `/clusters/${cluster}/analysis/${a.id}`)).status === "SUCCEEDED");
  expect((await ok("GET", `/clusters/${cluster}/analysis`)).results.map((x: { id: string }) => x.id)).toEqual([a.id]);
  expect((await ok("GET", `/clusters/${cluster}/analysis/${a.id}/logs`)).results).toHaveLength(2);
  expect((await c.call("POST", `/clusters/${cluster}/analysis`, { kind: "OTHER", output_format: "JSON" })).status).toBe(400);

  await ok("POST", `/organization/${org}/cluster/${cluster}/deploy`);
  const from = new Date(Date.now() - 60_000).toISOString();
  await waitFor(async () => (await ok("GET", `/cluster/${cluster}/events?from_date_time=${from}&to_date_time=${new Date(Date.now() + 60_000).toISOString()}`)).results.length > 0);
  expect((await c.call("GET", `/cluster/${cluster}/events`)).status).toBe(400);
  const values = await c.call("GET", `/organization/${org}/cluster/${cluster}/installationHelmValues`);
  expect([values.status, values.headers.get("content-type"), values.body]).toEqual([200, "application/x-yaml", expect.stringContaining(cluster)]);
  expect(await ok("PUT", `/organization/${org}/cluster/${cluster}/eks-anywhere/commit`, { commit_id: "abc123" })).toEqual({ commit_id: "abc123" });
  const jwt = (await ok("GET", `/organization/${org}/cluster/${cluster}/eks-anywhere/jwt`)).jwt;
  expect(jwt.split(".")).toHaveLength(3);
  expect((await ok("GET", `/organization/${org}/cluster/${cluster}/eks-anywhere/jwt`)).jwt).toBe(jwt);
  expect((await c.call("PUT", `/organization/${org}/cluster/${cluster}/karpenterPrivateSubnetIds`, { eks_karpenter_fargate_subnets_zone_a_ids: ["subnet-1"] })).status).toBe(200);
  expect((await c.call("PUT", `/organization/${org}/cluster/${cluster}/karpenterPrivateSubnetIds`, { eks_karpenter_fargate_subnets_zone_a_ids: "subnet-1" })).status).toBe(400);
});

afterAll(() => {
  const answers = seen.filter((a) => a.status < 300 && !/\/deploy$/.test(a.path));
  expect(answers.length).toBeGreaterThan(20);
  expect(referenceProblems(answers, "cluster extras contract")).toEqual([]);
});
