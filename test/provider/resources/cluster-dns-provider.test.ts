/**
 * A cluster's `dnsProvider`: set by its own call after create (the Cloudflare token sent, never answered, kept from
 * the state and stored as a Pulumi secret), read back on refresh (a change made outside shows as drift), changed in
 * place to Route 53, and refused before any call when a provider lacks what it needs or gets another's field.
 */
import { cluster, clusterProvider as p } from "../../../provider/resources/cluster/index";
import { clusterInputs } from "../lifecycle-rows/clusters";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, requests, useFixture } from "../support/fixture";

type Props = Record<string, unknown>;
const fx = useFixture();
const cloudflare = { provider: "CLOUDFLARE", domain: "example.com", email: "ops@example.com", apiToken: "cf-token-123" };
const route53 = { provider: "ROUTE53", domain: "example.com", awsRegion: "eu-west-3", awsAccessKeyId: "AKIAEXAMPLE", awsSecretAccessKey: "aws-secret-456" };
const check = async (news: Props) => p.check!({}, { ...news, __provider: "serialized" });

it("is set after create, read back on refresh, stored as a secret, and changed in place", async () => {
  const inputs = await checkedInputs(p, { ...(await clusterInputs(fx)), deploy: false, dnsProvider: cloudflare, __provider: "serialized" });
  const made = await p.create!(inputs);
  expect(made.outs["dnsProvider"]).toEqual(cloudflare);
  expect(cluster.secretInputs).toContain("dnsProvider");
  expect((await fx.client.clusters.dnsProvider(made.id)).dns_provider).toMatchObject({ provider: "CLOUDFLARE", domain: "example.com", email: "ops@example.com" });

  await clearRequests(fx.emulator);
  const read = await p.read!(made.id, made.outs);
  expect((read.inputs as Props)["dnsProvider"]).toEqual(cloudflare);
  expect((await requests(fx.emulator)).map((r) => `${r.method} ${r.path}`)).toContain(`GET /cluster/${made.id}/dnsProvider`);

  await fx.client.clusters.updateDnsProvider(made.id, { dns_provider: { provider: "QOVERY", domain: "outside.example.com" } });
  const drifted = await p.read!(made.id, made.outs);
  expect((drifted.inputs as Props)["dnsProvider"]).toEqual({ provider: "QOVERY", domain: "outside.example.com" });

  const moved = await checkedInputs(p, { ...inputs, dnsProvider: route53, __provider: "serialized" }, inputs);
  await clearRequests(fx.emulator);
  const updated = await p.update!(made.id, made.outs, moved);
  expect(updated.outs!["dnsProvider"]).toEqual(route53);
  expect((await requests(fx.emulator)).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /cluster/${made.id}/dnsProvider`]);
  expect((await fx.client.clusters.dnsProvider(made.id)).dns_provider).toMatchObject({ provider: "ROUTE53", aws_region: "eu-west-3" });
  await p.delete!(made.id, updated.outs!);
});

it("is refused before any call when a provider lacks what it needs or gets another's field", async () => {
  const base = await clusterInputs(fx);
  await clearRequests(fx.emulator);
  const failures = async (dnsProvider: Props) => (await check({ ...base, dnsProvider })).failures;
  expect(await failures({ ...cloudflare, apiToken: undefined })).toEqual([{ property: "dnsProvider.apiToken", reason: expect.stringContaining("is required for Cloudflare") }]);
  expect(await failures({ ...route53, awsSecretAccessKey: undefined })).toEqual([{ property: "dnsProvider.awsSecretAccessKey", reason: expect.stringContaining("is required for Route 53") }]);
  expect(await failures({ provider: "QOVERY", domain: "example.com", email: "ops@example.com" })).toEqual([{ property: "dnsProvider.email", reason: expect.stringContaining("is not a field of the service's own DNS") }]);
  expect((await failures({ provider: "GANDI", domain: "example.com" }))?.[0]?.property).toBe("dnsProvider.provider");
  expect(await requests(fx.emulator)).toEqual([]);
});
