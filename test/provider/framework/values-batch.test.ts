/**
 * A new service's initial variables and secrets, however few, go in one import (`POST /<kind>/{id}/environmentVariable/import`)
 * and one listing for their ids, instead of one create per key; files, aliases and overrides keep their own calls;
 * afterwards, changed values of keys already held go in one import where that costs fewer requests than one edit
 * each (two plain values; three with a secret, whose new `updated_at` a listing then reads), and other changes are
 * one call per key; a stored id the service no longer knows is looked up by key; a refresh of what the imports made
 * shows no drift.
 */
import { applicationProvider as p } from "../../../provider/resources/application/index";
import { containerProvider } from "../../../provider/resources/container";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, injectFault, requests, useFixture } from "../support/fixture";
import { ownValues, valueCalls, valuesAppInputs } from "./value-calls";

type Props = Record<string, unknown>;

const fx = useFixture({ clearFaultsAfterEach: true });
const SECRET = "batch-s3cr3t-never-logged";
let counter = 0;

function appInputs(extra: Props = {}): Props {
  counter += 1;
  return valuesAppInputs(fx.envId, `batch-app-${counter}`, SECRET, extra);
}

const own = (id: string, scope: "APPLICATION" | "CONTAINER") => ownValues(fx.client, id, scope);

describe("initial variables and secrets of a new service", () => {
  it("are one import even when there are only one or two: the listing that follows is the built-ins' anyway", async () => {
    const inputs = await checkedInputs(p, appInputs({ environmentVariables: { ONLY: "1" }, secrets: { TOKEN: SECRET } }));
    await clearRequests(fx.emulator);
    const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };
    expect(valueCalls(await requests(fx.emulator))).toEqual(["GET /variable", "POST /application/{id}/environmentVariable/import"]);
    const mine = await own(id, "APPLICATION");
    expect((outs["variableRefs"] as Record<string, { id: string }>)["ONLY"]?.id).toBe(mine.find((v) => v.key === "ONLY")?.id);
    expect((outs["secretRefs"] as Record<string, { id: string }>)["TOKEN"]?.id).toBe(mine.find((v) => v.key === "TOKEN")?.id);
    expect(Object.keys(outs["builtInVariables"] as Props).length).toBeGreaterThan(0);
    const read = (await p.read!(id, outs)) as { inputs: Props };
    expect([read.inputs["environmentVariables"], read.inputs["secrets"]]).toEqual([{ ONLY: "1" }, { TOKEN: SECRET }]);
  });

  it("are imported in one request and their ids read from one listing", async () => {
    const inputs = await checkedInputs(p, appInputs());
    await clearRequests(fx.emulator);
    const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };
    const log = await requests(fx.emulator);
    expect(valueCalls(log)).toEqual(["GET /variable", "POST /application/{id}/environmentVariable/import"]);
    expect(log.filter((r) => r.status >= 300)).toEqual([]);

    const mine = await own(id, "APPLICATION");
    const byKey = (k: string) => mine.find((v) => v.key === k);
    expect(["LOG_LEVEL", "REGION", "INDEX"].map((k) => [k, byKey(k)?.value, byKey(k)?.is_secret])).toEqual([
      ["LOG_LEVEL", "info", false], ["REGION", "eu", false], ["INDEX", "7", false],
    ]);
    expect([byKey("API_KEY")?.is_secret, byKey("API_KEY")?.value ?? null]).toEqual([true, null]);
    const variableRefs = outs["variableRefs"] as Record<string, { id: string }>;
    const secretRefs = outs["secretRefs"] as Record<string, { id: string; updatedAt?: string }>;
    expect(Object.fromEntries(Object.entries(variableRefs).map(([k, r]) => [k, r.id]))).toEqual({
      LOG_LEVEL: byKey("LOG_LEVEL")!.id, REGION: byKey("REGION")!.id, INDEX: byKey("INDEX")!.id,
    });
    expect(secretRefs["API_KEY"]?.id).toBe(byKey("API_KEY")!.id);
    expect(typeof secretRefs["API_KEY"]?.updatedAt).toBe("string");
    expect(outs["environmentVariables"]).toEqual({ LOG_LEVEL: "info", REGION: "eu", INDEX: "7" });
    expect(outs["secrets"]).toEqual({ API_KEY: SECRET });

    // The built-ins output comes from the same listing (no second one).
    expect(Object.keys(outs["builtInVariables"] as Props).length).toBeGreaterThan(0);

    // A refresh of what the import made shows what the program declared (no drift), from one listing.
    await clearRequests(fx.emulator);
    const read = (await p.read!(id, outs)) as { inputs: Props; props: Props };
    expect(valueCalls(await requests(fx.emulator))).toEqual(["GET /variable"]);
    expect(read.props["builtInVariables"]).toEqual(outs["builtInVariables"]);
    expect(read.inputs["environmentVariables"]).toEqual({ LOG_LEVEL: "info", REGION: "eu", INDEX: "7" });
    expect(read.inputs["secrets"]).toEqual({ API_KEY: SECRET });
    expect((read.props["secretRefs"] as Props)["API_KEY"]).toEqual(secretRefs["API_KEY"]);

    // Afterwards each changed key is one call: a new value is an edit, a new key a create, a removed key a delete.
    const next = await checkedInputs(p, { ...appInputs({ name: inputs["name"] }), environmentVariables: { LOG_LEVEL: "debug", REGION: "eu", EXTRA: "x" } });
    await clearRequests(fx.emulator);
    const updated = (await p.update!(id, outs, next)) as { outs: Props };
    expect(valueCalls(await requests(fx.emulator))).toEqual([
      "DELETE /application/{id}/environmentVariable/{id}",
      "POST /application/{id}/environmentVariable",
      "PUT /application/{id}/environmentVariable/{id}",
    ]);
    expect(Object.keys(updated.outs["variableRefs"] as Props).sort()).toEqual(["EXTRA", "LOG_LEVEL", "REGION"]);
  });

  it("afterwards, three or more changed values with a secret among them are one import and one listing; new keys keep their creates", async () => {
    const inputs = await checkedInputs(p, appInputs());
    const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };
    const before = outs["secretRefs"] as Record<string, { id: string; updatedAt?: string }>;
    const next = await checkedInputs(p, {
      ...appInputs({ name: inputs["name"] }),
      environmentVariables: { LOG_LEVEL: "debug", REGION: "us", INDEX: "7", NEW_KEY: "n" },
      secrets: { API_KEY: "batch-rotated-never-logged" },
    });
    await clearRequests(fx.emulator);
    const updated = (await p.update!(id, outs, next)) as { outs: Props };
    const log = await requests(fx.emulator);
    expect(valueCalls(log)).toEqual(["GET /variable", "POST /application/{id}/environmentVariable", "POST /application/{id}/environmentVariable/import"]);

    const mine = await own(id, "APPLICATION");
    const byKey = (k: string) => mine.find((v) => v.key === k);
    expect(["LOG_LEVEL", "REGION", "INDEX", "NEW_KEY"].map((k) => byKey(k)?.value)).toEqual(["debug", "us", "7", "n"]);
    const variableRefs = updated.outs["variableRefs"] as Record<string, { id: string }>;
    const secretRefs = updated.outs["secretRefs"] as Record<string, { id: string; updatedAt?: string }>;
    expect(Object.fromEntries(Object.entries(variableRefs).map(([k, r]) => [k, r.id]))).toEqual({
      LOG_LEVEL: byKey("LOG_LEVEL")!.id, REGION: byKey("REGION")!.id, INDEX: byKey("INDEX")!.id, NEW_KEY: byKey("NEW_KEY")!.id,
    });
    expect(secretRefs["API_KEY"]).toEqual({ id: byKey("API_KEY")!.id, updatedAt: byKey("API_KEY")!.updated_at });
    // The changed values were overwritten in place (same records); the new key was created on its own.
    const first = outs["variableRefs"] as Record<string, { id: string }>;
    expect(["LOG_LEVEL", "REGION", "INDEX"].map((k) => variableRefs[k]!.id)).toEqual(["LOG_LEVEL", "REGION", "INDEX"].map((k) => first[k]!.id));
    expect(secretRefs["API_KEY"]!.id).toBe(before["API_KEY"]!.id);

    // What was written reads back as the program's values: no drift, and the rotated secret is not "changed outside".
    const read = (await p.read!(id, updated.outs)) as { inputs: Props; props: Props };
    expect(read.inputs["environmentVariables"]).toEqual({ LOG_LEVEL: "debug", REGION: "us", INDEX: "7", NEW_KEY: "n" });
    expect(read.inputs["secrets"]).toEqual({ API_KEY: "batch-rotated-never-logged" });
    expect((await p.diff!(id, read.props, next)).changes).toBe(false);
  });

  it("afterwards, two changed plain values are one import and no listing: their records and stored ids stay", async () => {
    const inputs = await checkedInputs(p, appInputs());
    const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };
    const next = await checkedInputs(p, { ...appInputs({ name: inputs["name"] }), environmentVariables: { LOG_LEVEL: "debug", REGION: "us", INDEX: "7" } });
    await clearRequests(fx.emulator);
    const updated = (await p.update!(id, outs, next)) as { outs: Props };
    expect(valueCalls(await requests(fx.emulator))).toEqual(["POST /application/{id}/environmentVariable/import"]);
    const mine = await own(id, "APPLICATION");
    expect(["LOG_LEVEL", "REGION", "INDEX"].map((k) => mine.find((v) => v.key === k)?.value)).toEqual(["debug", "us", "7"]);
    expect(updated.outs["variableRefs"]).toEqual(outs["variableRefs"]);
    expect(updated.outs["environmentVariables"]).toEqual({ LOG_LEVEL: "debug", REGION: "us", INDEX: "7" });
    const read = (await p.read!(id, updated.outs)) as { props: Props };
    expect(read.props["variableRefs"]).toEqual(outs["variableRefs"]);
    expect((await p.diff!(id, read.props, next)).changes).toBe(false);

    // One changed value stays one edit: an import would cost as much and answer no record.
    const one = await checkedInputs(p, { ...appInputs({ name: inputs["name"] }), environmentVariables: { LOG_LEVEL: "warn", REGION: "us", INDEX: "7" } });
    await clearRequests(fx.emulator);
    await p.update!(id, updated.outs, one);
    expect(valueCalls(await requests(fx.emulator))).toEqual(["PUT /application/{id}/environmentVariable/{id}"]);
  });

  it("a key made again under a new id since it was stored is edited, and deleted, where it lives now", async () => {
    const inputs = await checkedInputs(p, appInputs());
    const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };
    const storedId = (outs["variableRefs"] as Record<string, { id: string }>)["LOG_LEVEL"]!.id;
    // Outside Pulumi: LOG_LEVEL and INDEX deleted and made again with the same keys (new ids).
    for (const key of ["LOG_LEVEL", "INDEX"]) {
      const held = (await own(id, "APPLICATION")).find((v) => v.key === key)!;
      await fx.client.environmentVariables.delete(id, held.id);
      await fx.client.environmentVariables.create(id, { key, value: held.value ?? "" });
    }
    const next = await checkedInputs(p, { ...appInputs({ name: inputs["name"] }), environmentVariables: { LOG_LEVEL: "debug", REGION: "eu" } });
    const updated = (await p.update!(id, outs, next)) as { outs: Props };
    const mine = await own(id, "APPLICATION");
    const level = mine.find((v) => v.key === "LOG_LEVEL")!;
    expect([level.value, level.id === storedId]).toEqual(["debug", false]);
    expect((updated.outs["variableRefs"] as Record<string, { id: string }>)["LOG_LEVEL"]!.id).toBe(level.id);
    expect(mine.filter((v) => v.key === "INDEX")).toEqual([]);
    expect(Object.keys(updated.outs["variableRefs"] as Props).sort()).toEqual(["LOG_LEVEL", "REGION"]);
  });

  it("a key removed from a service deleted outside Pulumi counts as deleted, as a gone key always has", async () => {
    const inputs = await checkedInputs(p, appInputs());
    const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };
    await fx.client.applications.delete(id);
    await fx.client.waitUntilGone(() => fx.client.applications.get(id));
    const next = await checkedInputs(p, { ...appInputs({ name: inputs["name"] }), environmentVariables: { LOG_LEVEL: "info", REGION: "eu" } });
    const updated = (await p.update!(id, outs, next)) as { outs: Props };
    expect(Object.keys(updated.outs["variableRefs"] as Props).sort()).toEqual(["LOG_LEVEL", "REGION"]);
  });

  it("keep their own calls for files, aliases and overrides beside the import", async () => {
    const inputs = await checkedInputs(p, appInputs({
      environmentVariableFiles: { CONF: { mountPath: "/etc/app.conf", value: "x=1" } },
      environmentVariableAliases: { LEVEL: "LOG_LEVEL" },
    }));
    await clearRequests(fx.emulator);
    const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };
    const writes = valueCalls(await requests(fx.emulator)).filter((s) => !s.startsWith("GET"));
    expect(writes).toEqual([
      "POST /application/{id}/environmentVariable",
      "POST /application/{id}/environmentVariable/import",
      "POST /application/{id}/environmentVariable/{id}/alias",
    ]);
    const mine = await own(id, "APPLICATION");
    expect(mine.find((v) => v.key === "LEVEL")?.aliased_variable?.key).toBe("LOG_LEVEL");
    expect(mine.find((v) => v.key === "CONF")?.mount_path).toBe("/etc/app.conf");
    expect(Object.keys(outs["variableRefs"] as Props).sort()).toEqual(["INDEX", "LOG_LEVEL", "REGION"]);
  });

  it("are imported for a container through its own route", async () => {
    const registries = await fx.client.containerRegistries.list(fx.orgId);
    const hubId = (registries.find((r) => r.kind === "DOCKER_HUB") ?? registries[0]!).id;
    counter += 1;
    const inputs = await checkedInputs(containerProvider, {
      environmentId: fx.envId, name: `batch-web-${counter}`, registryId: hubId, imageName: "nginx", tag: "1.27",
      ports: [{ internalPort: 80, publiclyAccessible: true }],
      environmentVariables: { A: "1", B: "2" }, secrets: { TOKEN: SECRET },
    });
    await clearRequests(fx.emulator);
    const { id, outs } = (await containerProvider.create!(inputs)) as { id: string; outs: Props };
    expect(valueCalls(await requests(fx.emulator))).toEqual(["GET /variable", "POST /container/{id}/environmentVariable/import"]);
    const mine = await own(id, "CONTAINER");
    expect(mine.map((v) => [v.key, v.is_secret]).sort()).toEqual([["A", false], ["B", false], ["TOKEN", true]]);
    expect((outs["secretRefs"] as Record<string, { id: string }>)["TOKEN"]?.id).toBe(mine.find((v) => v.key === "TOKEN")!.id);
  });

  it("a refused import fails the create after the service exists, recording nothing of the values, and the next up makes them", async () => {
    await injectFault(fx.emulator, { method: "POST", path: "/application/*/environmentVariable/import", status: 400, times: 1 });
    const inputs = await checkedInputs(p, appInputs());
    let error: { id?: string; properties?: Props; message: string } | undefined;
    try {
      await p.create!(inputs);
    } catch (e) {
      error = e as typeof error;
    }
    expect(error?.id).toBeDefined();
    expect(error!.properties!["environmentVariables"]).toEqual({});
    expect(error!.properties!["secrets"]).toEqual({});
    expect(error!.message).not.toContain(SECRET);
    const d = await p.diff!(error!.id!, error!.properties!, inputs);
    expect(d.changes).toBe(true);
    await p.update!(error!.id!, error!.properties!, inputs);
    expect((await own(error!.id!, "APPLICATION")).map((v) => v.key).sort()).toEqual(["API_KEY", "INDEX", "LOG_LEVEL", "REGION"]);
  });
});
