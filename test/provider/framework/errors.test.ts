import { describeFailure, partialFailure, readOrGone } from "../../../provider/framework/errors";
import { gitTokenProvider } from "../../../provider/resources/git-token";
import { findOrganization } from "../../../provider/lookups/index";
import { errorFromStatus, type DeployServiceClient } from "../../../sdk";
import { useFixture } from "../support/fixture";

const err = (status: number, serviceMessage = "explanation") =>
  errorFromStatus({ status, method: "GET", path: "/project/p-1", serviceMessage });

describe("readOrGone", () => {
  it("turns 404 into undefined", async () => {
    await expect(readOrGone(() => Promise.reject(err(404)))).resolves.toBeUndefined();
  });

  it("turns 401 and 403 into an error saying the token was refused, never 'not found'", async () => {
    await expect(readOrGone(() => Promise.reject(err(401)))).rejects.toThrow(/token was refused \(401\)/);
    await expect(readOrGone(() => Promise.reject(err(403)))).rejects.toThrow(/token was refused \(403\).*permission/);
  });

  it("rethrows other errors as they are", async () => {
    const e = err(500);
    await expect(readOrGone(() => Promise.reject(e))).rejects.toBe(e);
  });
});

describe("describeFailure and partialFailure", () => {
  it("carry the action, the status and the service's message", () => {
    const e = describeFailure(err(409, "name taken"), 'creating project "web"');
    expect(e.message).toMatch(/creating project "web" failed \(HTTP 409\).*name taken/);
  });

  it("carry the id and properties the engine needs to keep a partial object", () => {
    const e = partialFailure(err(400), "finishing", "id-1", { name: "x" });
    expect(e.id).toBe("id-1");
    expect(e.properties).toEqual({ name: "x" });
    expect(e.reasons).toEqual([e.message]);
  });
});

describe("getOrganization with several organizations", () => {
  it("asks for a name, listing them", async () => {
    const client = { organizations: { list: async () => [{ id: "1", name: "a" }, { id: "2", name: "b" }] } } as unknown as DeployServiceClient;
    await expect(findOrganization(client)).rejects.toThrow(/several organizations \("a", "b"\); pass \{ name \}/);
    expect((await findOrganization(client, { name: "b" })).id).toBe("2");
  });
});

describe("secrets in errors from the service", () => {
  const fx = useFixture();

  it("a conflicting git token create does not quote the token", async () => {
    const inputs = { organizationId: fx.orgId, name: "dup", type: "GITHUB", token: "ghp_must_not_leak_1234", description: "" };
    await gitTokenProvider.create!(inputs);
    let message = "";
    try {
      await gitTokenProvider.create!(inputs);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/creating git token "dup" failed \(HTTP 409\)/);
    expect(message).not.toContain("ghp_must_not_leak_1234");
  });
});
