import type * as pulumi from "@pulumi/pulumi";
import type { Application, Container, Job } from "../../../provider";
import { applicationProvider } from "../../../provider/resources/application/index";
import { application } from "../../../provider/resources/application/provider";
import { containerProvider } from "../../../provider/resources/container";
import { environmentProvider } from "../../../provider/resources/environment";
import { jobProvider } from "../../../provider/resources/job/provider";
import { project, projectProvider } from "../../../provider/resources/project";
import { secret, secretProvider } from "../../../provider/resources/secret";
import { variableProvider } from "../../../provider/resources/variable";
import { nearestKeys } from "../../../provider/framework/value-targets";
import { UNKNOWN } from "../../../provider/framework/unknowns";

type Props = Record<string, unknown>;
type Provider = pulumi.dynamic.ResourceProvider;

// Compile-time: every service kind's class has the outputs of the new maps and its built-in variables.
const typedOutputs = (r: Application | Container | Job): Array<pulumi.Output<unknown>> => [r.builtInVariables, r.environmentVariableAliases, r.secretFiles];
void typedOutputs;

const ID = "5b0f7b4e-8a8e-4b59-9d3e-2f1c6a7d9e01";
const projectInputs: Props = { organizationId: ID, name: "web" };
const environmentInputs: Props = { projectId: ID, name: "staging", clusterId: ID };
const appInputs: Props = { environmentId: ID, name: "api", gitRepository: { url: "https://github.com/acme/api.git" } };
const variableInputs: Props = { scope: "APPLICATION", parentId: ID, key: "LOG_LEVEL", value: "info" };

async function failures(provider: Provider, news: Props) {
  return (await provider.check!({}, { ...news, __provider: "p" })).failures ?? [];
}

describe("the owner's maps in check", () => {
  const maps: Props = {
    environmentVariables: { LOG_LEVEL: "info" },
    environmentVariableFiles: { CONFIG: { mountPath: "/etc/app/config.yaml", value: "a: 1" } },
    environmentVariableAliases: { DB_HOST: "QOVERY_POSTGRESQL_Z1234_HOST_INTERNAL" },
    environmentVariableOverrides: { REGION: "eu" },
    secrets: { TOKEN: "t0ken-value" },
    secretFiles: { CERT: { mountPath: "/etc/tls/cert.pem", value: "-----BEGIN-----" } },
    secretAliases: { DB_PASSWORD: "QOVERY_POSTGRESQL_Z1234_PASSWORD" },
    secretOverrides: { API_KEY: "override-key" },
  };

  it.each([
    ["Project", projectProvider, projectInputs],
    ["Environment", environmentProvider, environmentInputs],
    ["Application", applicationProvider, appInputs],
  ] as const)("%s accepts all eight maps, and its own output again", async (_kind, provider, base) => {
    const first = await provider.check!({}, { ...base, ...maps });
    expect(first.failures).toBeUndefined();
    expect((first.inputs as Props)["environmentVariableFiles"]).toEqual(maps["environmentVariableFiles"]);
    const second = await provider.check!({}, first.inputs as Props);
    expect(second.inputs).toEqual(first.inputs);
  });

  it("leaves the maps out of a project's checked inputs when the program gives none (older stacks see no change)", async () => {
    const r = await projectProvider.check!({}, projectInputs);
    expect(Object.keys(r.inputs as Props).sort()).toEqual(["description", "name", "organizationId"]);
  });

  it("refuses a key in two maps, naming both", async () => {
    const f = await failures(projectProvider, { ...projectInputs, environmentVariables: { TOKEN: "x" }, secretOverrides: { TOKEN: "y" } });
    expect(f).toEqual([{ property: "secretOverrides.TOKEN", reason: expect.stringContaining("not also in environmentVariables") }]);
    const g = await failures(containerProvider, {
      environmentId: ID, name: "c", registryId: ID, imageName: "nginx", tag: "1", environmentVariableAliases: { A: "B" }, environmentVariableFiles: { A: { mountPath: "/a", value: "" } },
    });
    expect(g.map((x) => x.property)).toEqual(["environmentVariableAliases.A"]);
  });

  it("refuses a bad key, a bad alias target and a file without an absolute mount path, naming the field", async () => {
    const f = await failures(environmentProvider, {
      ...environmentInputs,
      environmentVariableAliases: { GOOD: "1BAD" },
      environmentVariableFiles: { CONF: { mountPath: "etc/app.conf", value: "" }, OTHER: { value: "x" } },
    });
    expect(f.map((x) => x.property).sort()).toEqual([
      "environmentVariableAliases.GOOD", "environmentVariableFiles.CONF.mountPath", "environmentVariableFiles.OTHER.mountPath",
    ]);
    expect(f.find((x) => x.property === "environmentVariableFiles.CONF.mountPath")?.reason).toContain("absolute file path");
  });

  it("never quotes a secret map's value in a failure", async () => {
    const f = await failures(jobProvider, {
      environmentId: ID, name: "j", source: { image: { registryId: ID, imageName: "a", tag: "1" } }, schedule: { cron: { expression: "0 3 * * *" } },
      secretFiles: { CERT: { mountPath: "relative/path-s3cr3t", value: 42 } },
    });
    expect(f.length).toBeGreaterThan(0);
    expect(JSON.stringify(f)).not.toContain("s3cr3t");
  });

  it("passes maps whose values are not known yet (preview)", async () => {
    expect(await failures(projectProvider, { ...projectInputs, secretAliases: { DB_PASSWORD: UNKNOWN }, environmentVariableFiles: UNKNOWN })).toEqual([]);
  });

  it("stores every secret map as a Pulumi secret, on projects and services alike", () => {
    for (const secrets of [project.secretOutputs, application.secretOutputs]) {
      expect(secrets).toEqual(expect.arrayContaining(["secrets", "secretFiles", "secretAliases", "secretOverrides"]));
      expect(secrets).not.toContain("environmentVariableOverrides");
    }
  });

  it("shows no change for a state written before the maps existed", async () => {
    const olds: Props = { ...projectInputs, description: "", createdAt: "t", updatedAt: "t" };
    const news = (await projectProvider.check!({}, projectInputs)).inputs as Props;
    expect((await projectProvider.diff!(ID, olds, news)).changes).toBe(false);
    const appOlds = (await applicationProvider.check!({}, appInputs)).inputs as Props;
    for (const k of ["environmentVariableFiles", "environmentVariableAliases", "secretOverrides"]) delete appOlds[k];
    expect((await applicationProvider.diff!(ID, { ...appOlds, variableRefs: {}, secretRefs: {} }, appOlds)).changes).toBe(false);
  });

  it("shows a change when a whole map is dropped from the program", async () => {
    const news = (await projectProvider.check!({}, projectInputs)).inputs as Props;
    const olds = { ...news, environmentVariableAliases: { A: "B" } };
    expect((await projectProvider.diff!(ID, olds, news)).changes).toBe(true);
  });
});

describe("Variable and Secret in check", () => {
  it("accept a value, a file, an alias and an override", async () => {
    expect(await failures(variableProvider, variableInputs)).toEqual([]);
    expect(await failures(variableProvider, { ...variableInputs, mountPath: "/etc/app.conf" })).toEqual([]);
    expect(await failures(variableProvider, { scope: "ENVIRONMENT", parentId: ID, key: "DB", aliasOf: ID })).toEqual([]);
    expect(await failures(secretProvider, { scope: "JOB", parentId: ID, value: "v", overrideOf: ID })).toEqual([]);
  });

  it("refuse what an alias or an override cannot take, naming the field", async () => {
    expect(await failures(variableProvider, { ...variableInputs, aliasOf: ID })).toEqual([
      { property: "value", reason: expect.stringContaining("expected no value with aliasOf") },
    ]);
    expect((await failures(variableProvider, { ...variableInputs, aliasOf: ID, overrideOf: ID })).map((x) => x.property)).toEqual(["overrideOf"]);
    expect((await failures(variableProvider, { scope: "PROJECT", parentId: ID, value: "v" })).map((x) => x.property)).toEqual(["key"]);
    expect((await failures(variableProvider, { scope: "PROJECT", parentId: ID, key: "K" })).map((x) => x.property)).toEqual(["value"]);
    expect((await failures(variableProvider, { scope: "PROJECT", parentId: ID, value: "v", overrideOf: ID, mountPath: "/a" })).map((x) => x.property))
      .toEqual(["mountPath"]);
  });

  it("refuse an unknown scope, listing the scopes", async () => {
    const [f] = await failures(variableProvider, { ...variableInputs, scope: "ORGANIZATION" });
    expect(f?.property).toBe("scope");
    expect(f?.reason).toContain("PROJECT");
  });

  it("keep a Secret's value out of failures and store it as a secret", async () => {
    const f = await failures(secretProvider, { ...variableInputs, key: "9BAD", value: 123456789 });
    expect(f.map((x) => x.property).sort()).toEqual(["key", "value"]);
    expect(JSON.stringify(f)).not.toContain("123456789");
    expect(secret.secretOutputs).toContain("value");
  });
});

describe("nearest keys for an unknown alias target", () => {
  it("lists the keys a slip away, nearest first, case and _ ignored", () => {
    const keys = ["DATABASE_URL", "DATABASE_HOST", "QOVERY_PROJECT_ID", "database_url2"];
    const near = nearestKeys("DATABASE_ULR", keys);
    expect(near[0]).toBe("DATABASE_URL");
    expect(near).not.toContain("QOVERY_PROJECT_ID");
    expect(nearestKeys("ZZZZZZZZ", keys)).toEqual([]);
  });
});
