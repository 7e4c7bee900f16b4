/**
 * Bad Helm inputs are named by `check` before any call (issue 34, item 5): chart names, versions, repository URLs
 * by kind, credentials in a URL, inline values that are no YAML mapping (with the line), both or neither source,
 * ports; a secret value is never quoted in a failure.
 */
import { advancedSettingsProviderOf } from "../../../provider/service-kinds/advanced-settings";
import type * as pulumi from "@pulumi/pulumi";
import { helmProvider } from "../../../provider/resources/helm/index";
import { helmRepositoryProvider } from "../../../provider/resources/helm-repository";
import { environmentDeploymentProvider } from "../../../provider/resources/environment-deployment";
import { clearRequests, requests, useFixture } from "../support/fixture";

type Props = Record<string, unknown>;

const repository: Props = { organizationId: "org-1", name: "charts", kind: "HTTPS", url: "https://charts.example.com" };
const chart = { repositoryId: "r-1", chartName: "ingress-nginx", chartVersion: "4.12.1" };
const helm: Props = { environmentId: "e-1", name: "ingress", source: { repository: chart } };
const fromChart = (extra: Props): Props => ({ ...helm, source: { repository: { ...chart, ...extra } } });
const values = (inline: string): Props => ({ ...helm, valuesOverride: { inline } });
const git = { url: "https://github.com/acme/charts.git", rootPath: "/charts/api" };

/** [what is wrong, provider, inputs, the property the failure must name, words the reason must contain] */
type Case = [string, pulumi.dynamic.ResourceProvider, Props, string, string];

const cases: Case[] = [
  ["chart name in capitals", helmProvider, fromChart({ chartName: "Ingress-Nginx" }), "source.repository.chartName", "lower-case"],
  ["chart name with a path", helmProvider, fromChart({ chartName: "charts/redis" }), "source.repository.chartName", "helm chart name"],
  ["chart version that is no SemVer", helmProvider, fromChart({ chartVersion: "latest" }), "source.repository.chartVersion", "semver"],
  ["chart version with four numbers", helmProvider, fromChart({ chartVersion: "1.2.3.4" }), "source.repository.chartVersion", "constraint"],
  ["chart constraint with a bad operator", helmProvider, fromChart({ chartVersion: "=>1.2" }), "source.repository.chartVersion", "semver"],
  ["both a repository and git", helmProvider, { ...helm, source: { repository: chart, git } }, "source", "got both"],
  ["neither a repository nor git", helmProvider, { ...helm, source: {} }, "source", "got neither"],
  ["git source over ssh", helmProvider, { ...helm, source: { git: { url: "git@github.com:acme/charts.git" } } }, "source.git.url", "http"],
  ["git source with a token in its URL", helmProvider, { ...helm, source: { git: { url: "https://ghp_x@github.com/acme/c.git" } } }, "source.git.url", "token"],
  ["inline values that are a list", helmProvider, values("- a\n- b\n"), "valuesOverride.inline", "line 1: expected a mapping"],
  ["inline values with a tab", helmProvider, values("controller:\n\treplicaCount: 2\n"), "valuesOverride.inline", "line 2: a tab"],
  ["inline values with a key twice", helmProvider, values("a: 1\nb:\n  c: 2\na: 3\n"), "valuesOverride.inline", "line 4: a key given twice"],
  ["inline values with a bad indentation", helmProvider, values("a:\n    b: 1\n  c: 2\n"), "valuesOverride.inline", "line 3: the indentation"],
  ["inline values with an unclosed list", helmProvider, values("a: 1\nb: [1, 2\nc: 3\n"), "valuesOverride.inline", "line 2: a flow collection"],
  ["secret inline values that are no mapping", helmProvider, { ...helm, secretValuesOverride: { inline: "just text\n" } }, "secretValuesOverride.inline", "line 1"],
  ["values files on relative paths", helmProvider, { ...helm, valuesOverride: { files: { gitRepository: git, paths: ["values.yaml"] } } }, "valuesOverride.files.paths[0]", "starting with /"],
  ["a --set value as a number", helmProvider, { ...helm, valuesOverride: { set: { replicas: 2 } } }, "valuesOverride.set.replicas", "string"],
  ["a negative timeout", helmProvider, { ...helm, timeoutSeconds: -1 }, "timeoutSeconds", ">= 0"],
  ["a port of a TCP protocol", helmProvider, { ...helm, ports: [{ internalPort: 80, serviceName: "web", protocol: "TCP" }] }, "ports[0].protocol", "HTTP"],
  ["a port without its service", helmProvider, { ...helm, ports: [{ internalPort: 80 }] }, "ports[0].serviceName", "exactly one of serviceName or serviceSelectors"],
  ["an advanced setting of applications only", helmProvider, { ...helm, advancedSettings: { "build.timeout_max_sec": 100 } }, 'advancedSettings["build.timeout_max_sec"]', "applications"],
  ["a chart variable with a bad key", helmProvider, { ...helm, environmentVariables: { "1BAD-KEY": "x" } }, "environmentVariables", "variable name"],
  ["an OCI repository over https", helmRepositoryProvider, { ...repository, kind: "OCI_DOCKER_HUB", url: "https://registry-1.docker.io/bitnamicharts" }, "url", "oci://"],
  ["an HTTPS repository at an oci:// URL", helmRepositoryProvider, { ...repository, url: "oci://registry.example.com/charts" }, "url", "https://"],
  ["an HTTPS repository over plain http", helmRepositoryProvider, { ...repository, url: "http://charts.example.com" }, "url", "https://"],
  ["a repository URL with credentials", helmRepositoryProvider, { ...repository, url: "https://bob:hunter22@charts.example.com" }, "url", "without credentials"],
  ["a repository of an unknown kind", helmRepositoryProvider, { ...repository, kind: "OCI_QUAY" }, "kind", "OCI_GITHUB_CR"],
  ["repository credentials misspelt", helmRepositoryProvider, { ...repository, credentials: { username: "u", pasword: "p" } }, "credentials.pasword", 'did you mean "password"?'],
  ["a chart pinned to a version and a commit", environmentDeploymentProvider, { environmentId: "e-1", services: { helms: { "h-1": { chartVersion: "1.0.0", gitCommitId: "abc" } } } }, "services.helms", "got both"],
  ["a chart pinned to no version", environmentDeploymentProvider, { environmentId: "e-1", services: { helms: { "h-1": {} } } }, "services.helms", "got none"],
  ["a chart pinned to a version that is no SemVer", environmentDeploymentProvider, { environmentId: "e-1", services: { helms: { "h-1": { chartVersion: "latest" } } } }, "services.helms", "semver"],
  ["chart advanced settings with a job key", advancedSettingsProviderOf("helm"), { helmId: "h-1", settings: { "cronjob.concurrency_policy": "Allow" } }, 'settings["cronjob.concurrency_policy"]', "not of helm"],
];

const fx = useFixture();
beforeAll(async () => {
  await clearRequests(fx.emulator);
});

describe("bad Helm inputs are refused by check, naming the field", () => {
  it.each(cases)("%s", async (_what, provider, inputs, property, reasonWord) => {
    const result = await provider.check!({}, { ...inputs, __provider: "serialized" });
    const failures = result.failures ?? [];
    const failure = failures.find((f) => f.property === property || f.property.startsWith(`${property}.`) || f.property.startsWith(`${property}[`));
    expect([property, failure?.reason.toLowerCase()]).toEqual([property, expect.stringContaining(reasonWord.toLowerCase())]);
  });

  it("valid inputs pass: a chart from a repository, one from git with values files, inline YAML, a constraint", async () => {
    const inline = "controller:\n  replicaCount: 2\n  extraArgs:\n  - --v=2\n  config: |\n    a: b\n    a: b\nlist: [1, 2,\n  3]\n";
    for (const inputs of [
      { ...helm, valuesOverride: { inline, set: { "a.b": "1" } }, secretValuesOverride: { set: { "auth.password": "p4ss-w0rd" } } },
      fromChart({ chartVersion: ">=4.0.0 <5.0.0 || ^6.1" }),
      { ...helm, source: { git }, valuesOverride: { files: { gitRepository: git, paths: ["/values/prod.yaml"] } } },
      { ...repository, kind: "OCI_GITHUB_CR", url: "oci://ghcr.io/acme/charts", credentials: { username: "u", password: "p" } },
    ]) {
      const provider = "kind" in inputs ? helmRepositoryProvider : helmProvider;
      const result = await provider.check!({}, { ...inputs, __provider: "serialized" });
      expect(result.failures ?? []).toEqual([]);
    }
  });

  it("never quotes a secret value in a failure", async () => {
    const secretYaml = "password: Sup3r-S3cret-Value\n\tbad: indentation\n";
    const a = await helmProvider.check!({}, { ...helm, secretValuesOverride: { inline: secretYaml, set: { token: 987654321 } } });
    const text = JSON.stringify(a.failures);
    expect(text).toContain("secretValuesOverride.inline");
    expect(text).toContain("secretValuesOverride.set.token");
    expect(text).not.toContain("Sup3r-S3cret-Value");
    expect(text).not.toContain("987654321");
    const r = await helmRepositoryProvider.check!({}, { ...repository, url: "https://bob:hunter22@charts.example.com", credentials: { password: 55555555 } });
    expect(JSON.stringify(r.failures)).not.toMatch(/hunter22|55555555/);
  });

  it("sent no request to the service", async () => {
    expect(await requests(fx.emulator)).toEqual([]);
  });
});
