import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { control } from "../../../emulator/control/control-client";
import {
  API_TOKEN_ENV, API_URL_ENV, configureFromStack, CREDENTIALS_NAME_KEY, resetCredentials, TOKEN_SCHEME_ENV,
} from "../../../provider/framework/credentials";
import { withActionableErrors } from "../../../provider/framework/messages";
import { applicationAdvancedSettingsProvider } from "../../../provider/resources/application-advanced-settings";
import { applicationProvider } from "../../../provider/resources/application/index";
import { gitTokenProvider } from "../../../provider/resources/git-token";
import { projectProvider } from "../../../provider/resources/project";
import { checkedInputs } from "../support/check-helpers";
import { failDeploys, useFixture } from "../support/fixture";

type Props = Record<string, unknown>;
interface Failure extends Error {
  id?: string;
  properties?: Props;
  reasons?: string[];
}

const fx = useFixture({ clearFaultsAfterEach: true });
let counter = 0;

/** The fixture's own credentials again after a test changed them. */
afterEach(() => {
  process.env[API_URL_ENV] = fx.emulator.url;
  process.env[API_TOKEN_ENV] = fx.emulator.tokens.admin;
  delete process.env[TOKEN_SCHEME_ENV];
  resetCredentials();
});

function useToken(token: string): void {
  process.env[API_TOKEN_ENV] = token;
  resetCredentials();
}

async function failureOf(run: () => Promise<unknown>): Promise<Failure> {
  try {
    await run();
  } catch (e) {
    return e as Failure;
  }
  throw new Error("expected a failure");
}

function projectInputs(): Props {
  counter += 1;
  return { organizationId: fx.orgId, name: `msg-project-${counter}`, description: "" };
}

function appInputs(extra: Props = {}): Props {
  counter += 1;
  return {
    environmentId: fx.envId,
    name: `msg-app-${counter}`,
    gitRepository: { url: "https://github.com/acme/api.git" },
    ports: [{ internalPort: 8080, publiclyAccessible: true }],
    secrets: { TOKEN: "msg-secret-value-1" },
    ...extra,
  };
}

describe("errors users can act on, through the provider", () => {
  it("401: names the project, says the token was refused, and where to set a valid one, without the token", async () => {
    const inputs = projectInputs();
    useToken("msg-revoked-token-0123456789");
    const e = await failureOf(() => projectProvider.create!(inputs));
    expect(e.message.startsWith(`Project "${String(inputs["name"])}": `)).toBe(true);
    expect(e.message).toMatch(/token was refused \(401\)/);
    expect(e.message).toMatch(/Set a valid, unrevoked token with `pulumi config set --secret deploy-service:apiToken <token>` \(or DEPLOY_SERVICE_API_TOKEN\).*Then run `pulumi up` again\.$/);
    expect(e.message).not.toContain("msg-revoked-token-0123456789");
    expect(e.message).not.toContain("deploy-service: ");
  });

  it("403 on update: names the project and tells to use a token whose scope allows it", async () => {
    const inputs = projectInputs();
    const { id, outs } = await projectProvider.create!(inputs);
    useToken(fx.emulator.tokens.read);
    const e = await failureOf(() => projectProvider.update!(id, outs as Props, { ...inputs, description: "changed" }));
    expect(e.message.startsWith(`Project "${String(inputs["name"])}": `)).toBe(true);
    expect(e.message).toMatch(/token was refused \(403\)/);
    expect(e.message).toMatch(/Use a token whose scope allows this operation .* then run `pulumi up` again\.$/);
  });

  it("409 name taken: names the git token, says what to choose, never quotes its secret", async () => {
    counter += 1;
    const inputs = { organizationId: fx.orgId, name: `msg-dup-${counter}`, type: "GITHUB", token: "ghp_msg_never_shown_4321", description: "" };
    await gitTokenProvider.create!(inputs);
    const e = await failureOf(() => gitTokenProvider.create!(inputs));
    expect(e.message.startsWith(`GitToken "${inputs.name}": `)).toBe(true);
    expect(e.message).toMatch(/creating git token ".*" failed \(HTTP 409\)/);
    expect(e.message).toMatch(/The name is taken in its parent: choose another name in the program, .*run `pulumi up` again\.$/);
    expect(e.message).not.toContain("ghp_msg_never_shown_4321");
  });

  it("429 budget exhausted: names the project and says to wait or send fewer requests at once", async () => {
    const inputs = projectInputs();
    const res = await control(fx.emulator, "POST", "/faults", {
      method: "POST", path: `/organization/${fx.orgId}/project`, status: 429, retry_after_seconds: 0, times: 10,
    });
    expect(res.status).toBe(201);
    const e = await failureOf(() => projectProvider.create!(inputs));
    expect(e.message.startsWith(`Project "${String(inputs["name"])}": `)).toBe(true);
    expect(e.message).toMatch(/HTTP 429/);
    expect(e.message).toMatch(/request budget is used up: wait for it to refill .*`pulumi up --parallel 2`/);
  });

  it("deploy failure: names the application, keeps the log lines and the partial state, ends with the fix", async () => {
    const inputs = await checkedInputs(applicationProvider, appInputs());
    const { id, outs } = await applicationProvider.create!(inputs);
    await failDeploys(fx.emulator, id, "BUILD");
    const news = await checkedInputs(applicationProvider, { ...inputs, cpu: 750, deploy: true, deployTimeoutSeconds: 60 });
    const e = await failureOf(() => applicationProvider.update!(id, outs as Props, news));
    expect(e.message.startsWith(`Application "${String(inputs["name"])}": `)).toBe(true);
    expect(e.message).toMatch(/BUILD_ERROR/);
    expect(e.message).toMatch(/last log lines/);
    expect(e.message).toMatch(/\nThe object is kept in the state .*fix the build or start-up error, then run `pulumi up` again\.$/);
    expect(e.message).not.toContain("msg-secret-value-1");
    // The engine still gets the partial state, and its reasons carry the same text.
    expect(e.id).toBe(id);
    expect(e.properties!["deploy"]).toBe(false);
    expect(e.reasons).toEqual([e.message]);
  });

  it("deploy timeout: names the application and says the deployment may still run, or to raise the limit", async () => {
    const inputs = await checkedInputs(applicationProvider, appInputs());
    const { id, outs } = await applicationProvider.create!(inputs);
    expect((await control(fx.emulator, "PUT", "/config", { stepMs: 60_000 })).status).toBe(200);
    try {
      const news = await checkedInputs(applicationProvider, { ...inputs, deploy: true, deployTimeoutSeconds: 1 });
      const e = await failureOf(() => applicationProvider.update!(id, outs as Props, news));
      expect(e.message.startsWith(`Application "${String(inputs["name"])}": `)).toBe(true);
      expect(e.message).toMatch(/did not finish within 1 s/);
      expect(e.message).toMatch(/The deployment may still be running: look at its state in the service, then run `pulumi up` again\.$/);
      // Said once: the wait's own message already tells to raise the limit.
      expect(e.message.match(/raise deployTimeoutSeconds/g)).toHaveLength(1);
    } finally {
      await control(fx.emulator, "PUT", "/config", { stepMs: 0 });
    }
  });

  it("a provider built outside the framework (advanced settings) reads the same once wrapped, named by its service", async () => {
    const inputs = await checkedInputs(applicationProvider, appInputs());
    const { id } = await applicationProvider.create!(inputs);
    const wrapped = withActionableErrors("ApplicationAdvancedSettings", applicationAdvancedSettingsProvider);
    useToken("msg-revoked-token-settings-42");
    const e = await failureOf(() => wrapped.read!(id, { applicationId: id, settings: {} }));
    expect(e.message.startsWith(`ApplicationAdvancedSettings for application "${id}": `)).toBe(true);
    expect(e.message).toMatch(/token was refused \(401\).*Then run `pulumi refresh` again\.$/);
    expect(e.message).not.toContain("msg-revoked-token-settings-42");
  });

  describe("wrong URL: a server that is not the service", () => {
    let server: Server;
    let url = "";
    beforeAll(async () => {
      server = createServer((_req, res) => {
        res.writeHead(404, { "content-type": "text/html" });
        res.end("<html>not here</html>");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it("refresh fails naming the project and the setting to correct, instead of dropping the object", async () => {
      const inputs = projectInputs();
      const { id, outs } = await projectProvider.create!(inputs);
      process.env[API_URL_ENV] = url;
      resetCredentials();
      const e = await failureOf(() => projectProvider.read!(id, outs as Props));
      expect(e.message.startsWith(`Project "${String(inputs["name"])}": `)).toBe(true);
      expect(e.message).toMatch(/does not answer as the deployment service .*Check the base URL \(stack config "deploy-service:apiUrl" or DEPLOY_SERVICE_API_URL\): it must be the service's root/);
      expect(e.message).toMatch(/Once it points there, run `pulumi refresh` again; nothing was removed from the state\.$/);
      expect(e.message).not.toContain(fx.emulator.tokens.admin);
    });
  });

  describe("settings of the provider itself", () => {
    it("missing credentials: names the project and gives the two config commands", async () => {
      const inputs = projectInputs();
      delete process.env[API_TOKEN_ENV];
      resetCredentials();
      const e = await failureOf(() => projectProvider.create!(inputs));
      expect(e.message).toMatch(/^Project "msg-project-\d+": missing the API token \(secret stack config "deploy-service:apiToken" or DEPLOY_SERVICE_API_TOKEN\)\. /);
      expect(e.message).toMatch(/Run `pulumi config set deploy-service:apiUrl <url>` and `pulumi config set --secret deploy-service:apiToken <token>`.*then run `pulumi up` again; refresh and destroy read them too\.$/);
    });

    it("missing credentials on destroy: named from the state", async () => {
      const inputs = projectInputs();
      const { id, outs } = await projectProvider.create!(inputs);
      delete process.env[API_URL_ENV];
      resetCredentials();
      const e = await failureOf(() => projectProvider.delete!(id, outs as Props));
      expect(e.message).toMatch(new RegExp(`^Project "${String(inputs["name"])}": missing the base URL`));
      expect(e.message).toMatch(/refresh and destroy read them too\.$/);
    });

    it("a base URL with a version prefix: names the project and says to set the service's root", async () => {
      const inputs = projectInputs();
      process.env[API_URL_ENV] = `${fx.emulator.url}/v1`;
      resetCredentials();
      const e = await failureOf(() => projectProvider.create!(inputs));
      expect(e.message.startsWith(`Project "${String(inputs["name"])}": `)).toBe(true);
      expect(e.message).toMatch(/\/v1, a version prefix/);
      expect(e.message).toMatch(/Set the stack's base URL \(`pulumi config set deploy-service:apiUrl <url>`, or DEPLOY_SERVICE_API_URL\) to the service's root \(e\.g\. https:\/\/api\.example\.com\), then run `pulumi up` again\.$/);
    });

    it("a credentials set without its token: names the set's variable to export", async () => {
      const inputs = projectInputs();
      configureFromStack({ get: (k) => (k === CREDENTIALS_NAME_KEY ? "msg-org" : undefined) });
      const e = await failureOf(() => projectProvider.create!(inputs));
      expect(e.message.startsWith(`Project "${String(inputs["name"])}": `)).toBe(true);
      expect(e.message).toContain("DEPLOY_SERVICE_API_TOKEN_MSG_ORG");
      expect(e.message).toMatch(/Export DEPLOY_SERVICE_API_TOKEN_MSG_ORG .*where pulumi runs/);
      expect(e.message).not.toContain(fx.emulator.tokens.admin);
    });

    it("a bad token scheme: names the project and the two values to choose from, without quoting the value", async () => {
      const inputs = projectInputs();
      process.env[TOKEN_SCHEME_ENV] = "msg-not-a-scheme";
      resetCredentials();
      const e = await failureOf(() => projectProvider.create!(inputs));
      expect(e.message.startsWith(`Project "${String(inputs["name"])}": `)).toBe(true);
      expect(e.message).toMatch(/Run `pulumi config set deploy-service:tokenScheme Token` \(API tokens\) or `Bearer` \(JWTs\)/);
      expect(e.message).not.toContain("msg-not-a-scheme");
    });
  });

  it("unknown setting key: the preview's check failure names the key and the close valid names", async () => {
    const result = await applicationProvider.check!({}, appInputs({ advancedSettings: { "network.ingress.proxy_body_size": 100 } }));
    const failure = (result.failures ?? []).find((f) => f.property.startsWith("advancedSettings"));
    expect(failure?.property).toBe('advancedSettings["network.ingress.proxy_body_size"]');
    expect(failure?.reason).toMatch(/^unknown advanced setting "network\.ingress\.proxy_body_size"; close valid names: .*network\.ingress\.proxy_body_size_mb/);
  });
});
