/**
 * Hosts and URLs of services as the live service formats them: an application's or a container's internal host
 * `app-z<id>`, a database's `z<id>-<type>`, external hosts `z<service>-z<environment>.<cluster domain>` while public,
 * in records, built-in variables and the `/link` routes.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { appBody, containerBody, dockerHubId, projectAndEnv, startClient, useEmulator } from "../support/helpers";
import { helmBody, helmRepositoryBody } from "../support/helm-terraform";

const c = useEmulator();

const z8 = (id: string): string => `z${id.replace(/-/g, "").slice(0, 8)}`;
const short = (id: string): string => z8(id).toUpperCase();

async function builtIns(envId: string): Promise<Map<string, string | null>> {
  const r = await c.call("GET", `/variable?parent_id=${envId}&scope=ENVIRONMENT`);
  expect(r.status).toBe(200);
  return new Map((r.body.results as Array<{ scope: string; key: string; value: string | null }>)
    .filter((v) => v.scope === "BUILT_IN").map((v) => [v.key, v.value]));
}

async function created(path: string, body: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call("POST", path, body);
  if (r.status !== 201) throw new Error(`POST ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

describe("hosts", () => {
  it("applications and containers: internal app-z<id>, external z<id>-z<env>.<cluster domain> while a port is public", async () => {
    const { envId } = await projectAndEnv(c, "hosts");
    const cluster = c.emu.ids.clusterIds[0];
    const app = await created(`/environment/${envId}/application`, appBody("api"));
    const ctr = await created(`/environment/${envId}/container`, containerBody("web", await dockerHubId(c), { ports: [{ internal_port: 80, publicly_accessible: false }] }));
    const vars = await builtIns(envId);
    expect(vars.get(`QOVERY_APPLICATION_${short(app.id)}_HOST_INTERNAL`)).toBe(`app-${z8(app.id)}`);
    expect(vars.get(`QOVERY_APPLICATION_${short(app.id)}_HOST_EXTERNAL`)).toBe(`${z8(app.id)}-${z8(envId)}.${z8(cluster)}.emulator.app`);
    expect(vars.get(`QOVERY_CONTAINER_${short(ctr.id)}_HOST_INTERNAL`)).toBe(`app-${z8(ctr.id)}`);
    expect(vars.has(`QOVERY_CONTAINER_${short(ctr.id)}_HOST_EXTERNAL`)).toBe(false);
  });

  it("databases: the record's host and the built-in are z<id>-<type>; a PUBLIC one has an external host too", async () => {
    const { envId } = await projectAndEnv(c, "db-hosts");
    const priv = await created(`/environment/${envId}/database`, { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" });
    const pub = await created(`/environment/${envId}/database`, { name: "cache", type: "REDIS", version: "7", mode: "CONTAINER", accessibility: "PUBLIC" });
    expect(priv.host).toBe(`${z8(priv.id)}-postgresql`);
    expect(pub.host).toBe(`${z8(pub.id)}-redis`);
    const vars = await builtIns(envId);
    expect(vars.get(`QOVERY_POSTGRESQL_${short(priv.id)}_HOST_INTERNAL`)).toBe(`${z8(priv.id)}-postgresql`);
    expect(vars.has(`QOVERY_POSTGRESQL_${short(priv.id)}_HOST_EXTERNAL`)).toBe(false);
    expect(vars.get(`QOVERY_REDIS_${short(pub.id)}_HOST_EXTERNAL`)).toBe(`${z8(pub.id)}-redis.${z8(c.emu.ids.clusterIds[0])}.emulator.app`);
  });

  it("a database of an older emulator's data file keeps the host it had; its clone gets one from its new id", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosts-"));
    const file = path.join(dir, "data.json");
    fs.copyFileSync(path.join(__dirname, "../../fixtures/upgrade/emulator-data.json"), file);
    const old = await startClient({ dataFile: file });
    try {
      const id = "08e890e1-95fe-4816-bcdd-691c32efdda5";
      expect((await old.call("GET", `/database/${id}`)).body.host).toBe("shop-db.47787087.emulator.internal");
      const copy = await old.call("POST", `/database/${id}/clone`, { name: "shop-db-2", environment_id: "47787087-7d22-4e74-9406-e16304a42146" });
      expect(copy.body.host).toBe(`${z8(copy.body.id)}-postgresql`);
    } finally {
      await old.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a clone has hosts of its own, formatted from its new ids", async () => {
    const { envId } = await projectAndEnv(c, "clone-hosts");
    const db = await created(`/environment/${envId}/database`, { name: "db", type: "MYSQL", version: "8", mode: "CONTAINER" });
    await created(`/environment/${envId}/application`, appBody("api"));
    const clone = (await c.call("POST", `/environment/${envId}/clone`, { name: "pr-7", mode: "PREVIEW", cluster_id: c.emu.ids.clusterIds[1] })).body;
    const copy = (await c.call("GET", `/environment/${clone.id}/application`)).body.results[0];
    const dbCopy = (await c.call("GET", `/environment/${clone.id}/database`)).body.results[0];
    expect([dbCopy.host, db.host]).toEqual([`${z8(dbCopy.id)}-mysql`, `${z8(db.id)}-mysql`]);
    const vars = await builtIns(clone.id);
    expect(vars.get(`QOVERY_APPLICATION_${short(copy.id)}_HOST_INTERNAL`)).toBe(`app-${z8(copy.id)}`);
    expect(vars.get(`QOVERY_APPLICATION_${short(copy.id)}_HOST_EXTERNAL`)).toBe(`${z8(copy.id)}-${z8(clone.id)}.${z8(c.emu.ids.clusterIds[1])}.emulator.app`);
  });
});

describe("links", () => {
  it("an application's: its default public port's host and custom domains, then each public port's; none without one", async () => {
    const { envId } = await projectAndEnv(c, "links");
    const ports = [{ internal_port: 8080, publicly_accessible: true, is_default: false }, { internal_port: 9000, publicly_accessible: true, is_default: true },
      { internal_port: 5000, publicly_accessible: false }];
    const app = await created(`/environment/${envId}/application`, appBody("api", { ports }));
    await created(`/application/${app.id}/customDomain`, { domain: "api.example.com", generate_certificate: true });
    const host = `${z8(app.id)}-${z8(envId)}.${z8(c.emu.ids.clusterIds[0])}.emulator.app`;
    const r = await c.call("GET", `/application/${app.id}/link`);
    expect(r.status).toBe(200);
    const base = { service_id: app.id, service_type: "APPLICATION", external_port: 443 };
    expect(r.body.results).toEqual([
      { ...base, url: `https://${host}`, internal_port: 9000, is_qovery_domain: true, is_default: true },
      { ...base, url: "https://api.example.com", internal_port: 9000, is_qovery_domain: false, is_default: true },
      { ...base, url: `https://p8080.${host}`, internal_port: 8080, is_qovery_domain: true, is_default: false },
      { ...base, url: `https://p9000.${host}`, internal_port: 9000, is_qovery_domain: true, is_default: false },
    ]);
    const hidden = await created(`/environment/${envId}/container`, containerBody("web", await dockerHubId(c), { ports: [{ internal_port: 80, publicly_accessible: false }] }));
    expect((await c.call("GET", `/container/${hidden.id}/link`)).body).toEqual({ results: [] });
    expect((await c.call("GET", `/environment/${envId}/link`)).body.results).toEqual(r.body.results);
    expect((await c.call("GET", `/job/${app.id}/link`)).status).toBe(404);
  });

  it("a Helm chart's ports are all served through its ingress", async () => {
    const { envId } = await projectAndEnv(c, "helm-links");
    const repo = (await c.call("POST", `/organization/${c.org}/helmRepository`, helmRepositoryBody("charts"))).body;
    const helm = await created(`/environment/${envId}/helm`, helmBody("cache", repo.id, {
      ports: [{ internal_port: 6379, external_port: 443, service_name: "redis", protocol: "HTTP", is_default: true }],
    }));
    const links = (await c.call("GET", `/helm/${helm.id}/link`)).body.results;
    const host = `${z8(helm.id)}-${z8(envId)}.${z8(c.emu.ids.clusterIds[0])}.emulator.app`;
    expect(links.map((l: { url: string; service_type: string }) => [l.url, l.service_type])).toEqual([[`https://${host}`, "HELM"], [`https://p6379.${host}`, "HELM"]]);
    expect((await builtIns(envId)).get(`QOVERY_HELM_${short(helm.id)}_HOST_EXTERNAL`)).toBe(host);
  });
});
