/**
 * Custom domains (sdk/custom-domains.ts) against the emulator: one group for applications and containers, the
 * domain's syntax checked before sending, a lost create recovered by domain, and the service kind checked.
 */
import { BadRequestError, customDomainProblem, isConflict, isNotFound, type CustomDomainServiceKind } from "../../sdk";
import { findTemplate, validate } from "../emulator/support/openapi-validator";
import { loadReference, requestSchemaOf } from "../emulator/support/reference-schema";
import { rejectionOf } from "./support/helpers";
import { scaffold, useEmulator, type Harness } from "./support/emulator-harness";

const harness = useEmulator(0);

async function withServices(h: Harness) {
  const { environment, client } = await scaffold(h);
  const app = await client.applications.create(environment.id, { name: "web", git_repository: { url: "https://github.com/acme/web" } });
  const registryId = (await client.containerRegistries.list(h.emu.ids.organizationId))[0]!.id;
  const ctr = await client.containers.create(environment.id, { name: "edge", registry_id: registryId, image_name: "nginx", tag: "1.27" });
  return { client, appId: app.id, ctrId: ctr.id };
}

describe("custom domains through the sdk", () => {
  test.each(["application", "container"] as const)("%s: create, list, status, update, check, delete, then not found", async (kind) => {
    const h = harness();
    const { client, appId, ctrId } = await withServices(h);
    const serviceId = kind === "application" ? appId : ctrId;
    const made = await client.customDomains.create(kind, serviceId, { domain: `${kind}.example.com`, generate_certificate: true });
    expect(made).toMatchObject({ domain: `${kind}.example.com`, generate_certificate: true, use_cdn: false, status: "VALIDATION_PENDING" });
    expect(made.validation_domain).toMatch(/\.emulator\.internal$/);
    expect((await client.customDomains.list(kind, serviceId)).map((d) => d.id)).toEqual([made.id]);
    expect((await client.customDomains.status(kind, serviceId, made.id)).domain).toBe(`${kind}.example.com`);
    const updated = await client.customDomains.update(kind, serviceId, made.id, { domain: `www.${kind}.example.com`, generate_certificate: false, use_cdn: true });
    expect([updated.domain, updated.generate_certificate, updated.use_cdn]).toEqual([`www.${kind}.example.com`, false, true]);
    expect(await client.customDomains.check(kind, serviceId)).toEqual([
      expect.objectContaining({ domain_name: `www.${kind}.example.com`, status: "DOMAIN_NOT_CONFIGURED" }),
    ]);
    await client.customDomains.delete(kind, serviceId, made.id);
    expect(isNotFound(await rejectionOf(client.customDomains.status(kind, serviceId, made.id)))).toBe(true);
    expect(isNotFound(await rejectionOf(client.customDomains.delete(kind, serviceId, made.id)))).toBe(true);
  });

  test("every call is an operation of the reference, and the bodies sent follow its request schema", async () => {
    const doc = loadReference("the custom domain calls against the reference");
    const h = harness();
    const { client, appId, ctrId } = await withServices(h);
    const before = (await h.requests()).length;
    const bodies = [{ domain: "a.example.com", generate_certificate: true }, { domain: "b.example.com", generate_certificate: false, use_cdn: true }];
    for (const [kind, id] of [["application", appId], ["container", ctrId]] as const) {
      const d = await client.customDomains.create(kind, id, bodies[0]!);
      await client.customDomains.list(kind, id);
      await client.customDomains.status(kind, id, d.id);
      await client.customDomains.update(kind, id, d.id, { ...bodies[1]!, domain: `${kind}.example.com` });
      await client.customDomains.check(kind, id);
      await client.customDomains.delete(kind, id, d.id);
    }
    const calls = (await h.requests()).slice(before).map((r) => `${r.method} ${r.path}`);
    expect(calls).toHaveLength(12);
    if (!doc) return;
    expect(calls.filter((call) => findTemplate(doc, call.split(" ")[0]!, call.split(" ")[1]!) === undefined)).toEqual([]);
    for (const [method, template] of [["POST", "/application/{applicationId}/customDomain"], ["PUT", "/container/{containerId}/customDomain/{customDomainId}"]]) {
      for (const body of bodies) expect(validate(doc, requestSchemaOf(doc, method!, template!), body)).toEqual([]);
    }
  });

  test("a domain the service would refuse is refused before sending, naming the field", async () => {
    const h = harness();
    const { client, appId } = await withServices(h);
    const before = (await h.requests()).length;
    const e = await rejectionOf(client.customDomains.create("application", appId, { domain: "bad_label.example.com", generate_certificate: true }));
    expect(e).toBeInstanceOf(BadRequestError);
    expect((e as BadRequestError).local).toBe(true);
    expect((e as Error).message).toMatch(/domain/);
    expect((await h.requests()).length).toBe(before);
  });

  test("a service kind without custom domains is a TypeError; nothing is sent", async () => {
    const h = harness();
    const { client, appId } = await withServices(h);
    const before = (await h.requests()).length;
    const e = await rejectionOf(Promise.resolve().then(() => client.customDomains.list("database" as CustomDomainServiceKind, appId)));
    expect(e).toBeInstanceOf(TypeError);
    expect((e as Error).message).toMatch(/^serviceKind: expected one of application, container, helm, got "database"/);
    expect((await h.requests()).length).toBe(before);
  });

  test("a create whose answer was lost is recovered by domain: one domain, one POST", async () => {
    const h = harness();
    const { client, appId } = await withServices(h);
    await h.fault({ method: "POST", path: `/application/${appId}/customDomain`, drop: "after" });
    const made = await client.customDomains.create("application", appId, { domain: "lost.example.com", generate_certificate: true });
    expect((await client.customDomains.list("application", appId)).map((d) => d.id)).toEqual([made.id]);
    const posts = (await h.requests()).filter((r) => r.method === "POST" && r.path === `/application/${appId}/customDomain`);
    expect(posts).toHaveLength(1);
  });

  test("a domain taken elsewhere in the organization is a conflict", async () => {
    const h = harness();
    const { client, appId, ctrId } = await withServices(h);
    await client.customDomains.create("application", appId, { domain: "shared.example.com", generate_certificate: true });
    expect(isConflict(await rejectionOf(client.customDomains.create("container", ctrId, { domain: "shared.example.com", generate_certificate: true })))).toBe(true);
  });
});

describe("customDomainProblem", () => {
  test.each(["example.com", "a.b.example.co.uk", "*.example.com", "x-1.example.io", `${"a".repeat(63)}.example.com`])("accepts %j", (domain) => {
    expect(customDomainProblem(domain)).toBeUndefined();
  });
  test.each([
    ["example", /two labels/], ["a..example.com", /label ""/], ["-a.example.com", /label "-a"/], ["a.example.com.", /label ""/],
    ["*example.com", /label "\*example"/], ["192.168.1.1", /IP address/], [`${"a".repeat(64)}.example.com`, /label/],
    [`${"abcdefghi.".repeat(26)}com`, /at most 253/],
  ])("refuses %j", (domain, why) => {
    expect(customDomainProblem(domain)).toMatch(why);
  });
});
