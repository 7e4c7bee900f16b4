/**
 * Lifecycle rows of the advanced-settings resources (`ApplicationAdvancedSettings`, `ContainerAdvancedSettings`,
 * `JobAdvancedSettings`, `ClusterAdvancedSettings`): one shape, over a bare service of the kind (or a cluster) made
 * through the sdk. Deleting the resource puts the managed keys back to the service's defaults; the service stays.
 */
import { advancedSettingsProviderOf } from "../../../provider/service-kinds/advanced-settings";
import type * as pulumi from "@pulumi/pulumi";
import { applicationAdvancedSettingsProvider } from "../../../provider/resources/application-advanced-settings";
import { clusterAdvancedSettingsProvider } from "../../../provider/resources/cluster/advanced-settings";
import { sdkAwsCredentials } from "./clusters";
import type { Fixture } from "../support/fixture";
import type { LifecycleRow, Props } from "../support/lifecycle-row";

const BODY_SIZE = "network.ingress.proxy_body_size_mb";
const JOB_TTL = "job.delete_ttl_seconds_after_finished";

/** The id of the container registry every organization starts with (Docker Hub), for jobs and containers from an image. */
export async function seededRegistry(fx: Fixture): Promise<string> {
  const registries = await fx.client.containerRegistries.list(fx.orgId);
  return (registries.find((r) => r.kind === "DOCKER_HUB") ?? registries[0]!).id;
}

let hostCounter = 0;
/** A bare application made through the sdk. */
async function sdkApplication(fx: Fixture): Promise<string> {
  hostCounter += 1;
  const app = await fx.client.applications.create(fx.envId, {
    name: `lc-host-app-${hostCounter}`, git_repository: { url: "https://github.com/acme/host.git", provider: "GITHUB" }, healthchecks: {},
  });
  return app.id;
}

/** A bare container made through the sdk (from the seeded Docker Hub registry). */
async function sdkContainer(fx: Fixture): Promise<string> {
  hostCounter += 1;
  const created = await fx.client.containers.create(fx.envId, {
    name: `lc-host-container-${hostCounter}`, registry_id: await seededRegistry(fx), image_name: "nginx", tag: "1.27", healthchecks: {},
  });
  return created.id;
}

/** A bare cron job made through the sdk (from the seeded Docker Hub registry). */
async function sdkJob(fx: Fixture): Promise<string> {
  hostCounter += 1;
  const created = await fx.client.jobs.create(fx.envId, {
    name: `lc-host-job-${hostCounter}`, healthchecks: {},
    source: { image: { registry_id: await seededRegistry(fx), image_name: "acme/report", tag: "1.0.0" } },
    schedule: { cronjob: { scheduled_at: "0 3 * * *" } },
  });
  return created.id;
}

/** A bare AWS cluster made through the sdk (never deployed). */
async function sdkCluster(fx: Fixture): Promise<string> {
  hostCounter += 1;
  const created = await fx.client.clusters.create(fx.orgId, {
    name: `lc-host-cluster-${hostCounter}`, region: "eu-west-3", cloud_provider: "AWS", instance_type: "t3a.large",
    cloud_provider_credentials: { cloud_provider: "AWS", credentials: { id: await sdkAwsCredentials(fx) }, region: "eu-west-3" },
  });
  return created.id;
}

/** The cluster calls in the shape of a service kind's (the organization besides the cluster's id). */
function clusterGroup(fx: Fixture): SettingsGroup {
  return {
    getAdvancedSettings: (id) => fx.client.clusters.advancedSettings(fx.orgId, id),
    updateAdvancedSettings: (id, settings) => fx.client.clusters.updateAdvancedSettings(fx.orgId, id, settings),
    delete: (id) => fx.client.clusters.delete(fx.orgId, id),
  };
}

/** The sdk calls of a service kind the rows use. */
interface SettingsGroup {
  getAdvancedSettings(id: string): Promise<Record<string, unknown>>;
  updateAdvancedSettings(id: string, settings: never): Promise<unknown>;
  delete(id: string): Promise<unknown>;
}

/** One kind's row: the key it manages takes `first`, is updated to `second`, and set to 77 outside (other areas' rows use it too). */
export function settingsRow(
  kind: string, provider: pulumi.dynamic.ResourceProvider, idKey: string, service: string,
  host: (fx: Fixture) => Promise<string>, group: (fx: Fixture) => SettingsGroup, key: string, first: number, second: number,
  parent: (fx: Fixture) => Props = () => ({}),
): LifecycleRow {
  const valueOf = async (fx: Fixture, id: string) => (await group(fx).getAdvancedSettings(id))[key];
  return {
    kind,
    provider,
    inputs: async (fx) => ({ [idKey]: await host(fx), ...parent(fx), settings: { [key]: first } }),
    update: (_fx, base) => ({ ...base, settings: { [key]: second } }),
    expectUpdated: async (fx, id) => expect(await valueOf(fx, id)).toBe(second),
    replace: (_fx, base) => ({ inputs: { ...base, [idKey]: `another-${service}` }, replaces: [idKey] }),
    changeOutside: async (fx, id) => {
      await group(fx).updateAdvancedSettings(id, { [key]: 77 } as never);
      return (read) => expect((read["settings"] as Props)[key]).toBe(77);
    },
    deleteOutside: async (fx, id) => { await group(fx).delete(id); },
    fetch: (fx, id) => group(fx).getAdvancedSettings(id),
    // Deleting the settings puts the managed keys back to the service's defaults; the service stays.
    expectDeleted: async (fx, id) => expect(await valueOf(fx, id)).not.toBe(second),
  };
}

/** A service kind's sdk group as the calls the rows use. */
export const groupOf = (g: unknown) => g as SettingsGroup;

export const rows: LifecycleRow[] = [
  settingsRow("ApplicationAdvancedSettings", applicationAdvancedSettingsProvider, "applicationId", "application", sdkApplication,
    (fx) => groupOf(fx.client.applications), BODY_SIZE, 25, 50),
  settingsRow("ContainerAdvancedSettings", advancedSettingsProviderOf("container"), "containerId", "container", sdkContainer,
    (fx) => groupOf(fx.client.containers), BODY_SIZE, 25, 50),
  settingsRow("JobAdvancedSettings", advancedSettingsProviderOf("job"), "jobId", "job", sdkJob, (fx) => groupOf(fx.client.jobs), JOB_TTL, 600, 1200),
  settingsRow("ClusterAdvancedSettings", clusterAdvancedSettingsProvider, "clusterId", "cluster", sdkCluster, clusterGroup,
    "loki.log_retention_in_week", 4, 8, (fx) => ({ organizationId: fx.orgId })),
];
