import { z } from "zod";
import { applicationProvider } from "../../../provider/resources/application/index";
import { checkInputs, propertyPath } from "../../../provider/framework/check";
import { databaseProvider } from "../../../provider/resources/database";
import { deploymentStageProvider } from "../../../provider/resources/deployment-stage";
import { gitTokenProvider } from "../../../provider/resources/git-token";
import { projectProvider } from "../../../provider/resources/project";
import { UNKNOWN, containsUnknown, isUnknown } from "../../../provider/framework/unknowns";
import { expectDerivedGitProviders } from "../support/check-helpers";

const app = { environmentId: "e-1", name: "api", gitRepository: { url: "https://github.com/acme/api.git" } };

describe("unknowns", () => {
  it("finds the engine's unknown value at any depth", () => {
    expect(isUnknown(UNKNOWN)).toBe(true);
    expect(isUnknown("x")).toBe(false);
    expect(containsUnknown({ a: [{ b: UNKNOWN }] })).toBe(true);
    expect(containsUnknown({ a: [{ b: "x" }], c: null })).toBe(false);
  });
});

describe("checkInputs", () => {
  const schema = z.object({ name: z.string().min(1), size: z.number().int().default(10), nested: z.object({ port: z.number() }).optional() });

  it("applies defaults and drops engine keys", () => {
    expect(checkInputs(schema, { name: "a", __provider: "p" })).toEqual({ inputs: { name: "a", size: 10 } });
  });

  it("lets unknown values of any type pass, at any depth, and keeps them", () => {
    const r = checkInputs(schema, { name: "a", size: UNKNOWN, nested: { port: UNKNOWN } });
    expect(r.failures).toBeUndefined();
    expect(r.inputs).toEqual({ name: "a", size: UNKNOWN, nested: { port: UNKNOWN } });
  });

  it("still reports the known fields next to unknown ones", () => {
    const r = checkInputs(schema, { name: "", size: UNKNOWN });
    expect(r.failures).toEqual([{ property: "name", reason: 'expected a string of >= 1 characters, got ""' }]);
  });

  it("names nested properties with dots and list indexes", () => {
    expect(propertyPath(["ports", 0, "internalPort"])).toBe("ports[0].internalPort");
    expect(propertyPath(["gitRepository", "url"])).toBe("gitRepository.url");
  });
});

describe("resource checks with unknown values (preview)", () => {
  it("application: unknown ids, url, ports, maps and probe parts pass", async () => {
    const r = await applicationProvider.check!({}, {
      environmentId: UNKNOWN,
      name: "api",
      gitRepository: { url: UNKNOWN, gitTokenId: UNKNOWN },
      ports: [{ internalPort: UNKNOWN, publiclyAccessible: true }],
      healthchecks: { readinessProbe: { type: { http: { port: UNKNOWN } } } },
      environmentVariables: { DB_HOST: UNKNOWN },
      secrets: UNKNOWN,
      deploymentStageId: UNKNOWN,
      cpu: UNKNOWN,
    });
    expect(r.failures).toBeUndefined();
    const inputs = r.inputs as Record<string, unknown>;
    expect(inputs["secrets"]).toBe(UNKNOWN);
    expect(inputs["memory"]).toBe(512);
  });

  it("database: unknown password and environment pass", async () => {
    const r = await databaseProvider.check!({}, {
      environmentId: UNKNOWN, name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER",
      masterCredentials: { login: "u", password: UNKNOWN },
    });
    expect(r.failures).toBeUndefined();
  });

  it("git token: an unknown type does not trigger the workspace rule", async () => {
    const r = await gitTokenProvider.check!({}, { organizationId: "o", name: "t", type: UNKNOWN, token: UNKNOWN });
    expect(r.failures).toBeUndefined();
  });

  it("deployment stage: an unknown `after` passes", async () => {
    const r = await deploymentStageProvider.check!({}, { environmentId: "e", name: "s", after: UNKNOWN });
    expect(r.failures).toBeUndefined();
  });

  it("project: an unknown whole value passes", async () => {
    const r = await projectProvider.check!({}, { organizationId: UNKNOWN, name: UNKNOWN });
    expect(r.failures).toBeUndefined();
  });
});

describe("normalisation in check", () => {
  it("derives the git provider from the URL host", async () => {
    await expectDerivedGitProviders(app, [
      ["https://github.com/a/b.git", "GITHUB"], ["https://gitlab.com/a/b", "GITLAB"],
      ["https://bitbucket.org/a/b", "BITBUCKET"], ["http://github.com/a/b.git", "GITHUB"],
    ]);
  });

  it("keeps an explicit provider for another host", async () => {
    const r = await applicationProvider.check!({}, { ...app, gitRepository: { url: "https://git.acme.io/a/b", provider: "GITLAB" } });
    expect(r.failures).toBeUndefined();
    expect((r.inputs as { gitRepository: { provider: string } }).gitRepository.provider).toBe("GITLAB");
  });

  it("fills the service's defaults, healthchecks included", async () => {
    const r = await applicationProvider.check!({}, {
      ...app,
      healthchecks: { livenessProbe: { type: { http: { port: 80 } } } },
      ports: [{ internalPort: 80, publiclyAccessible: true }],
    });
    const inputs = r.inputs as Record<string, unknown>;
    expect(inputs).toMatchObject({
      cpu: 500, memory: 512, gpu: 0, minRunningInstances: 1, maxRunningInstances: 1, buildMode: "DOCKER",
      autoPreview: true, autoDeploy: false, environmentVariables: {}, secrets: {}, deploy: false, deployTimeoutSeconds: 1800,
      ports: [{ internalPort: 80, publiclyAccessible: true, protocol: "HTTP" }],
      healthchecks: {
        livenessProbe: {
          type: { http: { port: 80, path: "/", scheme: "HTTP" } },
          initialDelaySeconds: 30, periodSeconds: 10, timeoutSeconds: 5, successThreshold: 1, failureThreshold: 9,
        },
      },
    });
    expect((inputs["gitRepository"] as Record<string, unknown>)["rootPath"]).toBe("/");
  });
});
