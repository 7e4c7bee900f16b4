/**
 * `ClusterAdvancedSettings` beyond its lifecycle row: the settings typed by the sdk's catalogue (a wrong type does
 * not compile), and a key removed or destroyed put back to the service's own default
 * (`GET /defaultClusterAdvancedSettings`), not the catalogue's fallback.
 */
import { ClusterAdvancedSettings, clusterAdvancedSettingsProvider, type ClusterAdvancedSettingsInput } from "../../../provider/resources/cluster/advanced-settings";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, requests, useFixture } from "../support/fixture";

const fx = useFixture();
const p = clusterAdvancedSettingsProvider;
const TIMEOUT = "envoy.gateway_api.http_request_timeout_seconds";
const RETENTION = "loki.log_retention_in_week";

it("is typed by the catalogue", () => {
  const typed: ClusterAdvancedSettingsInput = { [RETENTION]: 4, "aws.eks.ec2.metadata_imds": "required", "k8s.api.allowed_public_access_cidrs": ["10.0.0.0/8"] };
  // @ts-expect-error a retention is an integer
  const wrong: ClusterAdvancedSettingsInput = { [RETENTION]: "four" };
  expect([typeof ClusterAdvancedSettings, Object.keys(typed).length, Object.keys(wrong)]).toEqual(["function", 3, [RETENTION]]);
});

it("puts a removed key, and every key on destroy, back to the service's default", async () => {
  const clusterId = fx.clusterIds[1];
  const defaults = await fx.client.clusters.defaultAdvancedSettings();
  const base = { organizationId: fx.orgId, clusterId };
  const both = await checkedInputs(p, { ...base, settings: { [TIMEOUT]: 30, [RETENTION]: 4 }, __provider: "serialized" });
  const made = await p.create!(both);
  expect(made.outs.settings).toEqual({ [TIMEOUT]: 30, [RETENTION]: 4 });

  const one = await checkedInputs(p, { ...base, settings: { [RETENTION]: 4 }, __provider: "serialized" }, both);
  await clearRequests(fx.emulator);
  await p.update!(made.id, made.outs, one);
  expect((await requests(fx.emulator)).map((r) => `${r.method} ${r.path}`)).toEqual([
    "GET /defaultClusterAdvancedSettings", `PUT /organization/${fx.orgId}/cluster/${clusterId}/advancedSettings`,
  ]);
  const after = await fx.client.clusters.advancedSettings(fx.orgId, clusterId);
  expect([after[TIMEOUT], after[RETENTION]]).toEqual([defaults[TIMEOUT], 4]);
  expect(defaults[TIMEOUT]).not.toBeNull();

  await p.delete!(made.id, { ...base, settings: { [RETENTION]: 4 } });
  expect((await fx.client.clusters.advancedSettings(fx.orgId, clusterId))[RETENTION]).toBe(defaults[RETENTION]);
});
