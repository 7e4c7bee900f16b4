import { application } from "../../../provider/resources/application/provider";
import { CHANGED_OUTSIDE } from "../../../provider/framework/common";
import { database } from "../../../provider/resources/database";
import { deploymentStage } from "../../../provider/resources/deployment-stage";
import { environment } from "../../../provider/resources/environment";
import { gitToken } from "../../../provider/resources/git-token";
import { project } from "../../../provider/resources/project";
import { webhook } from "../../../provider/resources/webhook";
import { container } from "../../../provider/resources/container";
import { containerRegistry } from "../../../provider/resources/container-registry";
import { job } from "../../../provider/resources/job/provider";
import { environmentDeploymentProvider } from "../../../provider/resources/environment-deployment";
import { isNotFound } from "../../../sdk";
import { requests, type Fixture } from "./fixture";
import { fromDefinition, type LifecycleRow, type Props } from "./lifecycle-row";
import { extraLifecycleRows } from "../lifecycle-rows";
import { seededRegistry } from "../lifecycle-rows/advanced-settings";

export type { LifecycleRow, Props } from "./lifecycle-row";

/** True when the object is still at the service. */
export async function exists(row: LifecycleRow, fx: Fixture, id: string, props: Props): Promise<boolean> {
  try {
    await row.fetch(fx, id, props);
    return true;
  } catch (e) {
    if (isNotFound(e)) return false;
    throw e;
  }
}

const str = (v: unknown) => String(v);

/** A job record's schedule and source as the service holds them (the sdk's union read loosely). */
async function jobWire(fx: Fixture, id: string): Promise<{ schedule: Props; source: Props; cpu?: number; max_nb_restart?: number }> {
  return (await fx.client.jobs.get(id)) as unknown as { schedule: Props; source: Props };
}

let envCounter = 0;
/** A fresh environment with one application, made through the sdk, for an EnvironmentDeployment to deploy. */
async function sdkEnvironment(fx: Fixture): Promise<string> {
  envCounter += 1;
  const env = await fx.client.environments.create(fx.projectId, { name: `lc-deployed-env-${envCounter}`, cluster: fx.clusterIds[0] });
  await fx.client.applications.create(env.id, {
    name: "lc-deployed-app", git_repository: { url: "https://github.com/acme/api.git", provider: "GITHUB" }, healthchecks: {},
  });
  return env.id;
}

/** Every resource kind of provider/: these rows, and those of `lifecycle-rows/` (one module per area). */
export const lifecycleRows: LifecycleRow[] = [
  {
    ...fromDefinition(project),
    inputs: (fx) => ({ organizationId: fx.orgId, name: "lc-project", description: "first" }),
    update: (_fx, base) => ({ ...base, description: "second" }),
    expectUpdated: async (fx, id) => expect((await fx.client.projects.get(id)).description).toBe("second"),
    replace: (_fx, base) => ({ inputs: { ...base, organizationId: "another-organization" }, replaces: ["organizationId"] }),
    changeOutside: async (fx, id, props) => {
      await fx.client.projects.update(id, { name: str(props["name"]), description: "changed outside" });
      return (read) => expect(read["description"]).toBe("changed outside");
    },
  },
  {
    ...fromDefinition(environment),
    inputs: (fx) => ({ projectId: fx.projectId, name: "lc-env", mode: "STAGING", clusterId: fx.clusterIds[0] }),
    update: (_fx, base) => ({ ...base, mode: "PRODUCTION" }),
    expectUpdated: async (fx, id) => expect((await fx.client.environments.get(id)).mode).toBe("PRODUCTION"),
    replace: (fx, base) => ({ inputs: { ...base, clusterId: fx.clusterIds[1] }, replaces: ["clusterId"] }),
    changeOutside: async (fx, id) => {
      await fx.client.environments.update(id, { mode: "DEVELOPMENT" });
      return (read) => expect(read["mode"]).toBe("DEVELOPMENT");
    },
  },
  {
    ...fromDefinition(gitToken),
    inputs: (fx) => ({ organizationId: fx.orgId, name: "lc-token", type: "GITHUB", token: "ghp_lifecycle_secret_1" }),
    update: (_fx, base) => ({ ...base, description: "rotated", token: "ghp_lifecycle_secret_2" }),
    expectUpdated: async (fx, id) => expect((await fx.client.gitTokens.get(fx.orgId, id)).description).toBe("rotated"),
    replace: (_fx, base) => ({ inputs: { ...base, organizationId: "another-organization" }, replaces: ["organizationId"] }),
    changeOutside: async (fx, id, props) => {
      await fx.client.gitTokens.update(fx.orgId, id, { name: str(props["name"]), type: "GITHUB", token: "ghp_set_outside" });
      // The token is never returned: the read reports it as changed (updated_at moved), never the old value.
      return (read) => expect(read["token"]).toBe(CHANGED_OUTSIDE);
    },
  },
  {
    ...fromDefinition(webhook),
    inputs: (fx) => ({ organizationId: fx.orgId, targetUrl: "http://127.0.0.1:9/lifecycle", events: ["DEPLOYMENT_FAILED"], targetSecret: "whsec_lifecycle_1" }),
    update: (_fx, base) => ({ ...base, description: "on failures", events: ["DEPLOYMENT_FAILURE", "DEPLOYMENT_CANCELLED"] }),
    expectUpdated: async (fx, id) => {
      const hook = await fx.client.webhooks.get(fx.orgId, id);
      expect([hook.description, hook.events]).toEqual(["on failures", ["DEPLOYMENT_FAILURE", "DEPLOYMENT_CANCELLED"]]);
    },
    replace: (_fx, base) => ({ inputs: { ...base, organizationId: "another-organization" }, replaces: ["organizationId"] }),
    changeOutside: async (fx, id, props) => {
      await fx.client.webhooks.update(fx.orgId, id, {
        target_url: str(props["targetUrl"]), events: ["DEPLOYMENT_STARTED"], description: "changed outside", target_secret: "whsec_outside",
      });
      // The secret is never returned: the read reports it as changed (updated_at moved), never the old value.
      return (read) => expect([read["events"], read["description"], read["targetSecret"]]).toEqual([["DEPLOYMENT_STARTED"], "changed outside", CHANGED_OUTSIDE]);
    },
  },
  {
    ...fromDefinition(deploymentStage),
    inputs: async (fx) => {
      const stages = await fx.client.deploymentStages.list(fx.envId);
      return { environmentId: fx.envId, name: "lc-stage", description: "first", after: stages[0]!.id };
    },
    update: (_fx, base) => ({ ...base, description: "second" }),
    expectUpdated: async (fx, id) => expect((await fx.client.deploymentStages.get(id)).description).toBe("second"),
    replace: (fx, base) => ({ inputs: { ...base, environmentId: fx.env2Id }, replaces: ["environmentId"] }),
    changeOutside: async (fx, id, props) => {
      const other = await fx.client.deploymentStages.create(fx.envId, { name: `lc-other-${Date.now()}` });
      await fx.client.deploymentStages.moveBefore(other.id, id);
      expect(props["after"]).not.toBe(other.id);
      // Reordered outside: the stage now runs after `other`, and refresh says so.
      return (read) => expect(read["after"]).toBe(other.id);
    },
  },
  {
    ...fromDefinition(database),
    inputs: (fx) => ({
      environmentId: fx.envId, name: "lc-db", type: "POSTGRESQL", version: "16", mode: "CONTAINER",
      masterCredentials: { login: "shop", password: "lifecycle-password-1" },
    }),
    update: (_fx, base) => ({ ...base, storage: 20, masterCredentials: { login: "shop", password: "lifecycle-password-2" } }),
    expectUpdated: async (fx, id) => {
      expect((await fx.client.databases.get(id)).storage).toBe(20);
      // The service masks the password on read: the change is seen as the credentials call having been made.
      const log = await requests(fx.emulator);
      expect(log.filter((r) => r.method === "PUT" && r.path === `/database/${id}/masterCredentials`)).toHaveLength(1);
    },
    replace: (_fx, base) => ({ inputs: { ...base, type: "MYSQL", version: "8" }, replaces: ["type"] }),
    changeOutside: async (fx, id) => {
      await fx.client.databases.update(id, { storage: 30 });
      return (read) => expect(read["storage"]).toBe(30);
    },
  },
  {
    ...fromDefinition(application),
    inputs: (fx) => ({
      environmentId: fx.envId,
      name: "lc-app",
      gitRepository: { url: "https://github.com/acme/api.git", branch: "main" },
      ports: [{ internalPort: 8080, publiclyAccessible: true }],
      healthchecks: { readinessProbe: { type: { http: { port: 8080 } } } },
      environmentVariables: { LOG_LEVEL: "info", REGION: "eu" },
      secrets: { API_KEY: "lifecycle-secret-1" },
    }),
    update: (_fx, base) => ({ ...base, cpu: 1000, environmentVariables: { LOG_LEVEL: "debug", REGION: "eu" } }),
    expectUpdated: async (fx, id) => {
      expect((await fx.client.applications.get(id)).cpu).toBe(1000);
      const vars = await fx.client.environmentVariables.list(id);
      expect(vars.find((v) => v.key === "LOG_LEVEL")?.value).toBe("debug");
    },
    replace: (fx, base) => ({ inputs: { ...base, environmentId: fx.env2Id }, replaces: ["environmentId"] }),
    changeOutside: async (fx, id) => {
      const vars = await fx.client.environmentVariables.list(id);
      const region = vars.find((v) => v.key === "REGION")!;
      await fx.client.environmentVariables.update(id, region.id, { key: "REGION", value: "us" });
      const secrets = await fx.client.secrets.list(id);
      const apiKey = secrets.find((s) => s.key === "API_KEY")!;
      await fx.client.secrets.update(id, apiKey.id, { key: "API_KEY", value: "set-outside" });
      await fx.client.applications.update(id, { healthchecks: {}, min_running_instances: 2, max_running_instances: 2 });
      return (read) => {
        expect(read["environmentVariables"]).toEqual({ LOG_LEVEL: "debug", REGION: "us" });
        expect(read["secrets"]).toEqual({ API_KEY: CHANGED_OUTSIDE });
        expect(read["minRunningInstances"]).toBe(2);
        expect(read["healthchecks"]).toEqual({});
      };
    },
  },
  {
    ...fromDefinition(containerRegistry),
    inputs: (fx) => ({
      organizationId: fx.orgId, name: "lc-registry", kind: "GENERIC_CR", url: "https://registry.example.com",
      config: { username: "ci", password: "lifecycle-registry-password-1" },
    }),
    update: (_fx, base) => ({ ...base, description: "mirror", config: { username: "ci", password: "lifecycle-registry-password-2" } }),
    expectUpdated: async (fx, id) => expect((await fx.client.containerRegistries.get(fx.orgId, id)).description).toBe("mirror"),
    replace: (_fx, base) => ({ inputs: { ...base, organizationId: "another-organization" }, replaces: ["organizationId"] }),
    changeOutside: async (fx, id, props) => {
      await fx.client.containerRegistries.update(fx.orgId, id, {
        name: str(props["name"]), kind: "GENERIC_CR", url: "https://registry.example.com", description: "changed outside",
        config: { username: "someone", password: "set-outside" },
      });
      // The password is never returned: the read reports it as changed (updated_at moved), never the old value.
      return (read) => expect([read["description"], read["config"]]).toEqual(["changed outside", { username: "someone", password: CHANGED_OUTSIDE }]);
    },
  },
  {
    ...fromDefinition(container),
    inputs: async (fx) => ({
      environmentId: fx.envId,
      name: "lc-container",
      registryId: await seededRegistry(fx),
      imageName: "nginx",
      tag: "1.27",
      ports: [{ internalPort: 80, publiclyAccessible: true }],
      healthchecks: { readinessProbe: { type: { tcp: { port: 80 } } } },
      environmentVariables: { LOG_LEVEL: "info", REGION: "eu" },
      secrets: { API_KEY: "lifecycle-container-secret-1" },
    }),
    // A new tag is an update in place.
    update: (_fx, base) => ({ ...base, tag: "1.28", cpu: 1000, environmentVariables: { LOG_LEVEL: "debug", REGION: "eu" } }),
    expectUpdated: async (fx, id) => {
      const record = await fx.client.containers.get(id);
      expect([record.tag, record.cpu]).toEqual(["1.28", 1000]);
      const vars = await fx.client.containers.variables.list(id);
      expect(vars.find((v) => v.key === "LOG_LEVEL")?.value).toBe("debug");
    },
    replace: (fx, base) => ({ inputs: { ...base, environmentId: fx.env2Id }, replaces: ["environmentId"] }),
    changeOutside: async (fx, id, props) => {
      const vars = await fx.client.containers.variables.list(id);
      const region = vars.find((v) => v.key === "REGION")!;
      await fx.client.containers.variables.update(id, region.id, { key: "REGION", value: "us" });
      const secrets = await fx.client.containers.secrets.list(id);
      const apiKey = secrets.find((s) => s.key === "API_KEY")!;
      await fx.client.containers.secrets.update(id, apiKey.id, { key: "API_KEY", value: "set-outside" });
      const current = await fx.client.containers.get(id);
      await fx.client.containers.update(id, {
        name: str(props["name"]), registry_id: str(props["registryId"]), image_name: str(props["imageName"]), tag: "1.29",
        healthchecks: {}, ports: (current.ports ?? []).map((p) => ({ id: p.id ?? undefined, internal_port: p.internal_port, publicly_accessible: p.publicly_accessible ?? false, protocol: "HTTP" as const })),
        min_running_instances: 2, max_running_instances: 2,
      });
      return (read) => {
        expect(read["environmentVariables"]).toEqual({ LOG_LEVEL: "debug", REGION: "us" });
        expect(read["secrets"]).toEqual({ API_KEY: CHANGED_OUTSIDE });
        expect([read["tag"], read["minRunningInstances"], read["healthchecks"]]).toEqual(["1.29", 2, {}]);
      };
    },
  },
  {
    ...fromDefinition(job),
    kind: "Job (cron)",
    inputs: async (fx) => ({
      environmentId: fx.envId,
      name: "lc-cron-job",
      source: { image: { registryId: await seededRegistry(fx), imageName: "acme/report", tag: "1.0.0" } },
      schedule: { cron: { expression: "0 3 * * *", timezone: "Europe/Paris", arguments: ["--since", "24h"] } },
      environmentVariables: { MODE: "nightly" },
      secrets: { REPORT_TOKEN: "lifecycle-job-secret-1" },
    }),
    update: (_fx, base) => ({
      ...base,
      source: { image: { ...((base["source"] as Props)["image"] as Props), tag: "1.1.0" } },
      schedule: { cron: { expression: "30 4 * * 1-5", timezone: "Europe/Paris", arguments: ["--since", "24h"] } },
    }),
    expectUpdated: async (fx, id) => {
      const record = await jobWire(fx, id);
      expect((record.source["image"] as Props)["tag"]).toBe("1.1.0");
      expect((record.schedule["cronjob"] as Props)["scheduled_at"]).toBe("30 4 * * 1-5");
    },
    // The service fixes a job's type when it creates it: moving to lifecycle events replaces the job.
    replace: (_fx, base) => ({ inputs: { ...base, schedule: { onStart: {} } }, replaces: ["schedule"] }),
    changeOutside: async (fx, id, props) => {
      const image = (props["source"] as Props)["image"] as Props;
      await fx.client.jobs.update(id, {
        name: String(props["name"]), healthchecks: {}, max_nb_restart: 2,
        source: { image: { image_name: String(image["imageName"]), tag: String(image["tag"]), registry_id: String(image["registryId"]) } },
        schedule: { cronjob: { scheduled_at: "0 5 * * 0", timezone: "Etc/UTC", arguments: [] } },
      } as never);
      return (read) => {
        expect(read["maxRestarts"]).toBe(2);
        expect(read["schedule"]).toEqual({ cron: { expression: "0 5 * * 0", timezone: "Etc/UTC", arguments: [] } });
      };
    },
  },
  {
    ...fromDefinition(job),
    kind: "Job (lifecycle)",
    inputs: (fx) => ({
      environmentId: fx.envId,
      name: "lc-lifecycle-job",
      source: { docker: { gitRepository: { url: "https://github.com/acme/api.git", branch: "main" }, dockerfilePath: "Dockerfile.migrate" } },
      schedule: { onStart: { arguments: ["migrate", "up"] }, onDelete: { arguments: ["migrate", "down"] } },
      maxDurationSeconds: 600,
    }),
    update: (_fx, base) => ({ ...base, cpu: 1000, schedule: { onStart: { arguments: ["migrate", "up", "--verbose"] } } }),
    expectUpdated: async (fx, id) => {
      const record = await jobWire(fx, id);
      expect(record.cpu).toBe(1000);
      expect((record.schedule["on_start"] as Props)["arguments"]).toEqual(["migrate", "up", "--verbose"]);
      expect(record.schedule["on_delete"] ?? undefined).toBeUndefined();
    },
    replace: (_fx, base) => ({ inputs: { ...base, schedule: { cron: { expression: "@daily" } } }, replaces: ["schedule"] }),
    changeOutside: async (fx, id, props) => {
      await fx.client.jobs.update(id, {
        name: String(props["name"]), healthchecks: {}, cpu: 1000, max_duration_seconds: 600,
        source: { docker: { git_repository: { url: "https://github.com/acme/api.git", provider: "GITHUB", branch: "main" }, dockerfile_path: "Dockerfile.migrate" } },
        schedule: { on_start: { arguments: ["migrate", "up", "--verbose"] }, on_stop: { arguments: ["cleanup"] } },
      } as never);
      return (read) => expect(read["schedule"]).toEqual({ onStart: { arguments: ["migrate", "up", "--verbose"] }, onStop: { arguments: ["cleanup"] } });
    },
  },
  {
    kind: "EnvironmentDeployment",
    provider: environmentDeploymentProvider,
    inputs: async (fx) => ({ environmentId: await sdkEnvironment(fx), triggers: { release: "1" } }),
    // A new trigger deploys the environment again.
    update: (_fx, base) => ({ ...base, triggers: { release: "2" } }),
    expectUpdated: async (fx, id, props) => {
      const status = await fx.client.environments.status(id);
      expect([status.state, status.deployment_request_id]).toEqual(["DEPLOYED", props["deploymentRequestId"]]);
      const deploys = (await requests(fx.emulator)).filter((r) => r.method === "POST" && r.path === `/environment/${id}/deploy`);
      expect(deploys).toHaveLength(1);
    },
    replace: (fx, base) => ({ inputs: { ...base, environmentId: fx.env2Id }, replaces: ["environmentId"] }),
    changeOutside: async (fx, id) => {
      await fx.client.environments.stop(id);
      // Stopped outside: a refresh shows it as the desired state's drift.
      return (read) => expect(read["desiredState"]).toBe("STOPPED");
    },
    deleteOutside: async (fx, id) => {
      await fx.client.environments.delete(id);
      await fx.client.waitUntilGone(() => fx.client.environments.get(id));
    },
    fetch: (fx, id) => fx.client.environments.status(id),
    // Destroying stops the environment's services; the environment stays.
    expectDeleted: async (fx, id) => expect((await fx.client.environments.status(id)).state).toBe("STOPPED"),
  },
  ...extraLifecycleRows,
];
