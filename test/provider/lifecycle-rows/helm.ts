/**
 * Lifecycle rows of Helm repositories and Helm charts against the emulator: a repository with credentials (a new
 * password is an update in place; the service never answers it, so a change outside shows it as changed), and a
 * chart from a repository with plain and secret values, variables and a secret, deployed (a values change is an
 * update in place that redeploys; another environment replaces it), and a chart's `HelmAdvancedSettings`.
 */
import { advancedSettingsProviderOf } from "../../../provider/service-kinds/advanced-settings";
import { CHANGED_OUTSIDE } from "../../../provider/framework/common";
import { helm } from "../../../provider/resources/helm/index";
import { helmRepository } from "../../../provider/resources/helm-repository";
import { groupOf, settingsRow } from "./advanced-settings";
import type { Fixture } from "../support/fixture";
import { fromDefinition, type LifecycleRow, type Props } from "../support/lifecycle-row";

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now() % 100_000}`;
const str = (v: unknown) => String(v);

/** A new HTTPS repository of the fixture's organization, made through the sdk. */
export async function sdkHelmRepository(fx: Fixture): Promise<string> {
  return (await fx.client.helmRepositories.create(fx.orgId, { name: unique("lc-charts"), kind: "HTTPS", url: "https://charts.example.com" })).id;
}

const repositoryRow: LifecycleRow = {
  ...fromDefinition(helmRepository),
  inputs: (fx) => ({
    organizationId: fx.orgId, name: unique("lc-helm-repo"), kind: "HTTPS", url: "https://charts.example.com/stable",
    credentials: { username: "ci", password: "lifecycle-helm-repo-password-1" },
  }),
  update: (_fx, base) => ({ ...base, description: "stable charts", skipTlsVerification: true, credentials: { username: "ci", password: "lifecycle-helm-repo-password-2" } }),
  expectUpdated: async (fx, id) => {
    const r = await fx.client.helmRepositories.get(fx.orgId, id);
    expect([r.description, r.skip_tls_verification]).toEqual(["stable charts", true]);
  },
  replace: (_fx, base) => ({ inputs: { ...base, organizationId: "another-organization" }, replaces: ["organizationId"] }),
  changeOutside: async (fx, id, props) => {
    await fx.client.helmRepositories.update(fx.orgId, id, {
      name: str(props["name"]), kind: "HTTPS", url: "https://charts.example.com/stable", description: "changed outside",
      config: { username: "someone", password: "set-outside" },
    });
    return (read) => expect([read["description"], read["credentials"]]).toEqual(["changed outside", { username: "someone", password: CHANGED_OUTSIDE }]);
  },
};

const helmRow: LifecycleRow = {
  ...fromDefinition(helm),
  inputs: async (fx) => ({
    environmentId: fx.envId,
    name: unique("lc-helm"),
    source: { repository: { repositoryId: await sdkHelmRepository(fx), chartName: "ingress-nginx", chartVersion: "4.12.1" } },
    valuesOverride: { set: { "controller.replicaCount": "2" }, inline: "controller:\n  service:\n    type: ClusterIP\n" },
    secretValuesOverride: { set: { "auth.password": "lifecycle-helm-secret-1" } },
    arguments: ["--wait"],
    ports: [{ internalPort: 80, serviceName: "ingress-nginx-controller" }],
    environmentVariables: { LOG_LEVEL: "info" },
    secrets: { API_KEY: "lifecycle-helm-api-key-1" },
    deploy: true,
  }),
  // A values change (plain and secret) is an update in place, deployed again.
  update: (_fx, base) => ({
    ...base,
    valuesOverride: { set: { "controller.replicaCount": "3" }, inline: "controller:\n  service:\n    type: LoadBalancer\n" },
    secretValuesOverride: { set: { "auth.password": "lifecycle-helm-secret-2" } },
    timeoutSeconds: 900,
  }),
  expectUpdated: async (fx, id) => {
    const h = await fx.client.helms.get(id);
    expect([h.timeout_sec, h.values_override?.set]).toEqual([900, [["controller.replicaCount", "3"], ["auth.password", "lifecycle-helm-secret-2"]]]);
    expect(h.values_override?.file?.raw?.values?.[0]?.content).toContain("LoadBalancer");
    expect((await fx.client.helms.status(id)).state).toBe("DEPLOYED");
  },
  replace: (fx, base) => ({ inputs: { ...base, environmentId: fx.env2Id }, replaces: ["environmentId"] }),
  changeOutside: async (fx, id) => {
    const h = await fx.client.helms.get(id);
    const repo = h.source?.repository;
    await fx.client.helms.update(id, {
      name: h.name, arguments: ["--atomic"], auto_deploy: false, timeout_sec: h.timeout_sec ?? 600,
      source: { helm_repository: { repository: repo?.repository?.id ?? "", chart_name: repo?.chart_name ?? "", chart_version: "4.12.2" } },
      values_override: { set: [["controller.replicaCount", "5"], ["auth.password", "changed-outside"]] },
      ports: [{ internal_port: 80, service_name: "ingress-nginx-controller" }],
    });
    return (read: Props) => {
      expect(read["arguments"]).toEqual(["--atomic"]);
      expect((read["source"] as Props)["repository"]).toMatchObject({ chartVersion: "4.12.2" });
      expect(read["valuesOverride"]).toMatchObject({ set: { "controller.replicaCount": "5" } });
      expect(read["secretValuesOverride"]).toEqual({ set: { "auth.password": "changed-outside" } });
    };
  },
};

/** A bare chart made through the sdk, for its advanced settings. */
async function sdkHelm(fx: Fixture): Promise<string> {
  const source = { helm_repository: { repository: await sdkHelmRepository(fx), chart_name: "redis", chart_version: "20.1.0" } };
  return (await fx.client.helms.create(fx.envId, { name: unique("lc-host-helm"), source })).id;
}

const settingsRowOfHelm = settingsRow("HelmAdvancedSettings", advancedSettingsProviderOf("helm"), "helmId", "helm", sdkHelm,
  (fx) => groupOf(fx.client.helms), "network.ingress.proxy_body_size_mb", 25, 50);

export const rows: LifecycleRow[] = [repositoryRow, helmRow, settingsRowOfHelm];
