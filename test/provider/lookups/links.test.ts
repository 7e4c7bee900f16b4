/**
 * getServiceLinks: a service's URLs as the service lists them (one GET), its default one as `url`, and `""` for a
 * service with no public port; a kind without links is refused before any request.
 */
import { findServiceLinks } from "../../../provider/lookups/index";
import { clearRequests, requests, useFixture } from "../support/fixture";

const fx = useFixture();

async function application(name: string, publicPort: boolean): Promise<string> {
  const app = await fx.client.applications.create(fx.envId, {
    name, git_repository: { url: "https://github.com/acme/shop.git", provider: "GITHUB", branch: "main" }, healthchecks: {},
    ...(publicPort ? { ports: [{ internal_port: 8080, external_port: 443, publicly_accessible: true, protocol: "HTTP" }] } : {}),
  });
  return app.id;
}

describe("getServiceLinks", () => {
  it("answers a service's links with one GET, the default one as its url", async () => {
    const id = await application("links-front", true);
    await clearRequests(fx.emulator);
    const found = await findServiceLinks(fx.client, { serviceKind: "application", serviceId: id });
    const listed = await fx.client.links.ofService("application", id);
    expect(found.links.map((l) => l.url)).toEqual(listed.map((l) => l.url));
    expect(found.url).toMatch(/^https:\/\//);
    expect(found.url).toBe(listed.find((l) => l.is_default)?.url);
    expect((await requests(fx.emulator)).filter((r) => r.path.endsWith("/link"))).toHaveLength(2);
  });

  it("answers an empty url for a service with no public port", async () => {
    const id = await application("links-worker", false);
    expect(await findServiceLinks(fx.client, { serviceKind: "application", serviceId: id })).toMatchObject({ url: "" });
  });

  it("refuses a kind without links before any request, naming the field", async () => {
    await clearRequests(fx.emulator);
    await expect(findServiceLinks(fx.client, { serviceKind: "database" as never, serviceId: "d1" })).rejects.toThrow(/serviceKind: expected one of application, container, helm/);
    expect(await requests(fx.emulator)).toEqual([]);
  });
});
