import * as pulumi from "@pulumi/pulumi";
import { findCluster, findOrganization, getClusterOutput, getOrganizationOutput } from "../../../provider/lookups/index";
import { findContainer, findContainerRegistry, findJob, getContainerRegistryOutput, getJobOutput } from "../../../provider/lookups/index";
import * as ds from "../../../provider/index";
import { jobProvider } from "../../../provider/resources/job/index";
import type { DeployServiceClient } from "../../../sdk";
import { clearRequests, requests, useFixture } from "../support/fixture";

const fx = useFixture();

function value<T>(o: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => o.apply((v) => resolve(v)));
}

describe("lookups", () => {
  it("finds the token's only organization, or one by name", async () => {
    expect(await findOrganization(fx.client)).toMatchObject({ id: fx.orgId, name: "emulator-org" });
    expect((await findOrganization(fx.client, { name: "emulator-org" })).id).toBe(fx.orgId);
  });

  it("says which organizations exist when the name matches none", async () => {
    await expect(findOrganization(fx.client, { name: "nope" })).rejects.toThrow(/no organization named "nope".*"emulator-org"/);
  });

  it("finds a cluster by name with one listing, and lists the names when it is missing", async () => {
    await clearRequests(fx.emulator);
    expect((await findCluster(fx.client, { organizationId: fx.orgId, name: "us-east" })).id).toBe(fx.clusterIds[1]);
    // The listing holds the whole record: no second read of the cluster it found.
    expect((await requests(fx.emulator)).map((r) => `${r.method} ${r.path}`)).toEqual([`GET /organization/${fx.orgId}/cluster`]);
    await expect(findCluster(fx.client, { organizationId: fx.orgId, name: "mars" })).rejects.toThrow(/no cluster named "mars" in organization .*"eu-west" \(id [^)]+\), "us-east" \(id [^)]+\)/);
  });

  it("return outputs usable as inputs, not secret, with env credentials", async () => {
    const org = getOrganizationOutput();
    expect(await value(org.id)).toBe(fx.orgId);
    expect(await pulumi.isSecret(org.id)).toBe(false);
    const cluster = getClusterOutput({ organizationId: org.id, name: "eu-west" });
    expect(await value(cluster.id)).toBe(fx.clusterIds[0]);
  });
});

describe("lookups of container registries, containers and jobs", () => {
  let registryId: string;
  let jobId: string;
  let containerId: string;

  beforeAll(async () => {
    registryId = (await findContainerRegistry(fx.client, { organizationId: fx.orgId, name: "Docker Hub" })).id;
    const checked = await jobProvider.check!({}, {
      environmentId: fx.envId, name: "lookup-nightly",
      source: { image: { registryId, imageName: "acme/report", tag: "2.0" } },
      schedule: { cron: { expression: "@daily" } },
    });
    jobId = (await jobProvider.create!(checked.inputs)).id;
    containerId = (await fx.client.containers.create(fx.envId, {
      name: "lookup-web", registry_id: registryId, image_name: "nginx", tag: "1.27", healthchecks: {},
    } as never)).id;
  });

  it("finds a container registry by name (case aside) or by id", async () => {
    const hub = await findContainerRegistry(fx.client, { organizationId: fx.orgId, name: "docker hub" });
    expect(hub).toMatchObject({ id: registryId, name: "Docker Hub", kind: "DOCKER_HUB", organizationId: fx.orgId });
    expect((await findContainerRegistry(fx.client, { organizationId: fx.orgId, id: registryId })).name).toBe("Docker Hub");
  });

  it("names the candidates when a registry name matches none", async () => {
    await expect(findContainerRegistry(fx.client, { organizationId: fx.orgId, name: "quay" })).rejects.toThrow(/getContainerRegistry: no container registry named "quay".*"Docker Hub"/);
  });

  it("fails with the candidates and their ids when a name matches several", async () => {
    const twin = (id: string) => ({ id, name: "mirror", kind: "GENERIC_CR" });
    const client = { containerRegistries: { list: async () => [twin("r-1"), twin("r-2")] } } as unknown as DeployServiceClient;
    await expect(findContainerRegistry(client, { organizationId: "org-1", name: "mirror" })).rejects.toThrow(/2 container registries named "mirror" in organization org-1: "mirror" \(id r-1\), "mirror" \(id r-2\); pass \{ id \}/);
  });

  it("finds a job by name or id, with its type, source and schedule in the Args' spelling", async () => {
    const found = await findJob(fx.client, { environmentId: fx.envId, name: "lookup-nightly" });
    expect(found).toEqual({
      id: jobId, name: "lookup-nightly", environmentId: fx.envId, jobType: "CRON",
      source: { image: { registryId, imageName: "acme/report", tag: "2.0" } },
      schedule: { cron: { expression: "@daily", timezone: "Etc/UTC", arguments: [] } },
    });
    expect((await findJob(fx.client, { environmentId: fx.envId, id: jobId })).name).toBe("lookup-nightly");
  });

  it("refuses a job id of another environment, an unknown id, and both or neither of name and id", async () => {
    await expect(findJob(fx.client, { environmentId: fx.env2Id, id: jobId })).rejects.toThrow(/job "lookup-nightly" .* is not in environment/);
    await expect(findJob(fx.client, { environmentId: fx.envId, id: "00000000-0000-4000-8000-000000000000" })).rejects.toThrow(/no job with id/);
    await expect(findJob(fx.client, { environmentId: fx.envId, name: "a", id: jobId })).rejects.toThrow(/exactly one of \{ name \} and \{ id \}, got both/);
    await expect(findJob(fx.client, { environmentId: fx.envId })).rejects.toThrow(/got neither/);
  });

  it("finds a container by name, and lists the names when it is missing", async () => {
    expect(await findContainer(fx.client, { environmentId: fx.envId, name: "lookup-web" })).toMatchObject({
      id: containerId, environmentId: fx.envId, registryId, imageName: "nginx", tag: "1.27",
    });
    await expect(findContainer(fx.client, { environmentId: fx.envId, name: "lookup-api" })).rejects.toThrow(/no container named "lookup-api" .*"lookup-web"/);
  });

  it("return outputs usable as inputs, not secret", async () => {
    const hub = getContainerRegistryOutput({ organizationId: fx.orgId, name: "Docker Hub" });
    expect(await value(hub.id)).toBe(registryId);
    const found = getJobOutput({ environmentId: fx.envId, name: "lookup-nightly" });
    expect(await value(found.jobType)).toBe("CRON");
    expect(await pulumi.isSecret(found.id)).toBe(false);
  });

  it("the five that returned Outputs resolve to plain values", async () => {
    const org = await ds.getOrganization({ id: fx.orgId });
    expect(org).toMatchObject({ id: fx.orgId, name: "emulator-org" });
    expect((await ds.getCluster({ organizationId: org.id, name: "us-east" })).id).toBe(fx.clusterIds[1]);
    const hub = await ds.getContainerRegistry({ organizationId: org.id, name: "docker hub" });
    expect(hub.kind).toBe("DOCKER_HUB");
    expect(await ds.getJob({ environmentId: fx.envId, name: "lookup-nightly" })).toMatchObject({ name: "lookup-nightly", jobType: "CRON" });
    expect(await ds.getContainer({ environmentId: fx.envId, name: "lookup-web" })).toMatchObject({ name: "lookup-web", environmentId: fx.envId });
  });
});

describe("every lookup in the same two forms", () => {
  const exported = ds as unknown as Record<string, unknown>;
  const promiseForms = Object.keys(exported).filter((n) => /^get[A-Z]\w*$/.test(n) && !n.endsWith("Output"));

  it("getX of every family returns a Promise (plain values), beside its getXOutput", async () => {
    expect(promiseForms.length).toBe(29);
    for (const name of promiseForms) {
      expect(typeof exported[`${name}Output`]).toBe("function");
      const result = (exported[name] as (args: object) => unknown)({});
      expect([name, result instanceof Promise]).toEqual([name, true]);
      await (result as Promise<unknown>).catch(() => undefined);
    }
  });
});
