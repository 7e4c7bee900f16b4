/**
 * `readBuiltInVariables: false`: a new service's initial variables and secrets are one import with no listing after
 * it (the import answers no ids), so its values are stored with refs `{}`; the next refresh reads the ids (and tells
 * a secret changed outside Pulumi since the import by its `updated_at` against its `created_at`), and an edit or a
 * delete before that looks the keys up in one listing. The `builtInVariables` output is `{}` and costs no request; an
 * application's or a container's hosts (`internalHost`, `url`) are read by the first refresh's listing.
 */
import { applicationProvider as p } from "../../../provider/resources/application/index";
import { containerProvider } from "../../../provider/resources/container";
import { CHANGED_OUTSIDE } from "../../../provider/framework/common";
import { VariablesApi } from "../../../sdk";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, requests, useFixture } from "../support/fixture";
import { ownValues, valueCalls, valuesAppInputs } from "./value-calls";
import { withImplied } from "../../../provider/framework/implied-outputs";
import { serviceImpliedOutputs } from "../../../provider/service-kinds/parts";

type Props = Record<string, unknown>;
type Refs = Record<string, { id?: string; updatedAt?: string }>;

const fx = useFixture();
const SECRET = "unlisted-s3cr3t-never-logged";
let counter = 0;

function appInputs(extra: Props = {}): Props {
  counter += 1;
  return valuesAppInputs(fx.envId, `unlisted-app-${counter}`, SECRET, { readBuiltInVariables: false, ...extra });
}

const own = (id: string) => ownValues(fx.client, id, "APPLICATION");

async function created(extra: Props = {}): Promise<{ id: string; outs: Props; inputs: Props }> {
  const inputs = await checkedInputs(p, appInputs(extra));
  const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };
  return { id, outs, inputs };
}

describe("a service that does not read its built-in variables", () => {
  it("is created with one import and no listing; a refresh reads the ids and the hosts in one listing and shows no drift", async () => {
    const inputs = await checkedInputs(p, appInputs());
    expect(inputs["readBuiltInVariables"]).toBe(false);
    await clearRequests(fx.emulator);
    const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };
    expect(valueCalls(await requests(fx.emulator))).toEqual(["POST /application/{id}/environmentVariable/import"]);
    // The hosts wait for the first refresh, which lists anyway.
    expect(outs["internalHost"]).toBeUndefined();
    expect(outs["variableRefs"]).toEqual({ LOG_LEVEL: {}, REGION: {}, INDEX: {} });
    expect(outs["secretRefs"]).toEqual({ API_KEY: {} });
    // `{}`, which `readBuiltInVariables: false` implies: the state leaves it out, the program reads it (implied-outputs.ts).
    expect([outs["builtInVariables"], withImplied(outs, inputs, serviceImpliedOutputs)["builtInVariables"]]).toEqual([undefined, {}]);
    expect(outs["readBuiltInVariables"]).toBe(false);
    const mine = await own(id);
    expect(mine.map((v) => [v.key, v.is_secret]).sort()).toEqual([["API_KEY", true], ["INDEX", false], ["LOG_LEVEL", false], ["REGION", false]]);

    await clearRequests(fx.emulator);
    const read = (await p.read!(id, outs)) as { inputs: Props; props: Props };
    expect(valueCalls(await requests(fx.emulator))).toEqual(["GET /variable"]);
    const byKey = (k: string) => mine.find((v) => v.key === k)!;
    expect((read.props["variableRefs"] as Refs)["LOG_LEVEL"]).toEqual({ id: byKey("LOG_LEVEL").id });
    expect((read.props["secretRefs"] as Refs)["API_KEY"]?.id).toBe(byKey("API_KEY").id);
    expect(read.inputs["secrets"]).toEqual({ API_KEY: SECRET });
    expect(read.inputs["environmentVariables"]).toEqual({ LOG_LEVEL: "info", REGION: "eu", INDEX: "7" });
    expect([read.props["builtInVariables"], withImplied(read.props, read.inputs, serviceImpliedOutputs)["builtInVariables"]]).toEqual([undefined, {}]);
    expect(read.props["internalHost"]).toEqual(expect.stringMatching(/^app-z/));
    expect(read.inputs["readBuiltInVariables"]).toBe(false);
    expect((await p.diff!(id, read.props, inputs)).changes).toBe(false);
  });

  it("shows a secret changed outside Pulumi before the first refresh as changed outside", async () => {
    const { id, outs } = await created();
    const held = (await own(id)).find((v) => v.key === "API_KEY")!;
    await fx.client.secrets.update(id, held.id, { key: "API_KEY", value: "set-in-the-console" });
    const read = (await p.read!(id, outs)) as { inputs: Props };
    expect(read.inputs["secrets"]).toEqual({ API_KEY: CHANGED_OUTSIDE });
  });

  it("before a refresh, removes keys and edits values after one listing that finds their ids", async () => {
    const { id, outs, inputs } = await created();
    const next = await checkedInputs(p, { ...appInputs({ name: inputs["name"] }), environmentVariables: { LOG_LEVEL: "debug", REGION: "eu" } });
    await clearRequests(fx.emulator);
    const updated = (await p.update!(id, outs, next)) as { outs: Props };
    // INDEX's id from one listing, then its delete; LOG_LEVEL in an import (an edit would need its id too).
    expect(valueCalls(await requests(fx.emulator))).toEqual([
      "DELETE /application/{id}/environmentVariable/{id}",
      "GET /variable",
      "POST /application/{id}/environmentVariable/import",
    ]);
    const mine = await own(id);
    expect(mine.filter((v) => !v.is_secret).map((v) => [v.key, v.value]).sort()).toEqual([["LOG_LEVEL", "debug"], ["REGION", "eu"]]);
    expect(updated.outs["variableRefs"]).toEqual({ LOG_LEVEL: {}, REGION: {} });
    expect((await p.diff!(id, ((await p.read!(id, updated.outs)) as { props: Props }).props, next)).changes).toBe(false);
  });

  it("before a refresh, edits a secret by the id one listing finds, and the refresh after it sees the program's value", async () => {
    const { id, outs, inputs } = await created();
    const next = await checkedInputs(p, { ...appInputs({ name: inputs["name"] }), secrets: { API_KEY: "unlisted-rotated-never-logged" } });
    await clearRequests(fx.emulator);
    const updated = (await p.update!(id, outs, next)) as { outs: Props };
    expect(valueCalls(await requests(fx.emulator))).toEqual(["GET /variable", "PUT /application/{id}/secret/{id}"]);
    const held = (await own(id)).find((v) => v.key === "API_KEY")!;
    expect(updated.outs["secretRefs"]).toEqual({ API_KEY: { id: held.id, updatedAt: held.updated_at } });
    const read = (await p.read!(id, updated.outs)) as { inputs: Props };
    expect(read.inputs["secrets"]).toEqual({ API_KEY: "unlisted-rotated-never-logged" });
  });

  it("lists after an import whose answer does not name every value as imported, and keeps what the listing shows", async () => {
    const original = VariablesApi.prototype.importFor;
    const importFor = jest.spyOn(VariablesApi.prototype, "importFor").mockImplementation(async function (this: VariablesApi, ...args) {
      const answer = await original.apply(this, args);
      return { ...answer, successful_imported_variables: answer.successful_imported_variables.slice(1) };
    });
    try {
      const inputs = await checkedInputs(p, appInputs());
      await clearRequests(fx.emulator);
      const { id, outs } = (await p.create!(inputs)) as { id: string; outs: Props };
      expect(valueCalls(await requests(fx.emulator))).toEqual(["GET /variable", "POST /application/{id}/environmentVariable/import"]);
      const mine = await own(id);
      expect((outs["variableRefs"] as Refs)["REGION"]).toEqual({ id: mine.find((v) => v.key === "REGION")!.id });
    } finally {
      importFor.mockRestore();
    }
  });

  it("is the same for a container: one import through its own route, no listing", async () => {
    const registries = await fx.client.containerRegistries.list(fx.orgId);
    counter += 1;
    const inputs = await checkedInputs(containerProvider, {
      environmentId: fx.envId, name: `unlisted-web-${counter}`, registryId: registries[0]!.id, imageName: "nginx", tag: "1.27",
      environmentVariables: { A: "1" }, secrets: { TOKEN: SECRET }, readBuiltInVariables: false,
    });
    await clearRequests(fx.emulator);
    const { outs } = (await containerProvider.create!(inputs)) as { outs: Props };
    expect(valueCalls(await requests(fx.emulator))).toEqual(["POST /container/{id}/environmentVariable/import"]);
    expect([outs["variableRefs"], outs["secretRefs"], outs["builtInVariables"]]).toEqual([{ A: {} }, { TOKEN: {} }, undefined]);
    expect(withImplied(outs, inputs, serviceImpliedOutputs)["builtInVariables"]).toEqual({});
  });

  it("reads the built-ins when the program turns the reading on, in one listing and without replacing the service", async () => {
    const { id, outs, inputs } = await created();
    const next = await checkedInputs(p, { ...appInputs({ name: inputs["name"] }), readBuiltInVariables: true });
    const diff = await p.diff!(id, outs, next);
    expect([diff.changes, diff.replaces ?? []]).toEqual([true, []]);
    await clearRequests(fx.emulator);
    const updated = (await p.update!(id, outs, next)) as { outs: Props };
    expect(valueCalls(await requests(fx.emulator))).toEqual(["GET /variable"]);
    const builtIns = updated.outs["builtInVariables"] as Record<string, string>;
    expect(Object.keys(builtIns).some((k) => k.endsWith("_HOST_INTERNAL"))).toBe(true);
    expect(updated.outs["readBuiltInVariables"]).toBe(true);
  });
});
