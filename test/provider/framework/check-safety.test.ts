import * as pulumi from "@pulumi/pulumi";
import { applicationProvider } from "../../../provider/resources/application/index";
import { applicationAdvancedSettingsProvider } from "../../../provider/resources/application-advanced-settings";
import { databaseProvider } from "../../../provider/resources/database";
import { deploymentStageProvider } from "../../../provider/resources/deployment-stage";
import { environmentProvider } from "../../../provider/resources/environment";
import { gitUrlProblem } from "../../../sdk";
import { gitTokenProvider } from "../../../provider/resources/git-token";
import { projectProvider } from "../../../provider/resources/project";
import { variableProvider } from "../../../provider/resources/variable";
import { secretProvider } from "../../../provider/resources/secret";
import { labelsGroupProvider } from "../../../provider/resources/labels-group";
import { annotationsGroupProvider } from "../../../provider/resources/annotations-group";
import { customDomainProvider } from "../../../provider/resources/custom-domain";
import {
  MAX_CPU_MILLICORES, MAX_GPU, MAX_INSTANCES, MAX_MEMORY_MB, MAX_PORT, MAX_STORAGE_GB, MIN_APPLICATION_VOLUME_GB,
} from "../../../provider/framework/rules";
import { providerFor } from "../../../provider/runtime";
import { closestName, editDistance } from "../../../provider/framework/suggest";
import { UNKNOWN } from "../../../provider/framework/unknowns";
import { expectDerivedGitProviders } from "../support/check-helpers";
import { useFixture } from "../support/fixture";

// The examples import the package by name, as a user's program does; here that name is this checkout's source.
jest.mock("pulumi-deploy-service", () => jest.requireActual("../../../provider"), { virtual: true });

type Props = Record<string, unknown>;
type Provider = pulumi.dynamic.ResourceProvider;

const ID = "5b0f7b4e-8a8e-4b59-9d3e-2f1c6a7d9e01";
const project: Props = { organizationId: ID, name: "web", description: "the web shop" };
const environment: Props = { projectId: ID, name: "staging", mode: "STAGING", clusterId: ID };
const gitToken: Props = { organizationId: ID, name: "ci", type: "GITHUB", token: "ghp_valid_token_value", gitApiUrl: "https://api.github.com" };
const stage: Props = { environmentId: ID, name: "first", description: "d", after: ID };
const database: Props = {
  environmentId: ID, name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER", accessibility: "PRIVATE",
  cpu: 500, memory: 512, storage: 10, deploymentStageId: ID, masterCredentials: { login: "shop", password: "pw" },
};
const application: Props = {
  environmentId: ID,
  name: "api",
  gitRepository: { url: "https://github.com/acme/api.git", branch: "main", rootPath: "/", gitTokenId: ID },
  cpu: 500,
  memory: 512,
  ports: [{ internalPort: 8080, externalPort: 443, publiclyAccessible: true, protocol: "HTTP", name: "http" }],
  healthchecks: {
    readinessProbe: { type: { http: { path: "/healthz", port: 8080, scheme: "HTTP" } }, periodSeconds: 10 },
    livenessProbe: { type: { tcp: { port: 8080 } } },
  },
  storage: [{ size: 10, mountPoint: "/data" }],
  annotationsGroupIds: [ID],
  labelsGroupIds: [ID],
  deploymentStageId: ID,
  environmentVariables: { LOG_LEVEL: "info" },
  secrets: { API_KEY: "k" },
};
const settings: Props = { applicationId: ID, settings: { "network.ingress.proxy_body_size_mb": 25 } };
const variable: Props = { scope: "ENVIRONMENT", parentId: ID, key: "LOG_LEVEL", value: "info", description: "d" };
const secret: Props = { scope: "PROJECT", parentId: ID, key: "TLS_KEY", value: "k", mountPath: "/etc/tls/key" };
const labelsGroup: Props = { organizationId: ID, name: "team", labels: [{ key: "team", value: "payments", propagateToCloudProvider: true }] };
const annotationsGroup: Props = { organizationId: ID, name: "ann", annotations: [{ key: "a.io/x", value: "1" }], scopes: ["PODS"] };
const customDomain: Props = { serviceKind: "application", serviceId: ID, domain: "shop.example.com", generateCertificate: true };

async function failuresOf(provider: Provider, news: Props) {
  return (await provider.check!({}, { ...news, __provider: "serialized" })).failures ?? [];
}

describe("suggestions for misspelt keys", () => {
  it("measures edits, a swap of two neighbours counting one", () => {
    expect(editDistance("name", "name")).toBe(0);
    expect(editDistance("nmae", "name")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("finds the closest key, ignoring case, _ and -", () => {
    const keys = ["organizationId", "name", "description"];
    expect(closestName("descripton", keys)).toBe("description");
    expect(closestName("nmae", keys)).toBe("name");
    expect(closestName("organization_id", keys)).toBe("organizationId");
    expect(closestName("OrganizationID", keys)).toBe("organizationId");
    expect(closestName("zzzzzz", keys)).toBeUndefined();
    expect(closestName("xpu", ["cpu", "gpu"])).toBe("cpu");
  });

  it("names the unknown key and suggests the known one", async () => {
    expect(await failuresOf(projectProvider, { ...project, descripton: "x" })).toEqual([
      { property: "descripton", reason: 'unknown property "descripton": did you mean "description"?' },
    ]);
  });

  it("suggests from the keys of the nested object the key was written in", async () => {
    const failures = await failuresOf(applicationProvider, { ...application, ports: [{ internalPort: 80, publiclyAccessible: true, isDefualt: true }] });
    expect(failures).toEqual([{ property: "ports[0].isDefualt", reason: 'unknown property "isDefualt": did you mean "isDefault"?' }]);
  });

  it("lists the known keys when none is close", async () => {
    const [failure] = await failuresOf(databaseProvider, { ...database, replicas: 3 });
    expect(failure?.property).toBe("replicas");
    expect(failure?.reason).toContain("not an input of this resource");
    expect(failure?.reason).toContain("instanceType");
  });

  it("reports every unknown key along with the other failures", async () => {
    const failures = await failuresOf(environmentProvider, { ...environment, nmae: "x", clusterID: "c", mode: "QA" });
    expect(failures.map((f) => f.property).sort()).toEqual(["clusterID", "mode", "nmae"]);
  });

  it("still refuses a misspelt key next to values not known yet (preview)", async () => {
    expect(await failuresOf(projectProvider, { organizationId: UNKNOWN, name: UNKNOWN, descripton: "x" })).toEqual([
      { property: "descripton", reason: 'unknown property "descripton": did you mean "description"?' },
    ]);
    const nested = await failuresOf(applicationProvider, { ...application, gitRepository: { url: UNKNOWN, brnach: "main" } });
    expect(nested.map((f) => f.property)).toEqual(["gitRepository.brnach"]);
  });

  it("refuses a misspelt key of the advanced settings resource too", async () => {
    expect(await failuresOf(applicationAdvancedSettingsProvider, { ...settings, applicationID: ID })).toEqual([
      { property: "applicationID", reason: 'unknown property "applicationID": did you mean "applicationId"?' },
    ]);
  });
});

describe("what the engine passes is never refused", () => {
  it("ignores engine keys (`__provider` and any other `__` key)", async () => {
    const r = await projectProvider.check!({}, { ...project, __provider: "serialized", __defaults: [] });
    expect(r.failures).toBeUndefined();
    expect(r.inputs).toEqual(project);
    expect((await applicationAdvancedSettingsProvider.check!({}, { ...settings, __provider: "x" })).failures).toBeUndefined();
  });

  it("treats members set to undefined as absent, at any depth", async () => {
    const r = await applicationProvider.check!({}, {
      ...application,
      dockerfilePath: undefined,
      gitRepository: { url: "https://github.com/acme/api.git", branch: undefined },
    });
    expect(r.failures).toBeUndefined();
    expect(Object.keys(r.inputs as Props)).not.toContain("dockerfilePath");
  });

  it("accepts its own output again: check is idempotent for every resource", async () => {
    const rows: Array<[Provider, Props]> = [
      [projectProvider, project], [environmentProvider, environment], [gitTokenProvider, gitToken], [deploymentStageProvider, stage],
      [databaseProvider, database], [applicationProvider, application], [applicationAdvancedSettingsProvider, settings],
      [variableProvider, variable], [secretProvider, secret], [labelsGroupProvider, labelsGroup],
      [annotationsGroupProvider, annotationsGroup], [customDomainProvider, customDomain],
    ];
    for (const [provider, inputs] of rows) {
      const first = await provider.check!({}, { ...inputs, __provider: "p" });
      expect(first.failures).toBeUndefined();
      const second = await provider.check!({}, { ...(first.inputs as Props), __provider: "p" });
      expect(second.failures).toBeUndefined();
      expect(second.inputs).toEqual(first.inputs);
    }
  });
});

describe("values not known yet pass (preview)", () => {
  it("every id input of every resource may be unknown", async () => {
    const rows: Array<[Provider, Props]> = [
      [projectProvider, { ...project, organizationId: UNKNOWN }],
      [environmentProvider, { ...environment, projectId: UNKNOWN, clusterId: UNKNOWN }],
      [gitTokenProvider, { ...gitToken, organizationId: UNKNOWN }],
      [deploymentStageProvider, { ...stage, environmentId: UNKNOWN, after: UNKNOWN }],
      [deploymentStageProvider, { environmentId: UNKNOWN, name: "s", before: UNKNOWN }],
      [databaseProvider, { ...database, environmentId: UNKNOWN, deploymentStageId: UNKNOWN }],
      [applicationProvider, {
        ...application, environmentId: UNKNOWN, deploymentStageId: UNKNOWN, annotationsGroupIds: [UNKNOWN, ID], labelsGroupIds: UNKNOWN,
        gitRepository: { url: "https://github.com/acme/api.git", gitTokenId: UNKNOWN },
      }],
      [applicationAdvancedSettingsProvider, { ...settings, applicationId: UNKNOWN }],
      [variableProvider, { ...variable, parentId: UNKNOWN }],
      [variableProvider, { scope: "APPLICATION", parentId: UNKNOWN, key: "DB_HOST", aliasOf: UNKNOWN }],
      [secretProvider, { scope: "ENVIRONMENT", parentId: UNKNOWN, value: "v", overrideOf: UNKNOWN }],
      [labelsGroupProvider, { ...labelsGroup, organizationId: UNKNOWN }],
      [annotationsGroupProvider, { ...annotationsGroup, organizationId: UNKNOWN }],
      [customDomainProvider, { ...customDomain, serviceId: UNKNOWN }],
      [databaseProvider, { ...database, annotationsGroupIds: [UNKNOWN], labelsGroupIds: UNKNOWN }],
    ];
    for (const [provider, inputs] of rows) expect(await failuresOf(provider, inputs)).toEqual([]);
  });

  it("an instance type passes while the mode is unknown, and an unknown instance type passes with any mode", async () => {
    expect(await failuresOf(databaseProvider, { ...database, mode: UNKNOWN, instanceType: "db.t3.medium" })).toEqual([]);
    expect(await failuresOf(databaseProvider, { ...database, mode: "CONTAINER", instanceType: UNKNOWN })).toEqual([]);
  });

  it("a stage placed after an unknown stage and before a known one passes (the unknown one may turn out unset)", async () => {
    expect(await failuresOf(deploymentStageProvider, { environmentId: ID, name: "s", after: UNKNOWN, before: ID })).toEqual([]);
    expect(await failuresOf(deploymentStageProvider, { environmentId: ID, name: "s", after: ID, before: UNKNOWN })).toEqual([]);
  });

  it("unknown names, numbers, URLs and whole objects pass", async () => {
    expect(await failuresOf(projectProvider, { organizationId: ID, name: UNKNOWN })).toEqual([]);
    expect(await failuresOf(gitTokenProvider, { ...gitToken, gitApiUrl: UNKNOWN, name: UNKNOWN })).toEqual([]);
    expect(await failuresOf(databaseProvider, { ...database, cpu: UNKNOWN, memory: UNKNOWN, storage: UNKNOWN, masterCredentials: UNKNOWN })).toEqual([]);
    expect(await failuresOf(applicationProvider, {
      ...application, cpu: UNKNOWN, maxRunningInstances: UNKNOWN, gitRepository: UNKNOWN, healthchecks: UNKNOWN, storage: [{ size: UNKNOWN, mountPoint: "/d" }],
    })).toEqual([]);
    expect(await failuresOf(applicationProvider, { ...application, gitRepository: { url: UNKNOWN } })).toEqual([]);
  });

  it("known failures next to unknown values are still reported", async () => {
    const failures = await failuresOf(applicationProvider, { ...application, environmentId: UNKNOWN, cpu: 1e9, name: "  " });
    expect(failures.map((f) => f.property).sort()).toEqual(["cpu", "name"]);
  });
});

describe("the rules accept what real programs write", () => {
  it("accepts ids of every shape the service hands out", async () => {
    for (const id of [ID, "org-1", "e_1", "a.b", "01HZX3K8Q9", "12345"]) {
      expect(await failuresOf(environmentProvider, { ...environment, projectId: id, clusterId: id })).toEqual([]);
    }
  });

  it("accepts names with inner and outer spaces", async () => {
    expect(await failuresOf(projectProvider, { ...project, name: "My shop " })).toEqual([]);
  });

  it("accepts https and http git addresses, and derives the provider from them", async () => {
    const urls: Array<[string, string]> = [
      ["https://github.com/acme/api.git", "GITHUB"], ["http://gitlab.com/acme/api", "GITLAB"],
      ["https://bitbucket.org/acme/api.git", "BITBUCKET"], ["https://github.com:443/acme/api", "GITHUB"],
    ];
    await expectDerivedGitProviders(application, urls, (url, r) => {
      expect(gitUrlProblem(url)).toBeUndefined();
      expect(r.failures).toBeUndefined();
    });
  });

  it("refuses other git addresses, saying what is expected and never repeating a password", () => {
    for (const url of ["not a url", "javascript:alert(1)", "file:///srv/a.git", "https://github.com", "github.com/acme/api", "git@github.com:",
      "ssh://git@bitbucket.org/acme/api.git", "git@github.com:acme/api.git"]) {
      expect(gitUrlProblem(url)).toMatch(/^expected a git repository URL: https:\/\//);
    }
    const problem = gitUrlProblem("ftp://me:hunter2@git.acme.io/a.git");
    expect(problem).toContain("ftp");
    expect(problem).not.toContain("hunter2");
  });

  it("accepts every bound itself and refuses one past it", async () => {
    const app = (extra: Props) => failuresOf(applicationProvider, { ...application, ...extra });
    expect(await app({ cpu: MAX_CPU_MILLICORES, memory: MAX_MEMORY_MB, gpu: MAX_GPU, minRunningInstances: MAX_INSTANCES, maxRunningInstances: MAX_INSTANCES })).toEqual([]);
    expect(await app({ storage: [{ size: MIN_APPLICATION_VOLUME_GB, mountPoint: "/a" }, { size: MAX_STORAGE_GB, mountPoint: "/b" }] })).toEqual([]);
    expect(await app({ ports: [{ internalPort: MAX_PORT, externalPort: 1, publiclyAccessible: false }] })).toEqual([]);
    expect(await app({ minRunningInstances: 0, maxRunningInstances: -1 })).toEqual([]);
    expect((await app({ cpu: MAX_CPU_MILLICORES + 1 })).map((f) => f.property)).toEqual(["cpu"]);
    expect((await app({ memory: MAX_MEMORY_MB + 1 })).map((f) => f.property)).toEqual(["memory"]);
    const db = (extra: Props) => failuresOf(databaseProvider, { ...database, ...extra });
    expect(await db({ cpu: MAX_CPU_MILLICORES, memory: MAX_MEMORY_MB, storage: MAX_STORAGE_GB })).toEqual([]);
    expect((await db({ storage: MAX_STORAGE_GB + 1 })).map((f) => f.property)).toEqual(["storage"]);
  });

  it("accepts an instance type on a MANAGED database", async () => {
    expect(await failuresOf(databaseProvider, { ...database, mode: "MANAGED", instanceType: "db.t3.medium" })).toEqual([]);
  });

  it("accepts an http or https git API address", async () => {
    for (const url of ["https://gitlab.acme.io/api/v4", "http://10.0.0.5:8080"]) {
      expect(await failuresOf(gitTokenProvider, { ...gitToken, gitApiUrl: url })).toEqual([]);
    }
  });
});

/** What the dynamic-provider host hands `check`: secrets as plain values, values not known yet as UNKNOWN. */
function asEngineSends(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(asEngineSends);
  if (v === null || typeof v !== "object") return v;
  const o = v as Props;
  if (o["__pulumiUnknown"] === true) return UNKNOWN;
  if (o["4dabf18193072939515e22adb298388d"] === "1b47061264138c4ac30d75fd1eb44270") return asEngineSends(o["value"]);
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, asEngineSends(x)]));
}

const DYNAMIC = "pulumi-nodejs:dynamic/deploy-service:";

interface Registration {
  kind: string;
  name: string;
  inputs: Props;
}

/** Runs `program` under Pulumi's mocks and returns the inputs of every resource of this package it registers. */
async function registrations(preview: boolean, expected: number, program: () => Promise<void> | void): Promise<Registration[]> {
  const seen: Registration[] = [];
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        if (args.type.startsWith(DYNAMIC)) seen.push({ kind: args.type.slice(DYNAMIC.length), name: args.name, inputs: asEngineSends(args.inputs) as Props });
        // At the first preview nothing exists yet: no id, no outputs (they reach other resources as unknown).
        if (preview) return { id: "", state: {} };
        return { id: `${args.name}-id`, state: { ...args.inputs, result: "generated-password", host: "db.internal", port: 5432 } };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    preview,
  );
  await program();
  for (let waited = 0; seen.length < expected && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  return seen;
}

async function expectAllPassCheck(regs: Registration[]): Promise<void> {
  for (const reg of regs) {
    const result = await providerFor(reg.kind).check!({}, reg.inputs);
    expect({ resource: reg.name, failures: result.failures ?? [] }).toEqual({ resource: reg.name, failures: [] });
  }
}

describe("the examples pass check", () => {
  // The main example looks up its organization and cluster by name: the emulator answers.
  useFixture();

  it("the main program (index.ts) and the feature-branch example, as `up` sends their inputs", async () => {
    pulumi.runtime.setConfig("project:branch", "feature/Login-Page");
    pulumi.runtime.setConfig("project:projectId", ID);
    // 1 project + 3 environments (staging, production, one feature branch) of 10 resources each, and the
    // deployments of staging and production (the feature branch's component is not told to deploy).
    const regs = await registrations(false, 33, async () => {
      await import("../../../index");
      await import("../../../examples/feature-branch/index");
    });
    expect(regs).toHaveLength(33);
    const kinds = [...new Set(regs.map((r) => r.kind))].sort();
    expect(kinds).toEqual([
      "Application", "ApplicationAdvancedSettings", "Database", "DeploymentStage", "Environment", "EnvironmentDeployment", "GitToken", "Project",
    ]);
    expect(regs.find((r) => r.kind === "Environment" && r.inputs["name"] === "fb-feature-login-page")).toBeDefined();
    await expectAllPassCheck(regs);
  });

  it("the shop component, as the first preview sends its inputs (every id and output unknown)", async () => {
    const regs = await registrations(true, 11, async () => {
      const { AppEnvironment } = await import("../../../examples/components/app-environment");
      const ds = await import("../../../provider");
      const shop = new ds.Project("preview-shop", { organizationId: ID, name: "shop" });
      new AppEnvironment("preview", {
        organizationId: shop.organizationId, projectId: shop.id, clusterId: shop.id, environmentName: "preview",
        mode: "DEVELOPMENT", branch: "main", gitToken: pulumi.secret("t"), maxApiInstances: 2,
      });
    });
    expect(regs).toHaveLength(11);
    const api = regs.find((r) => r.kind === "Application" && r.inputs["name"] === "api");
    // The test is about unknowns: make sure they are there.
    expect(api?.inputs["environmentId"]).toBe(UNKNOWN);
    expect((api?.inputs["environmentVariables"] as Props)["DATABASE_HOST"]).toBe(UNKNOWN);
    await expectAllPassCheck(regs);
  });
});
