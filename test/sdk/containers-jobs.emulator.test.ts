/**
 * Containers, container registries and jobs through the client against the emulator: a registry, a container
 * deployed with an image tag and followed to DEPLOYED, its variables and secrets, then deleted; a lifecycle job and a
 * cron job deployed and followed; a failed job run; the organization-wide auto-deploy of a new tag.
 */
import { DeploymentFailedError } from "../../sdk";
import { rejectionOf } from "./support/helpers";
import { scaffold, useEmulator, type Harness } from "./support/emulator-harness";

// Steps long enough that the first poll after a deploy still sees it under way on a loaded CI machine (at 20 ms a
// container's whole walk could end before it).
const harness = useEmulator(200);
const PASSWORD = 'dckr_pat_"Sëcret\\Pass/1&x=y';
const WAIT = { pollIntervalMs: 10, maxPollIntervalMs: 40, timeoutMs: 15_000 };

async function registryIn(h: Harness) {
  const { orgId, environment, client } = await scaffold(h);
  const registry = await client.containerRegistries.create(orgId, { name: "hub", kind: "DOCKER_HUB", config: { username: "acme", password: PASSWORD } });
  return { orgId, environment, client, registry };
}

describe("containers and registries against the emulator", () => {
  test("registry -> container -> deploy(image_tag) -> wait -> variables and secrets -> delete", async () => {
    const h = harness();
    const { orgId, environment, client, registry } = await registryIn(h);
    expect(registry).toMatchObject({ name: "hub", kind: "DOCKER_HUB" });
    expect(JSON.stringify(registry)).not.toContain("dckr_pat");
    expect((await client.containerRegistries.list(orgId)).map((r) => r.name)).toContain("hub");
    await expect(client.containerRegistries.get(orgId, registry.id)).resolves.toMatchObject({ id: registry.id });

    const web = await client.containers.create(environment.id, {
      name: "web", registry_id: registry.id, image_name: "nginx", tag: "1.27",
      ports: [{ internal_port: 80, publicly_accessible: true }],
    });
    expect(web).toMatchObject({ name: "web", image_name: "nginx", tag: "1.27", registry: { id: registry.id } });
    expect((await client.containers.list(environment.id)).map((c) => c.id)).toEqual([web.id]);

    await client.containers.deploy(web.id, { image_tag: "1.28" });
    const seen: string[] = [];
    const deployed = await client.waitForContainer(web.id, { ...WAIT, onProgress: (s) => seen.push(s.state) });
    expect(deployed.state).toBe("DEPLOYED");
    expect(seen.some((s) => s !== "DEPLOYED")).toBe(true);
    expect((await client.containers.get(web.id)).tag).toBe("1.28");

    const variable = await client.containers.variables.create(web.id, { key: "PORT", value: "80" });
    await client.containers.variables.update(web.id, variable.id, { key: "PORT", value: "8080" });
    const secret = await client.containers.secrets.create(web.id, { key: "API_KEY", value: "s3cr3t-value" });
    expect(secret).not.toHaveProperty("value");
    const own = (await client.containers.variables.list(web.id)).filter((v) => v.scope === "CONTAINER");
    expect(own).toEqual([expect.objectContaining({ id: variable.id, key: "PORT", value: "8080" })]);
    expect((await client.containers.secrets.list(web.id)).filter((s) => s.scope === "CONTAINER").map((s) => s.key)).toEqual(["API_KEY"]);
    await client.containers.secrets.delete(web.id, secret.id);
    await client.containers.variables.delete(web.id, variable.id);

    const settings = await client.containers.updateAdvancedSettings(web.id, { "network.ingress.proxy_request_buffering": "off" });
    expect(settings["network.ingress.proxy_request_buffering"]).toBe("off");

    await client.containers.stop(web.id);
    await expect(client.waitForContainer(web.id, { ...WAIT, target: "STOPPED" })).resolves.toMatchObject({ state: "STOPPED" });

    await client.containers.delete(web.id);
    await client.waitUntilGone(() => client.containers.get(web.id), WAIT);
    await client.containerRegistries.delete(orgId, registry.id);
    expect((await client.containerRegistries.list(orgId)).map((r) => r.id)).not.toContain(registry.id);
  });

  test("a registry error never carries its password", async () => {
    const h = harness();
    const { orgId, client } = await registryIn(h);
    const e = await rejectionOf(client.containerRegistries.create(orgId, { name: "hub", kind: "DOCKER_HUB", config: { username: "acme", password: PASSWORD } }));
    expect(e.code).toBe("conflict");
    for (const form of [PASSWORD, JSON.stringify(PASSWORD).slice(1, -1), encodeURIComponent(PASSWORD)]) {
      expect(`${e.message}\n${e.stack}\n${JSON.stringify(e)}`).not.toContain(form);
    }
  });

  test("auto-deploy redeploys the containers that use the image, with the new tag", async () => {
    const h = harness();
    const { orgId, environment, client, registry } = await registryIn(h);
    const follows = await client.containers.create(environment.id, { name: "a", registry_id: registry.id, image_name: "nginx", tag: "1.27", auto_deploy: true });
    const other = await client.containers.create(environment.id, { name: "b", registry_id: registry.id, image_name: "redis", tag: "7", auto_deploy: true });
    await client.containers.autoDeploy(orgId, { image_name: "nginx", tag: "1.29" });
    await client.waitForContainer(follows.id, WAIT);
    expect((await client.containers.get(follows.id)).tag).toBe("1.29");
    expect((await client.containers.get(other.id)).tag).toBe("7");
  });
});

describe("jobs against the emulator", () => {
  test("a lifecycle job and a cron job are deployed and followed to DEPLOYED", async () => {
    const h = harness();
    const { environment, client, registry } = await registryIn(h);
    const migrate = await client.jobs.create(environment.id, {
      name: "migrate", source: { image: { image_name: "acme/migrate", tag: "1.0", registry_id: registry.id } },
      schedule: { on_start: { arguments: ["migrate", "up"] } }, max_nb_restart: 1,
    });
    expect(migrate).toMatchObject({ job_type: "LIFECYCLE", schedule: { on_start: { arguments: ["migrate", "up"] } } });
    const nightly = await client.jobs.create(environment.id, {
      name: "nightly", source: { image: { image_name: "acme/backup", tag: "2.1", registry_id: registry.id } },
      schedule: { cronjob: { scheduled_at: "0 3 * * *", timezone: "Europe/Paris" } },
    });
    expect(nightly).toMatchObject({ job_type: "CRON", schedule: { cronjob: { scheduled_at: "0 3 * * *", timezone: "Europe/Paris" } } });

    await client.jobs.deploy(migrate.id, { image_tag: "1.1" });
    await expect(client.waitForJob(migrate.id, WAIT)).resolves.toMatchObject({ state: "DEPLOYED" });
    expect((await client.jobs.get(migrate.id)).source?.image?.tag).toBe("1.1");

    await client.jobs.deploy(nightly.id);
    await expect(client.waitForJob(nightly.id, WAIT)).resolves.toMatchObject({ state: "DEPLOYED" });

    const variable = await client.jobs.variables.create(nightly.id, { key: "BUCKET", value: "backups" });
    expect(variable).toMatchObject({ key: "BUCKET" });
    await expect(client.jobs.secrets.create(nightly.id, { key: "DB_PASSWORD", value: "pw" })).resolves.not.toHaveProperty("value");
    const settings = await client.jobs.updateAdvancedSettings(nightly.id, { "cronjob.concurrency_policy": "Replace" });
    expect(settings["cronjob.concurrency_policy"]).toBe("Replace");

    const edited = await client.jobs.update(nightly.id, {
      name: "nightly", healthchecks: {}, source: { image: { image_name: "acme/backup", tag: "2.1", registry_id: registry.id } },
      schedule: { cronjob: { scheduled_at: "30 4 * * MON-FRI", timezone: "Europe/Paris" } },
    });
    expect(edited.schedule?.cronjob?.scheduled_at).toBe("30 4 * * MON-FRI");

    await client.jobs.delete(migrate.id);
    await client.waitUntilGone(() => client.jobs.get(migrate.id), WAIT);
  });

  test("a failed run ends in DEPLOYMENT_ERROR", async () => {
    const h = harness();
    const { environment, client, registry } = await registryIn(h);
    const job = await client.jobs.create(environment.id, {
      name: "seed", source: { image: { image_name: "acme/seed", tag: "1", registry_id: registry.id } }, schedule: { on_start: {} },
    });
    await h.control("PUT", `/services/${job.id}/failure`, { stage: "DEPLOY" });
    await client.jobs.deploy(job.id);
    const e = await rejectionOf(client.waitForJob(job.id, WAIT));
    expect(e).toBeInstanceOf(DeploymentFailedError);
    expect(e.finalState).toBe("DEPLOYMENT_ERROR");
    expect(e.message).toMatch(/^job .+: ended in DEPLOYMENT_ERROR while waiting for DEPLOYED/);
  });
});
