import {
  API_TOKEN_ENV, API_URL_ENV, apiClient, configureFromStack, resetCredentials, resolveCredentials,
} from "../../../provider/framework/credentials";
import { providerFor } from "../../../provider/runtime";

const saved = { url: process.env[API_URL_ENV], token: process.env[API_TOKEN_ENV] };
afterEach(() => {
  resetCredentials();
  if (saved.url === undefined) delete process.env[API_URL_ENV];
  else process.env[API_URL_ENV] = saved.url;
  if (saved.token === undefined) delete process.env[API_TOKEN_ENV];
  else process.env[API_TOKEN_ENV] = saved.token;
});

function config(values: Record<string, string>) {
  return { get: (key: string) => values[key] };
}

describe("credentials", () => {
  it("uses the stack configuration first", () => {
    process.env[API_URL_ENV] = "http://env.example";
    process.env[API_TOKEN_ENV] = "env-token";
    configureFromStack(config({ "deploy-service:apiUrl": "http://stack.example", "deploy-service:apiToken": "stack-token" }));
    expect(resolveCredentials()).toEqual({ url: "http://stack.example", token: "stack-token" });
  });

  it("falls back to the environment, read at call time", () => {
    delete process.env[API_URL_ENV];
    delete process.env[API_TOKEN_ENV];
    configureFromStack(config({}));
    process.env[API_URL_ENV] = "http://late.example";
    process.env[API_TOKEN_ENV] = "late-token";
    expect(resolveCredentials()).toEqual({ url: "http://late.example", token: "late-token" });
  });

  it("names the config key and the env var of what is missing", () => {
    delete process.env[API_URL_ENV];
    delete process.env[API_TOKEN_ENV];
    configureFromStack(config({ "deploy-service:apiUrl": "http://stack.example" }));
    expect(() => apiClient()).toThrow(/deploy-service:apiToken.*DEPLOY_SERVICE_API_TOKEN/);
    expect(() => apiClient()).not.toThrow(/deploy-service:apiUrl/);
  });

  it("says what is missing in the sdk's one message, with the stack key first", () => {
    delete process.env[API_URL_ENV];
    delete process.env[API_TOKEN_ENV];
    configureFromStack(config({ "deploy-service:apiUrl": " ", "deploy-service:apiToken": "" }));
    expect(() => resolveCredentials()).toThrow(
      'deploy-service: missing the base URL (stack config "deploy-service:apiUrl" or DEPLOY_SERVICE_API_URL) and ' +
        'the API token (secret stack config "deploy-service:apiToken" or DEPLOY_SERVICE_API_TOKEN)',
    );
  });

  it("names the stack key when the configured base URL is wrong", () => {
    configureFromStack(config({ "deploy-service:apiUrl": "https://api.example.com/v1", "deploy-service:apiToken": "t" }));
    expect(() => apiClient()).toThrow(/^deploy-service: the base URL \(stack config "deploy-service:apiUrl" or DEPLOY_SERVICE_API_URL\)/);
  });

  it("never puts the token in the error", () => {
    delete process.env[API_URL_ENV];
    configureFromStack(config({ "deploy-service:apiToken": "very-secret-token" }));
    let failure: unknown;
    try {
      apiClient();
    } catch (e) {
      failure = e;
    }
    // A client made without a URL would leave nothing to check: the failure itself is asserted first.
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/missing the base URL/);
    expect((failure as Error).message).not.toContain("very-secret-token");
  });

  it("reuses one client while the credentials stay the same", () => {
    configureFromStack(config({ "deploy-service:apiUrl": "http://a.example", "deploy-service:apiToken": "t1" }));
    const first = apiClient();
    expect(apiClient()).toBe(first);
    configureFromStack(config({ "deploy-service:apiUrl": "http://a.example", "deploy-service:apiToken": "t2" }));
    expect(apiClient()).not.toBe(first);
  });
});

describe("runtime", () => {
  it("serves every kind with configure, and configure stores the stack's credentials", async () => {
    for (const kind of ["Project", "Environment", "Application", "ApplicationAdvancedSettings", "Database", "GitToken", "DeploymentStage"]) {
      const p = providerFor(kind);
      for (const m of ["check", "diff", "create", "read", "update", "delete", "configure"] as const) expect(typeof p[m]).toBe("function");
    }
    await providerFor("Project").configure!({
      config: config({ "deploy-service:apiUrl": "http://configured.example", "deploy-service:apiToken": "configured" }) as never,
    });
    expect(resolveCredentials().url).toBe("http://configured.example");
  });

  it("explains an unknown kind as an older package", () => {
    expect(() => providerFor("KindOfANewerPackage")).toThrow(/older than the program/);
  });
});
