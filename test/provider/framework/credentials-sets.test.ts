import * as pulumi from "@pulumi/pulumi";
import {
  activeCredentialsSet, API_TOKEN_ENV, API_URL_ENV, apiClient, configureFromStack, defaultTokenEnv,
  resolveCredentials, resolveTokenScheme, TOKEN_SCHEME_ENV,
} from "../../../provider/framework/credentials";
import { Credentials, credentialsInputs } from "../../../provider/framework/credentials-set";
import { serializedProvider } from "../../../provider/framework/shim";
import { Project } from "../../../provider/resources/project";
import { providerFor } from "../../../provider/runtime";
import { useCredentialsSandbox } from "./credentials-auth-header";

const SET_ENV = "DEPLOY_SERVICE_API_TOKEN_ORG_B";
const NAMES = [API_URL_ENV, API_TOKEN_ENV, TOKEN_SCHEME_ENV, SET_ENV, "ORG_B_READ_TOKEN"] as const;
const sandbox = useCredentialsSandbox(NAMES);

function config(values: Record<string, string>) {
  return { get: (key: string) => values[key] };
}

/** The inputs the engine configures a set's provider process with (what `credentialsInputs` produced). */
function setConfig(name: string, args: Parameters<typeof credentialsInputs>[1] = {}, stackUrl?: string) {
  return config(credentialsInputs(name, args, stackUrl) as Record<string, string>);
}

describe("credentials sets in the provider process", () => {
  it("names the token variable after the set", () => {
    expect(defaultTokenEnv("org-b")).toBe(SET_ENV);
    expect(defaultTokenEnv("Read only!")).toBe("DEPLOY_SERVICE_API_TOKEN_READ_ONLY");
  });

  it("uses the set's URL and the token of the variable it names, with its scheme", async () => {
    process.env[API_TOKEN_ENV] = "stack-token";
    process.env[SET_ENV] = "org-b-token";
    await providerFor("Environment").configure!({ config: setConfig("org-b", { apiUrl: sandbox().url, tokenScheme: "Bearer" }) as never });
    expect(activeCredentialsSet()?.name).toBe("org-b");
    expect(resolveCredentials()).toEqual({ url: sandbox().url, token: "org-b-token" });
    await apiClient().organizations.list();
    expect(sandbox().seen).toEqual(["Bearer org-b-token"]);
  });

  it("reads the token at call time, from a variable of the program's choice", () => {
    configureFromStack(setConfig("org-b", { apiUrl: sandbox().url, apiTokenEnv: "ORG_B_READ_TOKEN" }));
    expect(() => resolveCredentials()).toThrow(/ORG_B_READ_TOKEN/);
    process.env.ORG_B_READ_TOKEN = "read-token";
    expect(resolveCredentials().token).toBe("read-token");
  });

  it("never falls back to the stack's token, and says which variable to set", () => {
    process.env[API_TOKEN_ENV] = "stack-token";
    configureFromStack(setConfig("org-b", { apiUrl: sandbox().url }));
    let message = "";
    try {
      apiClient();
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(
      /^deploy-service: credentials "org-b": missing the API token \(environment variable DEPLOY_SERVICE_API_TOKEN_ORG_B\); set DEPLOY_SERVICE_API_TOKEN_ORG_B in the environment/,
    );
    expect(message).not.toContain("stack-token");
  });

  it("never reads a token from the set's inputs (they are in the state)", () => {
    configureFromStack(config({ "deploy-service:credentials": "org-b", "deploy-service:apiUrl": sandbox().url, "deploy-service:apiToken": "leaked" }));
    expect(() => resolveCredentials()).toThrow(/missing the API token \(environment variable DEPLOY_SERVICE_API_TOKEN_ORG_B\)/);
  });

  it("takes the URL from DEPLOY_SERVICE_API_URL when the set has none, and names both places when neither is there", () => {
    process.env[SET_ENV] = "org-b-token";
    configureFromStack(setConfig("org-b"));
    expect(() => resolveCredentials()).toThrow(
      /^deploy-service: credentials "org-b": missing the base URL \(the apiUrl of credentials "org-b" or DEPLOY_SERVICE_API_URL\)/,
    );
    process.env[API_URL_ENV] = sandbox().url;
    expect(resolveCredentials()).toEqual({ url: sandbox().url, token: "org-b-token" });
  });

  it("has its own scheme: the stack's DEPLOY_SERVICE_TOKEN_SCHEME does not apply, a bad one is refused by name", () => {
    process.env[TOKEN_SCHEME_ENV] = "Bearer";
    configureFromStack(setConfig("org-b", { apiUrl: sandbox().url }));
    expect(resolveTokenScheme()).toBe("Token");
    configureFromStack(config({ "deploy-service:credentials": "org-b", "deploy-service:tokenScheme": "JWT" }));
    expect(() => resolveTokenScheme()).toThrow(/^deploy-service: credentials "org-b": tokenScheme must be "Token" .* or "Bearer"/);
  });

  it("leaves the stack's provider process as it was when no set is named", () => {
    configureFromStack(config({ "deploy-service:apiUrl": sandbox().url, "deploy-service:apiToken": "stack-token" }));
    expect(activeCredentialsSet()).toBeUndefined();
    expect(resolveCredentials()).toEqual({ url: sandbox().url, token: "stack-token" });
  });
});

describe("credentialsInputs (what the state keeps of a set)", () => {
  it("holds the set's name, the token variable's name, its URL and scheme, and no token", () => {
    expect(credentialsInputs("org-b", { tokenScheme: "Bearer" }, "http://stack.example")).toEqual({
      "deploy-service:credentials": "org-b",
      "deploy-service:apiTokenEnv": SET_ENV,
      "deploy-service:apiUrl": "http://stack.example",
      "deploy-service:tokenScheme": "Bearer",
    });
    expect(credentialsInputs("org-b", { apiUrl: "http://b.example" }, "http://stack.example")["deploy-service:apiUrl"]).toBe("http://b.example");
    expect(credentialsInputs("org-b", {}, undefined)).not.toHaveProperty("deploy-service:apiUrl");
  });

  it("refuses a token given to the program, without quoting it", () => {
    let message = "";
    try {
      credentialsInputs("org-b", { apiToken: "emu_0123456789abcdef" } as never, undefined);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^deploy-service: credentials "org-b": unknown argument "apiToken": .*environment variable .*apiTokenEnv/);
    expect(message).not.toContain("emu_0123456789abcdef");
  });

  it("refuses an apiTokenEnv that is not a variable name (a token pasted there), without quoting it", () => {
    let message = "";
    try {
      credentialsInputs("org-b", { apiTokenEnv: "emu_0123456789abcdef" }, undefined);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/apiTokenEnv must be the name of an environment variable .* such as DEPLOY_SERVICE_API_TOKEN_ORG_B/);
    expect(message).not.toContain("emu_0123456789abcdef");
  });

  it("refuses a name it cannot name a token variable after, unless the variable is given", () => {
    expect(() => credentialsInputs("--", {}, undefined)).toThrow(/^deploy-service: credentials "--": the name has no letter or digit .* pass apiTokenEnv/);
    expect(credentialsInputs("--", { apiTokenEnv: "SECOND_TOKEN" }, undefined)["deploy-service:apiTokenEnv"]).toBe("SECOND_TOKEN");
  });

  it("refuses a scheme other than Token and Bearer", () => {
    expect(() => credentialsInputs("org-b", { tokenScheme: "Basic" as never }, undefined)).toThrow(/tokenScheme must be "Token" .* or "Bearer"/);
  });
});

describe("Credentials in a program", () => {
  it("registers an explicit pulumi-nodejs provider without a token; its resources keep the kind's thin provider", async () => {
    const registered: Array<{ type: string; name: string; inputs: Record<string, unknown>; provider?: string }> = [];
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          registered.push({ type: args.type, name: args.name, inputs: args.inputs as Record<string, unknown>, ...(args.provider ? { provider: args.provider } : {}) });
          return { id: `${args.name}-id`, state: args.inputs };
        },
        call: () => ({}),
      },
      "project",
      "stack",
      false,
    );
    process.env[SET_ENV] = "org-b-token";
    const orgB = new Credentials("org-b", { apiUrl: "http://b.example" });
    expect(orgB.apiTokenEnv).toBe(SET_ENV);
    const project = new Project("shop-b", { organizationId: "org-b-id", name: "shop" }, { provider: orgB });
    await new Promise((resolve) => project.id.apply(resolve));

    const provider = registered.find((r) => r.type === "pulumi:providers:pulumi-nodejs");
    expect(provider?.inputs).toEqual({
      "deploy-service:credentials": "org-b", "deploy-service:apiTokenEnv": SET_ENV, "deploy-service:apiUrl": "http://b.example",
    });
    const shop = registered.find((r) => r.name === "shop-b");
    expect(shop?.provider).toMatch(/pulumi:providers:pulumi-nodejs::org-b::/);
    expect(shop?.inputs["__provider"]).toBe(serializedProvider("Project"));
    expect(JSON.stringify(registered)).not.toContain("org-b-token");
  });
});
