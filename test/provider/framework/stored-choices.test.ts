/**
 * After a refresh the stored inputs hold what the service chose where the program left values out (a port's
 * external port and default flag, the deployment stage, a database's memory). The engine shows a change as the
 * difference of stored and checked inputs, so `check` carries those choices over: a later change shows only itself.
 */
import { isDeepStrictEqual } from "node:util";
import { applicationProvider as app } from "../../../provider/resources/application/index";
import { databaseProvider as database } from "../../../provider/resources/database";
import { withStoredChoices } from "../../../provider/framework/stored-choices";
import { UNKNOWN } from "../../../provider/framework/unknowns";
import { checkedInputs } from "../support/check-helpers";
import { useFixture } from "../support/fixture";

type Props = Record<string, unknown>;

const fx = useFixture();

/** The inputs a refresh stores for the object `create` made from `program`. */
async function refreshedInputs(provider: typeof app, program: Props): Promise<Props> {
  const created = await provider.create!(await checkedInputs(provider, program));
  const read = await provider.read!(created.id, created.outs as Props);
  return read.inputs as Props;
}

describe("check after a refresh", () => {
  it("keeps an application's port choices, so a changed variable is the only difference", async () => {
    const program: Props = {
      environmentId: fx.envId, name: "choices-api", gitRepository: { url: "https://github.com/acme/api.git" },
      ports: [{ internalPort: 8080, publiclyAccessible: true }], environmentVariables: { MODE: "a" },
    };
    const stored = await refreshedInputs(app, program);
    const storedPort = (stored["ports"] as Props[])[0]!;
    // What the service chose is in the stored inputs: the case this is about.
    expect(storedPort["isDefault"]).toBe(true);

    const checked = await app.check!(stored, { ...program, environmentVariables: { MODE: "b" } });
    expect(checked.failures ?? []).toEqual([]);
    const inputs = checked.inputs as Props;
    expect(inputs["ports"]).toEqual(stored["ports"]);
    const differing = Object.keys({ ...stored, ...inputs }).filter((k) => !isDeepStrictEqual(stored[k], inputs[k]));
    expect(differing).toEqual(["environmentVariables"]);
  });

  it("carries nothing into a replacement: another environment chooses its own stage and ports", async () => {
    const program: Props = {
      environmentId: fx.envId, name: "choices-moved", gitRepository: { url: "https://github.com/acme/api.git" },
      ports: [{ internalPort: 8080, publiclyAccessible: true }],
    };
    const stored = await refreshedInputs(app, program);
    for (const environmentId of [fx.env2Id, UNKNOWN]) {
      const inputs = (await app.check!(stored, { ...program, environmentId })).inputs as Props;
      expect(inputs["deploymentStageId"]).toBeUndefined();
      expect((inputs["ports"] as Props[])[0]!["isDefault"]).toBeUndefined();
    }
  });

  it("keeps a database's memory the program leaves out, and takes the one it sets", async () => {
    const program: Props = { environmentId: fx.envId, name: "choices-db", type: "POSTGRESQL", version: "16", mode: "CONTAINER", accessibility: "PRIVATE" };
    const stored = await refreshedInputs(database, program);
    expect(stored["memory"]).toEqual(expect.any(Number));
    expect(((await database.check!(stored, { ...program })).inputs as Props)["memory"]).toBe(stored["memory"]);
    expect(((await database.check!(stored, { ...program, memory: 2048 })).inputs as Props)["memory"]).toBe(2048);
  });
});

describe("withStoredChoices", () => {
  const family = { computedKeys: ["memory", "token"], replaceOn: ["parentId"], secretKeys: ["token"] };

  it("carries nothing on create, when nothing is stored", () => {
    expect(withStoredChoices({ parentId: "p" }, {}, family)).toEqual({ parentId: "p" });
    expect(withStoredChoices({ parentId: "p" }, { __provider: "x" }, family)).toEqual({ parentId: "p" });
  });

  it("never carries a secret field: only what the program gave is checked as secret", () => {
    const out = withStoredChoices({ parentId: "p" }, { parentId: "p", memory: 512, token: "stored-secret" }, family);
    expect(out).toEqual({ parentId: "p", memory: 512 });
  });

  it("keeps what the program sets over the stored choice", () => {
    expect(withStoredChoices({ parentId: "p", memory: 1024 }, { parentId: "p", memory: 512 }, family)).toEqual({ parentId: "p", memory: 1024 });
  });
});
