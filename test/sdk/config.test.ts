import { MockAgent } from "undici";
import { DeployServiceClient } from "../../sdk";
import { JSON_HEADERS, ORIGIN, TOKEN, project } from "./support/helpers";

describe("client configuration", () => {
  const saved = { url: process.env["DEPLOY_SERVICE_API_URL"], token: process.env["DEPLOY_SERVICE_API_TOKEN"] };
  afterEach(() => {
    for (const [key, value] of [["DEPLOY_SERVICE_API_URL", saved.url], ["DEPLOY_SERVICE_API_TOKEN", saved.token]] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  test("missing URL and token: the error names both variables", () => {
    delete process.env["DEPLOY_SERVICE_API_URL"];
    delete process.env["DEPLOY_SERVICE_API_TOKEN"];
    expect(() => new DeployServiceClient()).toThrow(/DEPLOY_SERVICE_API_URL.*DEPLOY_SERVICE_API_TOKEN/);
  });

  test("missing token only is named", () => {
    delete process.env["DEPLOY_SERVICE_API_TOKEN"];
    expect(() => new DeployServiceClient({ baseUrl: ORIGIN })).toThrow(/the API token \(option token or DEPLOY_SERVICE_API_TOKEN\)/);
  });

  test("falls back to the environment variables", () => {
    process.env["DEPLOY_SERVICE_API_URL"] = "http://env.test/";
    process.env["DEPLOY_SERVICE_API_TOKEN"] = "t";
    expect(new DeployServiceClient().baseUrl).toBe("http://env.test");
  });

  test("rejects a bad URL, scheme and numbers with the option named", () => {
    expect(() => new DeployServiceClient({ baseUrl: "not a url", token: "t" })).toThrow(/not a URL/);
    expect(() => new DeployServiceClient({ baseUrl: ORIGIN, token: "t", tokenScheme: "Basic" as never })).toThrow(/tokenScheme/);
    expect(() => new DeployServiceClient({ baseUrl: ORIGIN, token: "t", timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => new DeployServiceClient({ baseUrl: ORIGIN, token: "t", maxRetries: -1 })).toThrow(/maxRetries/);
  });

  test.each([
    [undefined, `Token ${TOKEN}`],
    ["Bearer" as const, `Bearer ${TOKEN}`],
  ])("sends Authorization with scheme %s", async (scheme, expected) => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const seen: unknown[] = [];
    agent.get(ORIGIN).intercept({ path: "/project/p1", method: "GET" }).reply((opts) => {
      seen.push((opts.headers as Record<string, string>)["authorization"]);
      return { statusCode: 200, data: project("p1", "x"), responseOptions: { headers: JSON_HEADERS } };
    });
    const client = new DeployServiceClient({ baseUrl: ORIGIN, token: TOKEN, dispatcher: agent, ...(scheme ? { tokenScheme: scheme } : {}) });
    await client.projects.get("p1");
    expect(seen).toEqual([expected]);
  });
});
