import {
  API_TOKEN_ENV, API_URL_ENV, apiClient, configureFromStack, resolveTokenScheme, stackTokenScheme,
  TOKEN_SCHEME_ENV, TOKEN_SCHEME_KEY,
} from "../../../provider/framework/credentials";
import { providerFor } from "../../../provider/runtime";
import * as http from "node:http";
import * as pulumi from "@pulumi/pulumi";
import { getOrganizationOutput } from "../../../provider/lookups/index";
import { useCredentialsSandbox } from "./credentials-auth-header";

const NAMES = [API_URL_ENV, API_TOKEN_ENV, TOKEN_SCHEME_ENV] as const;
const sandbox = useCredentialsSandbox(NAMES);

function config(values: Record<string, string>) {
  return { get: (key: string) => values[key] };
}

describe("deploy-service:tokenScheme", () => {
  it("defaults to Token", async () => {
    configureFromStack(config({ "deploy-service:apiUrl": sandbox().url, "deploy-service:apiToken": "tok-1" }));
    expect(resolveTokenScheme()).toBe("Token");
    await apiClient().organizations.list();
    expect(sandbox().seen).toEqual(["Token tok-1"]);
  });

  it("sends Bearer when the stack config says so, through the provider host's configure", async () => {
    await providerFor("Project").configure!({
      config: config({ "deploy-service:apiUrl": sandbox().url, "deploy-service:apiToken": "jwt-1", [TOKEN_SCHEME_KEY]: "Bearer" }) as never,
    });
    await apiClient().organizations.list();
    expect(sandbox().seen).toEqual(["Bearer jwt-1"]);
  });

  it("reads DEPLOY_SERVICE_TOKEN_SCHEME when the stack config has none, and the stack config wins over it", async () => {
    process.env[TOKEN_SCHEME_ENV] = "Bearer";
    configureFromStack(config({ "deploy-service:apiUrl": sandbox().url, "deploy-service:apiToken": "jwt-2" }));
    expect(resolveTokenScheme()).toBe("Bearer");
    configureFromStack(config({ "deploy-service:apiUrl": sandbox().url, "deploy-service:apiToken": "tok-2", [TOKEN_SCHEME_KEY]: "Token" }));
    await apiClient().organizations.list();
    expect(sandbox().seen).toEqual(["Token tok-2"]);
  });

  it("builds a new client when the scheme changes", () => {
    configureFromStack(config({ "deploy-service:apiUrl": sandbox().url, "deploy-service:apiToken": "t" }));
    const first = apiClient();
    configureFromStack(config({ "deploy-service:apiUrl": sandbox().url, "deploy-service:apiToken": "t", [TOKEN_SCHEME_KEY]: "Bearer" }));
    expect(apiClient()).not.toBe(first);
  });

  it("refuses another value from the stack config, naming the key and the two choices, without quoting it", () => {
    configureFromStack(config({ "deploy-service:apiUrl": sandbox().url, "deploy-service:apiToken": "t", [TOKEN_SCHEME_KEY]: "bearer-secretish" }));
    let message = "";
    try {
      apiClient();
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^deploy-service: stack config "deploy-service:tokenScheme" must be "Token" \(API tokens\) or "Bearer"/);
    expect(message).not.toContain("bearer-secretish");
    expect(sandbox().seen).toEqual([]);
  });

  it("refuses another value from the environment, naming the variable", () => {
    process.env[TOKEN_SCHEME_ENV] = "Basic";
    configureFromStack(config({ "deploy-service:apiUrl": sandbox().url, "deploy-service:apiToken": "t" }));
    expect(() => resolveTokenScheme()).toThrow(/^deploy-service: environment variable DEPLOY_SERVICE_TOKEN_SCHEME must be "Token" .* or "Bearer"/);
  });

  it("is the same rule for a value a program read (lookups): config, else the environment, else Token", () => {
    expect(stackTokenScheme("Bearer", {})).toBe("Bearer");
    expect(stackTokenScheme(undefined, { [TOKEN_SCHEME_ENV]: "Bearer" })).toBe("Bearer");
    expect(stackTokenScheme(" ", {})).toBe("Token");
    expect(() => stackTokenScheme("token", {})).toThrow(/stack config "deploy-service:tokenScheme" must be "Token" .* or "Bearer"/);
  });
});

describe("lookups in the program", () => {
  it("send the token with the stack's deploy-service:tokenScheme", async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(String(req.headers.authorization ?? ""));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ results: [{ id: "org-1", name: "acme", created_at: "2026-01-01T00:00:00Z" }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    pulumi.runtime.setConfig("deploy-service:apiUrl", `http://127.0.0.1:${(server.address() as { port: number }).port}`);
    pulumi.runtime.setConfig("deploy-service:tokenScheme", "Bearer");
    process.env[API_TOKEN_ENV] = "jwt-1";
    try {
      const id = await new Promise<string>((resolve) => getOrganizationOutput().id.apply((v) => resolve(v)));
      expect(id).toBe("org-1");
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen)).toEqual(new Set(["Bearer jwt-1"]));
    } finally {
      pulumi.runtime.setConfig("deploy-service:apiUrl", "");
      pulumi.runtime.setConfig("deploy-service:tokenScheme", "");
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
