import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmulator } from "../../../emulator";
import { control } from "../../../emulator/control/control-client";
import { appBody, containerBody, dockerHubId, fieldOf, projectAndEnv, useEmulator, type Client } from "../support/helpers";

const c = useEmulator();

/** An environment with one application and one container; their ids. */
async function services(client: Client, project = "proj"): Promise<{ envId: string; appId: string; ctrId: string }> {
  const { envId } = await projectAndEnv(client, project);
  const app = await client.call("POST", `/environment/${envId}/application`, appBody("api"));
  const ctr = await client.call("POST", `/environment/${envId}/container`, containerBody("web", await dockerHubId(client)));
  return { envId, appId: app.body.id, ctrId: ctr.body.id };
}

describe("custom domains of applications and containers", () => {
  it("adds (201), lists, reads the status of, replaces and removes a domain of an application", async () => {
    const { appId } = await services(c);
    const base = `/application/${appId}/customDomain`;
    const made = await c.call("POST", base, { domain: "shop.example.com", generate_certificate: true });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ domain: "shop.example.com", generate_certificate: true, use_cdn: false, status: "VALIDATION_PENDING" });
    expect(made.body.validation_domain).toMatch(/^z[0-9a-f]{8}\.[0-9a-f]{8}\.emulator\.internal$/);
    expect(made.body.created_at).toBe(made.body.updated_at);

    expect((await c.call("GET", base)).body.results.map((d: { id: string }) => d.id)).toEqual([made.body.id]);
    const status = await c.call("GET", `${base}/${made.body.id}/status`);
    expect([status.status, status.body]).toEqual([200, made.body]);

    const put = await c.call("PUT", `${base}/${made.body.id}`, { domain: "www.example.com", generate_certificate: false, use_cdn: true });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: made.body.id, domain: "www.example.com", generate_certificate: false, use_cdn: true });
    expect(put.body.validation_domain).toBe(made.body.validation_domain);
    expect(put.body.updated_at > made.body.updated_at).toBe(true);
    // The edit is the whole request again: a left-out use_cdn is false.
    expect((await c.call("PUT", `${base}/${made.body.id}`, { domain: "www.example.com", generate_certificate: false })).body.use_cdn).toBe(false);

    expect((await c.call("DELETE", `${base}/${made.body.id}`)).status).toBe(204);
    expect((await c.call("GET", `${base}/${made.body.id}/status`)).status).toBe(404);
    expect((await c.call("DELETE", `${base}/${made.body.id}`)).status).toBe(404);
    expect((await c.call("GET", base)).body.results).toEqual([]);
  });

  it("serves containers the same way, each service seeing only its own domains", async () => {
    const { appId, ctrId } = await services(c);
    const d = (await c.call("POST", `/container/${ctrId}/customDomain`, { domain: "*.static.example.com", generate_certificate: true, use_cdn: true })).body;
    expect(d).toMatchObject({ domain: "*.static.example.com", use_cdn: true });
    expect((await c.call("GET", `/container/${ctrId}/customDomain`)).body.results).toHaveLength(1);
    expect((await c.call("GET", `/application/${appId}/customDomain`)).body.results).toEqual([]);
    // A domain is addressed under its own service only.
    expect((await c.call("GET", `/application/${appId}/customDomain/${d.id}/status`)).status).toBe(404);
    expect((await c.call("DELETE", `/application/${appId}/customDomain/${d.id}`)).status).toBe(404);
    expect((await c.call("GET", `/container/${appId}/customDomain`)).status).toBe(404);
    expect((await c.call("GET", `/application/00000000-0000-4000-8000-000000000000/customDomain`)).status).toBe(404);
  });

  it.each([
    ["localhost", /two labels/],
    ["-shop.example.com", /label '-shop'/],
    ["shop..example.com", /label ''/],
    ["shop_1.example.com", /label 'shop_1'/],
    ["shop.*.example.com", /label '\*'/],
    ["10.0.0.1", /not an IP address/],
    [`${"a".repeat(64)}.example.com`, /label 'a{64}'/],
    [`${"abcdefghi.".repeat(26)}com`, /253 characters/],
  ])("refuses the domain %j with a 400 naming the field", async (domain, why) => {
    const { appId } = await services(c);
    const r = await c.call("POST", `/application/${appId}/customDomain`, { domain, generate_certificate: true });
    expect(r.status).toBe(400);
    expect(fieldOf(r.body.message)).toBe("domain");
    expect(r.body.message).toMatch(why);
  });

  it("requires domain and generate_certificate, naming the field", async () => {
    const { appId } = await services(c);
    const noFlag = await c.call("POST", `/application/${appId}/customDomain`, { domain: "a.example.com" });
    expect([noFlag.status, fieldOf(noFlag.body.message)]).toEqual([400, "generate_certificate"]);
    const noDomain = await c.call("POST", `/application/${appId}/customDomain`, { generate_certificate: true });
    expect([noDomain.status, fieldOf(noDomain.body.message)]).toEqual([400, "domain"]);
  });

  it("keeps a domain unique in the organization, ignoring case (409 naming the service that has it)", async () => {
    const { appId, ctrId } = await services(c);
    const first = (await c.call("POST", `/application/${appId}/customDomain`, { domain: "Shop.Example.com", generate_certificate: true })).body;
    const again = await c.call("POST", `/container/${ctrId}/customDomain`, { domain: "shop.example.COM", generate_certificate: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^domain: .*'api'/);
    const other = (await services(c, "other")).appId;
    expect((await c.call("POST", `/application/${other}/customDomain`, { domain: "shop.example.com", generate_certificate: true })).status).toBe(409);
    // Editing a domain to its own name (another case) is no conflict; editing to another's is.
    const second = (await c.call("POST", `/application/${appId}/customDomain`, { domain: "b.example.com", generate_certificate: true })).body;
    expect((await c.call("PUT", `/application/${appId}/customDomain/${first.id}`, { domain: "shop.example.com", generate_certificate: true })).status).toBe(200);
    expect((await c.call("PUT", `/application/${appId}/customDomain/${second.id}`, { domain: "SHOP.example.com", generate_certificate: true })).status).toBe(409);
  });

  it("checks a service's domains: the emulator resolves no DNS, so each is not configured, naming its CNAME target", async () => {
    const { appId } = await services(c);
    const d = (await c.call("POST", `/application/${appId}/customDomain`, { domain: "shop.example.com", generate_certificate: true })).body;
    const r = await c.call("GET", `/application/${appId}/checkCustomDomain`);
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([{ domain_name: "shop.example.com", status: "DOMAIN_NOT_CONFIGURED", error_details: expect.stringContaining(d.validation_domain) }]);
  });

  it("deletes a service's domains with the service: the domain is free again and the store no longer holds it", async () => {
    const { appId, ctrId } = await services(c);
    await c.call("POST", `/application/${appId}/customDomain`, { domain: "shop.example.com", generate_certificate: true });
    expect((await c.call("DELETE", `/application/${appId}`)).status).toBe(204);
    expect((await c.call("GET", `/application/${appId}/customDomain`)).status).toBe(404);
    expect((await c.call("POST", `/container/${ctrId}/customDomain`, { domain: "shop.example.com", generate_certificate: true })).status).toBe(201);
    const state = (await (await control(c.emu, "GET", "/state")).json()) as { customDomains: Record<string, { service_id: string }> };
    expect(Object.values(state.customDomains).map((d) => d.service_id)).toEqual([ctrId]);
  });

  it("a data file of an older emulator (no custom domains) loads, its services answering no domains", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-domains-"));
    const file = path.join(dir, "data.json");
    fs.copyFileSync(path.resolve(__dirname, "../../fixtures/upgrade/emulator-data.json"), file);
    const old = JSON.parse(fs.readFileSync(file, "utf8")) as { state: { applications: Record<string, unknown> } };
    const appId = Object.keys(old.state.applications)[0] as string;
    expect(old.state).not.toHaveProperty("customDomains");
    const emu = await startEmulator({ dataFile: file, stepMs: 0, quiet: true });
    try {
      const r = await fetch(`${emu.url}/application/${appId}/customDomain`, { headers: { authorization: `Token ${emu.tokens.admin}` } });
      expect([r.status, await r.json()]).toEqual([200, { results: [] }]);
    } finally {
      await emu.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
