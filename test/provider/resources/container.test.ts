import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { ContainersApi, path } from "../../../sdk";
import { CHANGED_OUTSIDE } from "../../../provider/framework/common";
import { container, containerProvider as p } from "../../../provider/resources/container";
import { ContainerAdvancedSettings, type ContainerAdvancedSettingsInput } from "../../../provider/resources/container-advanced-settings";
import { ContainerRegistry, containerRegistry, containerRegistryProvider as registries } from "../../../provider/resources/container-registry";
import { JobAdvancedSettings } from "../../../provider/resources/job-advanced-settings";
import { Container } from "../../../provider/resources/container";
import { providerFor } from "../../../provider/runtime";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, failDeploys, injectFault, requests, useFixture } from "../support/fixture";
import { serializedProvider } from "../../../provider/framework/shim";

type Props = Record<string, unknown>;

const fx = useFixture({ clearFaultsAfterEach: true });
const PASSWORD = "registry-pa55word-never-shown";
const SECRET = "container-s3cr3t-value";
let counter = 0;
let hubId: string;

beforeAll(async () => {
  const list = await fx.client.containerRegistries.list(fx.orgId);
  hubId = (list.find((r) => r.kind === "DOCKER_HUB") ?? list[0]!).id;
});

function registryInputs(extra: Props = {}): Props {
  counter += 1;
  return {
    organizationId: fx.orgId, name: `registry-${counter}`, kind: "GENERIC_CR", url: "https://registry.example.com",
    config: { username: "ci", password: PASSWORD }, ...extra,
  };
}

function containerInputs(extra: Props = {}): Props {
  counter += 1;
  return {
    environmentId: fx.envId, name: `web-${counter}`, registryId: hubId, imageName: "nginx", tag: "1.27",
    ports: [{ internalPort: 80, publiclyAccessible: true }],
    environmentVariables: { A: "1", B: "2" },
    secrets: { TOKEN: SECRET },
    ...extra,
  };
}

describe("ContainerRegistry credentials", () => {
  it("are a secret output of the resource, never plain state", () => {
    expect(containerRegistry.secretOutputs).toContain("config");
    expect(containerRegistry.options(undefined).additionalSecretOutputs).toContain("config");
    // Every other output is free of credentials: only `config` holds them.
    expect(containerRegistry.outputNames.filter((n) => n !== "config")).not.toContain("password");
  });

  it("are sent on create, never answered by the service, and kept from the state on refresh", async () => {
    const inputs = await checkedInputs(registries, registryInputs());
    const { id, outs } = await registries.create!(inputs);
    const answered = await fx.client.request("GET", path`/organization/${fx.orgId}/containerRegistry/${id}`, { response: z.unknown() });
    expect(JSON.stringify(answered)).not.toContain(PASSWORD);
    // Outside `config` (stored as a secret), no output carries the password.
    const { config, ...rest } = outs as Props;
    expect(JSON.stringify(rest)).not.toContain(PASSWORD);
    expect((config as Props)["password"]).toBe(PASSWORD);
    const read = await registries.read!(id, outs as Props);
    expect(((read.inputs as Props)["config"] as Props)["password"]).toBe(PASSWORD);
    expect((await registries.diff!(id, read.props as Props, inputs)).changes).toBe(false);
  });

  it("a change made outside shows as changed, never as the old value, and up sends the program's again", async () => {
    const inputs = await checkedInputs(registries, registryInputs());
    const { id, outs } = await registries.create!(inputs);
    await fx.client.containerRegistries.update(fx.orgId, id, {
      name: String(inputs["name"]), kind: "GENERIC_CR", url: "https://registry.example.com", config: { username: "ci", password: "other" },
    });
    const read = await registries.read!(id, outs as Props);
    expect(((read.inputs as Props)["config"] as Props)["password"]).toBe(CHANGED_OUTSIDE);
    expect((await registries.diff!(id, read.props as Props, inputs)).changes).toBe(true);
    await clearRequests(fx.emulator);
    await registries.update!(id, read.props as Props, inputs);
    expect((await requests(fx.emulator)).filter((r) => r.method === "PUT")).toHaveLength(1);
  });

  it("are never quoted in a failure: check, nor a refused create", async () => {
    const bad = await registries.check!({}, { ...registryInputs(), config: { username: "ci", password: 98765432 } });
    expect(JSON.stringify(bad.failures)).toContain("config.password");
    expect(JSON.stringify(bad.failures)).not.toContain("98765432");
    await injectFault(fx.emulator, { method: "POST", path: "/organization/*/containerRegistry", status: 500, times: 5 });
    const error = await registries.create!(await checkedInputs(registries, registryInputs())).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/container registry "registry-\d+"/);
    expect((error as Error).message).not.toContain(PASSWORD);
  });

  it("fills in Docker Hub's URL when none is given, with no drift", async () => {
    const inputs = await checkedInputs(registries, registryInputs({ kind: "DOCKER_HUB", url: undefined, config: {} }));
    const { id, outs } = await registries.create!(inputs);
    expect((outs as Props)["url"]).toBe("https://docker.io");
    expect((await registries.diff!(id, outs as Props, inputs)).changes).toBe(false);
  });
});

describe("Container secrets", () => {
  it("are a secret output of the resource and never in the container's body", async () => {
    expect(container.secretOutputs).toContain("secrets");
    expect(container.options(undefined).additionalSecretOutputs).toContain("secrets");
    const inputs = await checkedInputs(p, containerInputs());
    await clearRequests(fx.emulator);
    const { id } = await p.create!(inputs);
    const log = await requests(fx.emulator);
    // The initial variables and the secret travel in one import.
    expect(log.filter((r) => r.method === "POST" && r.path === `/container/${id}/environmentVariable/import`)).toHaveLength(1);
    const answered = await fx.client.request("GET", path`/container/${id}/secret`, { response: z.unknown() });
    expect(JSON.stringify(answered)).not.toContain(SECRET);
  });
});

describe("Container variables", () => {
  it("are the container's own, one call per changed key", async () => {
    const inputs = await checkedInputs(p, containerInputs());
    const { id, outs } = await p.create!(inputs);
    const variables = await fx.client.containers.variables.list(id);
    expect(variables.filter((v) => v.key === "A" || v.key === "B").map((v) => v.scope)).toEqual(["CONTAINER", "CONTAINER"]);
    const news = await checkedInputs(p, { ...containerInputs(), name: inputs["name"], environmentVariables: { A: "1", B: "changed" } });
    await clearRequests(fx.emulator);
    const { outs: after } = await p.update!(id, outs as Props, news);
    const writes = (await requests(fx.emulator)).filter((r) => r.method !== "GET");
    expect(writes).toEqual([expect.objectContaining({ method: "PUT", path: expect.stringMatching(new RegExp(`^/container/${id}/environmentVariable/`)) })]);
    expect((after as Props)["environmentVariables"]).toEqual({ A: "1", B: "changed" });
  });

  it("reads a variable changed outside and a secret changed outside as drift", async () => {
    const inputs = await checkedInputs(p, containerInputs());
    const { id, outs } = await p.create!(inputs);
    const a = (await fx.client.containers.variables.list(id)).find((v) => v.key === "A")!;
    await fx.client.containers.variables.update(id, a.id, { key: "A", value: "outside" });
    const token = (await fx.client.containers.secrets.list(id)).find((s) => s.key === "TOKEN")!;
    await fx.client.containers.secrets.update(id, token.id, { key: "TOKEN", value: "outside" });
    const read = await p.read!(id, outs as Props);
    expect((read.inputs as Props)["environmentVariables"]).toEqual({ A: "outside", B: "2" });
    expect((read.inputs as Props)["secrets"]).toEqual({ TOKEN: CHANGED_OUTSIDE });
  });
});

describe("Container deploy", () => {
  afterEach(() => jest.restoreAllMocks());

  it("sends the tag and waits until the container is deployed", async () => {
    const deploy = jest.spyOn(ContainersApi.prototype, "deploy");
    const inputs = await checkedInputs(p, containerInputs({ deploy: true, deployTimeoutSeconds: 60 }));
    await clearRequests(fx.emulator);
    const { id } = await p.create!(inputs);
    expect(deploy).toHaveBeenCalledWith(id, { image_tag: "1.27" });
    expect((await fx.client.containers.status(id)).state).toBe("DEPLOYED");
    const log = (await requests(fx.emulator)).map((r) => `${r.method} ${r.path}`);
    // The wait reads the status after the deploy call, never before it.
    expect(log.indexOf(`GET /container/${id}/status`)).toBeGreaterThan(log.indexOf(`POST /container/${id}/deploy`));
  });

  it("a new tag updates in place and deploys that tag", async () => {
    const inputs = await checkedInputs(p, containerInputs({ deploy: true, deployTimeoutSeconds: 60 }));
    const { id, outs } = await p.create!(inputs);
    const news = await checkedInputs(p, { ...inputs, tag: "1.28" });
    const d = await p.diff!(id, outs as Props, news);
    expect([d.changes, d.replaces ?? []]).toEqual([true, []]);
    const deploy = jest.spyOn(ContainersApi.prototype, "deploy");
    await clearRequests(fx.emulator);
    const { outs: after } = await p.update!(id, outs as Props, news);
    expect(deploy).toHaveBeenCalledWith(id, { image_tag: "1.28" });
    const writes = (await requests(fx.emulator)).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
    expect(writes).toEqual([`PUT /container/${id}`, `POST /container/${id}/deploy`]);
    expect((await fx.client.containers.get(id)).tag).toBe("1.28");
    expect((await fx.client.containers.status(id)).state).toBe("DEPLOYED");
    expect((after as Props)["tag"]).toBe("1.28");
  });

  it("does not deploy when only the wait limit changed", async () => {
    const inputs = await checkedInputs(p, containerInputs({ deploy: true, deployTimeoutSeconds: 60 }));
    const { id, outs } = await p.create!(inputs);
    await clearRequests(fx.emulator);
    await p.update!(id, outs as Props, await checkedInputs(p, { ...inputs, deployTimeoutSeconds: 120 }));
    expect((await requests(fx.emulator)).filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("a failed deploy names the container and its final state, without secrets, and is recorded as not deployed", async () => {
    const inputs = await checkedInputs(p, containerInputs());
    const { id, outs } = await p.create!(inputs);
    await failDeploys(fx.emulator, id, "DEPLOY");
    const news = await checkedInputs(p, { ...inputs, tag: "1.29", deploy: true, deployTimeoutSeconds: 60 });
    let error: { id?: string; properties?: Props; message: string } | undefined;
    try {
      await p.update!(id, outs as Props, news);
    } catch (e) {
      error = e as typeof error;
    }
    expect(error?.id).toBe(id);
    expect(error!.message).toContain(`deploying container "${String(inputs["name"])}" (${id})`);
    expect(error!.message).toMatch(/DEPLOYMENT_ERROR/);
    expect(error!.message).not.toContain(SECRET);
    expect(error!.properties!["deploy"]).toBe(false);
    expect(error!.properties!["tag"]).toBe("1.29");
  });
});

describe("resource classes", () => {
  it("register their type tokens and the serialized provider naming their kind", async () => {
    const registered: Array<{ type: string; inputs: Props }> = [];
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          registered.push({ type: args.type, inputs: args.inputs as Props });
          return { id: `${args.name}-id`, state: args.inputs };
        },
        call: () => ({}),
      },
      "project",
      "stack",
      false,
    );
    const typed: ContainerAdvancedSettingsInput = { "network.ingress.proxy_request_buffering": "off" };
    // @ts-expect-error a build key is not a container's
    const buildKey: ContainerAdvancedSettingsInput = { "build.timeout_max_sec": 100 };
    expect(buildKey).toBeDefined();
    const hub = new ContainerRegistry("hub", { organizationId: "org-1", name: "hub", kind: "DOCKER_HUB" });
    const web = new Container("web", { environmentId: "env-1", name: "web", registryId: hub.id, imageName: "nginx", tag: "1.27" });
    const settings = new ContainerAdvancedSettings("web-settings", { containerId: web.id, settings: typed });
    const jobSettings = new JobAdvancedSettings("job-settings", { jobId: "job-1", settings: { "cronjob.concurrency_policy": "Forbid" } });
    await Promise.all([hub, web, settings, jobSettings].map((r) => new Promise((resolve) => r.id.apply(resolve))));
    const kinds = ["ContainerRegistry", "Container", "ContainerAdvancedSettings", "JobAdvancedSettings"];
    for (const kind of kinds) {
      const entry = registered.find((r) => r.type === `pulumi-nodejs:dynamic/deploy-service:${kind}`);
      expect(entry).toBeDefined();
      expect(String(entry!.inputs["__provider"])).toBe(serializedProvider(kind));
      const p = providerFor(kind);
      for (const m of ["check", "diff", "create", "read", "update", "delete", "configure"] as const) expect(typeof p[m]).toBe("function");
    }
  });
});
