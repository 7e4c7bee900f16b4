/** `client.labelsGroups` and `client.annotationsGroups`: CRUD and associated items against the emulator, and lost creates. */
import { BadRequestError, isNotFound } from "../../sdk";
import { scaffold, useEmulator } from "./support/emulator-harness";
import { JSON_HEADERS, mockClient, rejectionOf, socketClosed } from "./support/helpers";

const harness = useEmulator(0);

describe("labels and annotations groups against the emulator", () => {
  test("labels groups: create, list with usage, get, replace, associated items, delete", async () => {
    const h = harness();
    const { orgId, environment, client } = await scaffold(h);
    const g = await client.labelsGroups.create(orgId, { name: "team", labels: [{ key: "team", value: "pay", propagate_to_cloud_provider: true }] });
    expect(g).toMatchObject({ name: "team", labels: [{ key: "team", value: "pay", propagate_to_cloud_provider: true }] });
    const app = await client.applications.create(environment.id, {
      name: "web", git_repository: { url: "https://github.com/acme/web" }, healthchecks: {}, labels_groups: [{ id: g.id }],
    });
    expect((await client.labelsGroups.list(orgId)).map((x) => [x.id, x.associated_items_count])).toEqual([[g.id, 1]]);
    const replaced = await client.labelsGroups.update(orgId, g.id, { name: "team-2", labels: [] });
    expect([replaced.name, replaced.labels]).toEqual(["team-2", []]);
    expect((await client.labelsGroups.get(orgId, g.id)).name).toBe("team-2");
    expect(await client.labelsGroups.associatedItems(orgId, g.id)).toEqual([expect.objectContaining({
      item_id: app.id, item_name: "web", item_type: "APPLICATION", environment_id: environment.id, environment_name: "staging",
    })]);
    await client.labelsGroups.delete(orgId, g.id);
    expect(isNotFound(await rejectionOf(client.labelsGroups.get(orgId, g.id)))).toBe(true);
    expect((await client.applications.get(app.id)).labels_groups).toEqual([]);
  });

  test("annotations groups: create, get, replace, associated items of a cron job, delete", async () => {
    const h = harness();
    const { orgId, environment, client } = await scaffold(h);
    const g = await client.annotationsGroups.create(orgId, { name: "trace", annotations: [{ key: "a.io/t", value: "1" }], scopes: ["PODS"] });
    expect(g).toMatchObject({ name: "trace", annotations: [{ key: "a.io/t", value: "1" }], scopes: ["PODS"] });
    const registryId = (await client.containerRegistries.list(orgId))[0]!.id;
    const job = await client.jobs.create(environment.id, {
      name: "nightly", healthchecks: {}, annotations_groups: [{ id: g.id }],
      source: { image: { image_name: "acme/report", tag: "1.0.0", registry_id: registryId } },
      schedule: { cronjob: { scheduled_at: "0 3 * * *" } },
    });
    expect((await client.annotationsGroups.associatedItems(orgId, g.id)).map((i) => [i.item_id, i.item_type])).toEqual([[job.id, "CRON"]]);
    const replaced = await client.annotationsGroups.update(orgId, g.id, { name: "trace", annotations: [], scopes: ["SERVICES", "INGRESS"] });
    expect(replaced.scopes).toEqual(["SERVICES", "INGRESS"]);
    await client.annotationsGroups.delete(orgId, g.id);
    expect(isNotFound(await rejectionOf(client.annotationsGroups.delete(orgId, g.id)))).toBe(true);
  });

  test("a bad request is refused before the POST is sent, naming the field", async () => {
    const h = harness();
    const client = h.client();
    const e = await rejectionOf(client.annotationsGroups.create(h.emu.ids.organizationId, { name: "x", annotations: [], scopes: ["NODES" as "PODS"] }));
    expect(e).toBeInstanceOf(BadRequestError);
    expect(String(e.message)).toContain("scopes[0]");
    expect((await h.requests()).filter((r) => r.method === "POST")).toEqual([]);
  });
});

describe("a labels group create whose answer was lost", () => {
  const group = (id: string, name: string) => ({ id, name, labels: [], created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z" });

  test("is the one group with the name made since the create began (an older namesake is not taken)", async () => {
    const { pool, client } = mockClient();
    let posts = 0;
    pool.intercept({ path: "/organization/o1/labelsGroups", method: "GET" }).reply(200, { results: [group("g-old", "team")] }, { headers: JSON_HEADERS });
    pool.intercept({ path: "/organization/o1/labelsGroups", method: "POST" }).reply(() => {
      posts++;
      throw socketClosed();
    });
    pool.intercept({ path: "/organization/o1/labelsGroups", method: "GET" })
      .reply(200, { results: [group("g-old", "team"), group("g-new", "team")] }, { headers: JSON_HEADERS });
    const created = await client.labelsGroups.create("o1", { name: "team", labels: [] });
    expect(created.id).toBe("g-new");
    expect(posts).toBe(1);
  });
});
