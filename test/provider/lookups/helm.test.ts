/**
 * The Helm lookups against the emulator: a repository by its exact name or id under its organization, never
 * with its credentials; a chart by name in its environment or by id, in the spelling of HelmArgs; the Promise and
 * Output forms; and what is said when the name matches none.
 */
import * as pulumi from "@pulumi/pulumi";
import { findHelm, findHelmRepository, getHelmOutput, getHelmRepository } from "../../../provider/lookups/index";
import { useFixture } from "../support/fixture";

const fx = useFixture();
const PASSWORD = "lookup-helm-repo-password";

function value<T>(o: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => o.apply((v) => resolve(v)));
}

describe("lookups of Helm repositories and charts", () => {
  let repositoryId: string;
  let helmId: string;

  beforeAll(async () => {
    repositoryId = (await fx.client.helmRepositories.create(fx.orgId, {
      name: "Bitnami", kind: "OCI_DOCKER_HUB", url: "oci://registry-1.docker.io/bitnamicharts", config: { username: "bot", password: PASSWORD },
    })).id;
    helmId = (await fx.client.helms.create(fx.envId, {
      name: "lookup-redis", arguments: ["--atomic"], timeout_sec: 300,
      source: { helm_repository: { repository: repositoryId, chart_name: "redis", chart_version: "20.1.0" } },
    })).id;
  });

  it("finds a repository by its name (exactly: the reference does not say it ignores case), or by id, without its credentials", async () => {
    const byName = await findHelmRepository(fx.client, { organizationId: fx.orgId, name: "Bitnami" });
    expect(byName).toMatchObject({ id: repositoryId, name: "Bitnami", kind: "OCI_DOCKER_HUB", url: "oci://registry-1.docker.io/bitnamicharts" });
    // What the service computes, as the resource's outputs read it: the chart made in beforeAll uses it.
    expect(byName.associatedServicesCount).toBe(1);
    expect((await findHelmRepository(fx.client, { organizationId: fx.orgId, id: repositoryId })).name).toBe("Bitnami");
    expect(JSON.stringify(byName)).not.toContain(PASSWORD);
    await expect(findHelmRepository(fx.client, { organizationId: fx.orgId, name: "stable" })).rejects.toThrow(/no helm repository named "stable".*"Bitnami"/);
  });

  it("finds a chart by name in its environment (ignoring case, as the service does), or by id, in the spelling of HelmArgs", async () => {
    const byName = await findHelm(fx.client, { environmentId: fx.envId, name: "Lookup-Redis" });
    expect(byName).toMatchObject({
      id: helmId, name: "lookup-redis", environmentId: fx.envId, arguments: ["--atomic"], timeoutSeconds: 300, allowClusterWideResources: false,
      source: { repository: { repositoryId, chartName: "redis", chartVersion: "20.1.0" } }, repositoryName: "Bitnami",
    });
    expect((await findHelm(fx.client, { id: helmId })).name).toBe("lookup-redis");
    await expect(findHelm(fx.client, { environmentId: fx.envId, name: "lookup-kafka" })).rejects.toThrow(/no helm named "lookup-kafka".*"lookup-redis"/);
  });

  it("answers a Promise of plain values and an Output", async () => {
    expect((await getHelmRepository({ organizationId: fx.orgId, name: "Bitnami" })).id).toBe(repositoryId);
    expect(await value(getHelmOutput({ environmentId: fx.envId, name: "lookup-redis" }).id)).toBe(helmId);
  });
});
