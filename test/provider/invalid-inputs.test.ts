import type * as pulumi from "@pulumi/pulumi";
import { applicationProvider } from "../../provider/application";
import { databaseProvider } from "../../provider/database";
import { deploymentStageProvider } from "../../provider/deployment-stage";
import { environmentProvider } from "../../provider/environment";
import { gitTokenProvider } from "../../provider/git-token";
import { projectProvider } from "../../provider/project";
import { clearRequests, requests, startFixture, stopFixture, type Fixture } from "./fixture";

type Props = Record<string, unknown>;

const project: Props = { organizationId: "org-1", name: "web" };
const environment: Props = { projectId: "p-1", name: "staging" };
const gitToken: Props = { organizationId: "org-1", name: "ci", type: "GITHUB", token: "ghp_valid_token_value" };
const stage: Props = { environmentId: "e-1", name: "first" };
const database: Props = { environmentId: "e-1", name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" };
const application: Props = { environmentId: "e-1", name: "api", gitRepository: { url: "https://github.com/acme/api.git" } };

/** [what is wrong, provider, inputs, the property the failure must name, a word the reason must contain] */
const cases: Array<[string, pulumi.dynamic.ResourceProvider, Props, string, string]> = [
  ["project without name", projectProvider, { organizationId: "org-1" }, "name", "required"],
  ["project with empty name", projectProvider, { ...project, name: "" }, "name", ">= 1"],
  ["project name as number", projectProvider, { ...project, name: 42 }, "name", "string"],
  ["project without organization", projectProvider, { name: "web" }, "organizationId", "required"],
  ["project description as list", projectProvider, { ...project, description: ["a"] }, "description", "string"],
  ["environment with unknown mode", environmentProvider, { ...environment, mode: "QA" }, "mode", "STAGING"],
  ["environment with PREVIEW mode (service-only)", environmentProvider, { ...environment, mode: "PREVIEW" }, "mode", "one of"],
  ["environment without project", environmentProvider, { name: "staging" }, "projectId", "required"],
  ["environment with empty cluster id", environmentProvider, { ...environment, clusterId: "" }, "clusterId", ">= 1"],
  ["git token of unknown type", gitTokenProvider, { ...gitToken, type: "GITEA" }, "type", "GITHUB"],
  ["git token without token", gitTokenProvider, { ...gitToken, token: undefined }, "token", "required"],
  ["git token with empty token", gitTokenProvider, { ...gitToken, token: "" }, "token", ">= 1"],
  ["bitbucket token without workspace", gitTokenProvider, { ...gitToken, type: "BITBUCKET" }, "workspace", "BITBUCKET"],
  ["git token with a bad API URL", gitTokenProvider, { ...gitToken, gitApiUrl: "not a url" }, "gitApiUrl", "url"],
  ["stage placed both after and before", deploymentStageProvider, { ...stage, after: "s-1", before: "s-2" }, "before", "not both"],
  ["stage without environment", deploymentStageProvider, { name: "first" }, "environmentId", "required"],
  ["stage with a numeric name", deploymentStageProvider, { ...stage, name: 7 }, "name", "string"],
  ["database of unknown type", databaseProvider, { ...database, type: "ORACLE" }, "type", "POSTGRESQL"],
  ["database of unknown mode", databaseProvider, { ...database, mode: "SERVERLESS" }, "mode", "CONTAINER"],
  ["database without version", databaseProvider, { ...database, version: undefined }, "version", "required"],
  ["database with fractional cpu", databaseProvider, { ...database, cpu: 0.5 }, "cpu", "int"],
  ["database with zero storage", databaseProvider, { ...database, storage: 0 }, "storage", ">= 1"],
  ["database with unknown accessibility", databaseProvider, { ...database, accessibility: "OPEN" }, "accessibility", "PRIVATE"],
  ["database credentials without password", databaseProvider, { ...database, masterCredentials: { login: "u" } }, "masterCredentials.password", "required"],
  ["application without git repository", applicationProvider, { environmentId: "e-1", name: "api" }, "gitRepository", "required"],
  ["application on an unknown git host without provider", applicationProvider, { ...application, gitRepository: { url: "https://git.example.com/a/b.git" } }, "gitRepository.provider", "github.com"],
  ["application with unknown git provider", applicationProvider, { ...application, gitRepository: { url: "https://github.com/a/b", provider: "GITEA" } }, "gitRepository.provider", "GITHUB"],
  ["application with port 0", applicationProvider, { ...application, ports: [{ internalPort: 0, publiclyAccessible: true }] }, "ports[0].internalPort", ">= 1"],
  ["application with port 70000", applicationProvider, { ...application, ports: [{ internalPort: 70000, publiclyAccessible: true }] }, "ports[0].internalPort", "<= 65535"],
  ["application port without publiclyAccessible", applicationProvider, { ...application, ports: [{ internalPort: 80 }] }, "ports[0].publiclyAccessible", "required"],
  ["application port of unknown protocol", applicationProvider, { ...application, ports: [{ internalPort: 80, publiclyAccessible: false, protocol: "SCTP" }] }, "ports[0].protocol", "HTTP"],
  ["application with the same port twice", applicationProvider, { ...application, ports: [{ internalPort: 80, publiclyAccessible: false }, { internalPort: 80, publiclyAccessible: true }] }, "ports[1].internalPort", "once"],
  ["application with negative cpu", applicationProvider, { ...application, cpu: -1 }, "cpu", ">= 1"],
  ["application with max below min instances", applicationProvider, { ...application, minRunningInstances: 3, maxRunningInstances: 2 }, "maxRunningInstances", "minRunningInstances"],
  ["application with a probe of two kinds", applicationProvider, { ...application, healthchecks: { readinessProbe: { type: { tcp: { port: 80 }, http: { port: 80 } } } } }, "healthchecks.readinessProbe.type", "exactly one"],
  ["application probe with zero period", applicationProvider, { ...application, healthchecks: { livenessProbe: { type: { tcp: { port: 80 } }, periodSeconds: 0 } } }, "healthchecks.livenessProbe.periodSeconds", ">= 1"],
  ["application with a 2 GB volume", applicationProvider, { ...application, storage: [{ size: 2, mountPoint: "/data" }] }, "storage[0].size", ">= 4"],
  ["application volume on a relative path", applicationProvider, { ...application, storage: [{ size: 10, mountPoint: "data" }] }, "storage[0].mountPoint", "absolute"],
  ["application variable with a bad key", applicationProvider, { ...application, environmentVariables: { "1BAD-KEY": "x" } }, "environmentVariables", "variable name"],
  ["application variable value as number", applicationProvider, { ...application, environmentVariables: { PORT: 8080 } }, "environmentVariables.PORT", "string"],
  ["application secret also a variable", applicationProvider, { ...application, environmentVariables: { K: "a" }, secrets: { K: "b" } }, "secrets.K", "environmentVariables"],
  ["application deploy as string", applicationProvider, { ...application, deploy: "yes" }, "deploy", "boolean"],
  ["application deploy timeout of zero", applicationProvider, { ...application, deployTimeoutSeconds: 0 }, "deployTimeoutSeconds", ">= 1"],
  ["application with unknown build mode", applicationProvider, { ...application, buildMode: "BUILDPACKS" }, "buildMode", "DOCKER"],
];

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
  await clearRequests(fx.emulator);
});
afterAll(async () => {
  await stopFixture(fx);
});

describe("invalid inputs are rejected by check, naming the field", () => {
  it("has at least 30 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)("%s", async (_what, provider, inputs, property, reasonWord) => {
    const result = await provider.check!({}, { ...inputs, __provider: "serialized" });
    const failures = result.failures ?? [];
    const failure = failures.find((f) => f.property === property || f.property.startsWith(`${property}.`) || f.property.startsWith(`${property}[`));
    expect(failure).toBeDefined();
    expect(failure!.reason.toLowerCase()).toContain(reasonWord.toLowerCase());
  });

  it("never quotes a secret value in a failure", async () => {
    const result = await gitTokenProvider.check!({}, { ...gitToken, token: 12345678, name: "" });
    const text = JSON.stringify(result.failures);
    expect(text).toContain("token");
    expect(text).not.toContain("12345678");
    const app = await applicationProvider.check!({}, { ...application, secrets: { K: 987654321 } });
    expect(JSON.stringify(app.failures)).toContain("secrets.K");
    expect(JSON.stringify(app.failures)).not.toContain("987654321");
  });

  it("sent no request to the service", async () => {
    expect(await requests(fx.emulator)).toEqual([]);
  });
});
