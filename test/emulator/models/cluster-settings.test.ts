/**
 * What a cluster holds besides its configuration, each coming back as sent: advanced settings (the keys set over the
 * defaults, refusals naming the key), the routing table, the DNS provider (never its API token), cloud provider info;
 * and its credentials: deleted, or the `invalid_credentials` fault, make it INVALID_CREDENTIALS (an error line in its
 * logs) until it gets others of its cloud.
 */
import { control } from "../../../emulator/control/control-client";
import { fieldOf, useEmulator } from "../support/helpers";

const c = useEmulator();

async function awsCredentials(name: string): Promise<string> {
  return (await c.call("POST", `/organization/${c.org}/aws/credentials`, { type: "AWS_STATIC", name, access_key_id: "AKIA", secret_access_key: "s" })).body.id as string;
}

async function cluster(credentialsId: string): Promise<{ id: string; item: string }> {
  const r = await c.call("POST", `/organization/${c.org}/cluster`, {
    name: "edge", region: "us-east-1", cloud_provider: "AWS", cloud_provider_credentials: { credentials: { id: credentialsId } },
  });
  return { id: r.body.id, item: `/organization/${c.org}/cluster/${r.body.id}` };
}

describe("a cluster's settings", () => {
  it("come back as sent", async () => {
    const { id, item } = await cluster(await awsCredentials("aws"));
    const defaults = (await c.call("GET", "/defaultClusterAdvancedSettings")).body;
    expect(defaults).toMatchObject({ "loki.log_retention_in_week": 12, "aws.eks.enable_alb_controller": true, "registry.mirroring_mode": "Service" });
    const set = await c.call("PUT", `${item}/advancedSettings`, { "loki.log_retention_in_week": 4, "database.postgresql.allowed_cidrs": ["10.0.0.0/8"] });
    expect(set.status).toBe(201);
    const read = (await c.call("GET", `${item}/advancedSettings`)).body;
    expect(read).toEqual({ ...defaults, "loki.log_retention_in_week": 4, "database.postgresql.allowed_cidrs": ["10.0.0.0/8"] });
    for (const [k, v] of [["loki.nope", 1], ["loki.log_retention_in_week", "4"], ["registry.mirroring_mode", "Node"]] as const) {
      const bad = await c.call("PUT", `${item}/advancedSettings`, { [k]: v });
      expect([k, bad.status, fieldOf(bad.body.message)]).toEqual([k, 400, k]);
    }

    const routes = [{ destination: "10.1.0.0/16", target: "pcx-01", description: "peering" }];
    expect((await c.call("PUT", `${item}/routingTable`, { routes })).body).toEqual({ results: routes });
    expect((await c.call("GET", `${item}/routingTable`)).body).toEqual({ results: routes });

    expect((await c.call("GET", `/cluster/${id}/dnsProvider`)).body.dns_provider).toMatchObject({ provider: "QOVERY" });
    const dns = { provider: "CLOUDFLARE", domain: "example.com", email: "ops@example.com", api_token: "cf-token-secret", proxied: true };
    const put = await c.call("PUT", `/cluster/${id}/dnsProvider`, { dns_provider: dns });
    const { api_token: _hidden, ...shown } = dns;
    expect(put.body).toEqual({ dns_provider: shown });
    expect((await c.call("GET", `/cluster/${id}/dnsProvider`)).body).toEqual({ dns_provider: shown });
    expect(await (await control(c.emu, "GET", "/state")).text()).not.toContain("cf-token-secret");
  });

  it("answer INVALID_CREDENTIALS when the credentials are deleted or the fault says so, until others are given", async () => {
    const first = await awsCredentials("first");
    const { id, item } = await cluster(first);
    await c.call("POST", `${item}/deploy`);
    expect((await c.call("GET", `${item}/status`)).body.status).toBe("DEPLOYED");
    await c.call("DELETE", `/organization/${c.org}/aws/credentials/${first}`);
    expect((await c.call("GET", `${item}/status`)).body.status).toBe("INVALID_CREDENTIALS");
    const logs = (await c.call("GET", `${item}/logs`)).body.results as Array<{ type: string; step: string }>;
    expect(logs[logs.length - 1]).toMatchObject({ type: "error", step: "CreateError" });

    const gcp = (await c.call("POST", `/organization/${c.org}/gcp/credentials`, { name: "g", gcp_credentials: "{}" })).body.id as string;
    const wrong = await c.call("POST", `${item}/cloudProviderInfo`, { credentials: { id: gcp } });
    expect([wrong.status, fieldOf(wrong.body.message)]).toEqual([400, "credentials.id"]);
    const second = await awsCredentials("second");
    const given = await c.call("POST", `${item}/cloudProviderInfo`, { credentials: { id: second } });
    expect([given.status, given.body]).toEqual([201, { cloud_provider: "AWS", region: "us-east-1", credentials: { id: second, name: "second" } }]);
    expect((await c.call("GET", `${item}/status`)).body.status).toBe("DEPLOYED");

    const seeded = c.emu.ids.clusterIds[0] as string;
    await control(c.emu, "POST", "/faults", { kind: "invalid_credentials", cluster_id: seeded });
    expect((await c.call("GET", `/organization/${c.org}/cluster/${seeded}/status`)).body.status).toBe("INVALID_CREDENTIALS");
    expect((await c.call("GET", `/organization/${c.org}/cluster/${id}/status`)).body.status).toBe("DEPLOYED");
    await control(c.emu, "DELETE", "/faults");
    expect((await c.call("GET", `/organization/${c.org}/cluster/${seeded}/status`)).body.status).toBe("DEPLOYED");
  });
});
