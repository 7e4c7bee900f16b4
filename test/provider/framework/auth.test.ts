import { projectProvider } from "../../../provider/resources/project";
import { API_TOKEN_ENV, resetCredentials } from "../../../provider/framework/credentials";
import { useFixture } from "../support/fixture";

const fx = useFixture();

function useToken(token: string): void {
  process.env[API_TOKEN_ENV] = token;
  resetCredentials();
}

describe("a refused token is an error, never 'not found'", () => {
  it("403 (read-only scope) on create says the token was refused", async () => {
    useToken(fx.emulator.tokens.read);
    await expect(projectProvider.create!({ organizationId: fx.orgId, name: "nope", description: "" })).rejects.toThrow(
      /token was refused \(403\)/,
    );
  });

  it("401 (revoked token) on read fails instead of dropping the object", async () => {
    useToken(fx.emulator.tokens.admin);
    const { id, outs } = await projectProvider.create!({ organizationId: fx.orgId, name: "kept", description: "" });
    useToken(fx.emulator.tokens.write);
    await fetch(`${fx.emulator.url}/_emulator/tokens/write/revoke`, { method: "POST", headers: { "content-type": "application/json" } });
    const read = projectProvider.read!(id, outs);
    await expect(read).rejects.toThrow(/token was refused \(401\)/);
    await expect(projectProvider.read!(id, outs)).rejects.not.toThrow(new RegExp(fx.emulator.tokens.write));
    useToken(fx.emulator.tokens.admin);
    expect((await projectProvider.read!(id, outs)).id).toBe(id);
  });
});

describe("a Read token refreshes a database whose credentials it may not read", () => {
  it("keeps the stored credentials and connection outputs instead of failing the refresh", async () => {
    const { databaseProvider } = await import("../../../provider/resources/database");
    useToken(fx.emulator.tokens.admin);
    const inputs = {
      environmentId: fx.envId, name: "db-read-refresh", type: "POSTGRESQL", version: "16", mode: "CONTAINER",
      masterCredentials: { login: "shop", password: "db-password-kept" },
    };
    const { id, outs } = await databaseProvider.create!((await databaseProvider.check!({}, inputs)).inputs);
    useToken(fx.emulator.tokens.read);
    const r = await databaseProvider.read!(id, outs);
    expect(r.id).toBe(id);
    expect(r.props).toMatchObject({ login: "shop", password: "db-password-kept", host: outs["host"], port: outs["port"] });
    expect((r.inputs as Record<string, unknown>)["masterCredentials"]).toEqual({ login: "shop", password: "db-password-kept" });
    useToken(fx.emulator.tokens.admin);
  });
});
