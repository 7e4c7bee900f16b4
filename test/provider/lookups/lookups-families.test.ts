import * as pulumi from "@pulumi/pulumi";
import {
  findAnnotationsGroup, findApplication, findCluster, findDatabase, findDeploymentStage, findEnvironment, findGitToken, findLabelsGroup,
  findOrganization, findProject, findWebhook, getApplication, getClusterOutput, getContainerRegistryOutput, getDatabaseOutput, getEnvironmentOutput, getGitToken,
  getOrganization, getOrganizationOutput, getProject, getProjectOutput, getWebhook, getWebhookOutput,
} from "../../../provider/lookups/index";
import type { ClusterResult } from "../../../provider/lookups/cluster";
import { candidateList, NATURAL_KEYS } from "../../../provider/framework/natural-keys";
import type { DeployServiceClient } from "../../../sdk";
import { useFixture } from "../support/fixture";

const fx = useFixture();

function value<T>(o: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => o.apply((v) => resolve(v)));
}

const HOOK_URL = "https://hooks.example.com/services/T000/B000/lookup-secret-path";

describe("lookups of every family against the emulator", () => {
  let otherProjectId: string;
  let appId: string;
  let dbId: string;
  let stageId: string;
  let tokenIds: { lower: string; upper: string };
  let hookId: string;
  let twinGroupIds: string[];
  let annotationsId: string;

  beforeAll(async () => {
    otherProjectId = (await fx.client.projects.create(fx.orgId, { name: "lookup-other" })).id;
    appId = (await fx.client.applications.create(fx.envId, {
      name: "lookup-api", git_repository: { url: "https://github.com/acme/api.git", provider: "GITHUB", branch: "main" }, healthchecks: {},
      ports: [{ internal_port: 8080, publicly_accessible: true }],
    } as never)).id;
    dbId = (await fx.client.databases.create(fx.envId, { name: "lookup-db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" } as never)).id;
    stageId = (await fx.client.deploymentStages.create(fx.envId, { name: "lookup-stage" })).id;
    await fx.client.deploymentStages.attachService(stageId, appId);
    // Git token names are compared exactly by the service: both may exist.
    tokenIds = {
      lower: (await fx.client.gitTokens.create(fx.orgId, { name: "ci", type: "GITHUB", token: "ghp_lookup_token_value_1" })).id,
      upper: (await fx.client.gitTokens.create(fx.orgId, { name: "CI", type: "GITLAB", token: "glpat_lookup_token_value_2" })).id,
    };
    hookId = (await fx.client.webhooks.create(fx.orgId, {
      kind: "STANDARD", target_url: HOOK_URL, events: ["DEPLOYMENT_STARTED", "DEPLOYMENT_FAILURE"], target_secret: "whsec_lookup",
    })).id;
    // The emulator keeps labels group names unique (a second "team" is a 409); the twin is a copy of the real group
    // under another id, which only the list of `twinsClient` answers (as a list holding two such groups would).
    twinGroupIds = [
      (await fx.client.labelsGroups.create(fx.orgId, { name: "team", labels: [{ key: "team", value: "a", propagate_to_cloud_provider: false }] })).id,
      "7e1c1b7e-0000-4000-8000-00000000beef",
    ];
    annotationsId = (await fx.client.annotationsGroups.create(fx.orgId, {
      name: "scraping", annotations: [{ key: "prometheus.io/scrape", value: "true" }], scopes: ["SERVICES", "PODS"],
    })).id;
  });

  it("finds an organization by id, and a cluster by id", async () => {
    expect((await findOrganization(fx.client, { id: fx.orgId })).name).toBe("emulator-org");
    await expect(findOrganization(fx.client, { id: "00000000-0000-4000-8000-000000000000" })).rejects.toThrow(/no organization with id/);
    expect(await findCluster(fx.client, { organizationId: fx.orgId, id: fx.clusterIds[1] })).toMatchObject({ id: fx.clusterIds[1], name: "us-east", organizationId: fx.orgId });
    await expect(findCluster(fx.client, { organizationId: fx.orgId, id: "00000000-0000-4000-8000-000000000000" })).rejects.toThrow(/getCluster: no cluster with id/);
  });

  it("answers a cluster in the spelling of ClusterArgs, with the same members as before", async () => {
    const found: ClusterResult = await findCluster(fx.client, { organizationId: fx.orgId, name: "us-east" });
    const record = (await fx.client.clusters.list(fx.orgId)).find((c) => c.id === fx.clusterIds[1])!;
    expect(found).toEqual({
      id: record.id, name: "us-east", organizationId: fx.orgId, region: record.region, cloudProvider: record.cloud_provider,
      version: record.version, isDefault: record.is_default, production: record.production,
    });
    // Typed by ClusterArgs: the cloud is one of CLOUD_PROVIDERS, the organization always there.
    const cloud: ClusterResult["cloudProvider"] = "AWS";
    // @ts-expect-error a cloud the service does not have
    const moon: ClusterResult["cloudProvider"] = "MOON";
    const org: string = found.organizationId;
    expect([cloud, moon, org]).toEqual(["AWS", "MOON", fx.orgId]);
  });

  it("finds a project by name ignoring case, or by id alone, and refuses one of another organization", async () => {
    const byName = await findProject(fx.client, { organizationId: fx.orgId, name: "FIXTURE-project" });
    expect(byName).toMatchObject({ id: fx.projectId, name: "fixture-project", organizationId: fx.orgId });
    expect((await findProject(fx.client, { id: fx.projectId })).organizationId).toBe(fx.orgId);
    await expect(findProject(fx.client, { organizationId: "another-org", id: fx.projectId })).rejects.toThrow(
      /getProject: project "fixture-project" \(.*\) is not in organization another-org/,
    );
  });

  it("names the candidates, nearest first, when a name matches nothing", async () => {
    await expect(findProject(fx.client, { organizationId: fx.orgId, name: "lookup-othre" })).rejects.toThrow(
      /no project named "lookup-othre" in organization \S+ \(it has: "lookup-other" \(id [^)]+\), "fixture-project"/,
    );
  });

  it("needs the parent with a name, and exactly one of name and id", async () => {
    await expect(findEnvironment(fx.client, { name: "fixture-a" })).rejects.toThrow(/pass \{ projectId \} with \{ name \}/);
    await expect(findEnvironment(fx.client, { projectId: fx.projectId })).rejects.toThrow(/exactly one of \{ name \} and \{ id \}, got neither/);
    await expect(findGitToken(fx.client, { organizationId: "", id: tokenIds.lower })).rejects.toThrow(/pass \{ organizationId \} with \{ id \}/);
  });

  it("finds an environment by name or id, and refuses an id of another project", async () => {
    expect(await findEnvironment(fx.client, { projectId: fx.projectId, name: "fixture-b" })).toMatchObject({
      id: fx.env2Id, projectId: fx.projectId, clusterId: fx.clusterIds[0],
    });
    expect((await findEnvironment(fx.client, { id: fx.envId })).name).toBe("fixture-a");
    await expect(findEnvironment(fx.client, { projectId: otherProjectId, id: fx.envId })).rejects.toThrow(/is not in project/);
  });

  it("finds an application with its repository and ports in the Args' spelling", async () => {
    const app = await findApplication(fx.client, { environmentId: fx.envId, name: "Lookup-API" });
    expect(app).toMatchObject({
      id: appId, name: "lookup-api", environmentId: fx.envId,
      gitRepository: { url: "https://github.com/acme/api.git", branch: "main" },
    });
    expect(app.ports?.map((p) => [p.internalPort, p.publiclyAccessible])).toEqual([[8080, true]]);
    await expect(findApplication(fx.client, { environmentId: fx.env2Id, id: appId })).rejects.toThrow(/application "lookup-api" .* is not in environment/);
  });

  it("finds a database without any credential", async () => {
    const db = await findDatabase(fx.client, { id: dbId });
    expect(db).toMatchObject({ id: dbId, name: "lookup-db", environmentId: fx.envId, type: "POSTGRESQL", version: "16", mode: "CONTAINER" });
    expect(Object.keys(db)).not.toEqual(expect.arrayContaining(["password"]));
    expect(Object.keys(db)).not.toContain("login");
  });

  it("finds a deployment stage with the services placed in it", async () => {
    const stage = await findDeploymentStage(fx.client, { environmentId: fx.envId, name: "LOOKUP-stage" });
    expect(stage).toMatchObject({ id: stageId, environmentId: fx.envId, services: [{ serviceId: appId }] });
    expect(typeof stage.deploymentOrder).toBe("number");
  });

  it("compares git token names exactly, and never returns the token value", async () => {
    const lower = await findGitToken(fx.client, { organizationId: fx.orgId, name: "ci" });
    expect(lower).toMatchObject({ id: tokenIds.lower, name: "ci", type: "GITHUB", organizationId: fx.orgId });
    expect((await findGitToken(fx.client, { organizationId: fx.orgId, id: tokenIds.upper })).name).toBe("CI");
    expect(JSON.stringify(lower)).not.toContain("ghp_lookup_token_value_1");
    await expect(findGitToken(fx.client, { organizationId: fx.orgId, name: "Ci" })).rejects.toThrow(
      /no git token named "Ci" in organization .*it has: "ci" \(id [^)]+\), "CI" \(id [^)]+\)/,
    );
  });

  it("finds a webhook by target URL or id, without quoting the URL in a failure", async () => {
    const hook = await findWebhook(fx.client, { organizationId: fx.orgId, targetUrl: HOOK_URL });
    expect(hook).toMatchObject({
      id: hookId, organizationId: fx.orgId, targetUrl: HOOK_URL, targetSecretSet: true, events: ["DEPLOYMENT_FAILURE", "DEPLOYMENT_STARTED"],
    });
    expect(JSON.stringify(hook)).not.toContain("whsec_lookup");
    expect((await findWebhook(fx.client, { organizationId: fx.orgId, id: hookId })).targetUrl).toBe(HOOK_URL);
    let message = "";
    try {
      await findWebhook(fx.client, { organizationId: fx.orgId, targetUrl: `${HOOK_URL}-other` });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(new RegExp(`getWebhook: no webhook with that target URL in organization .*\\(it has: id ${hookId}\\)`));
    expect(message).not.toContain("lookup-secret-path");
  });

  it("fails naming the twins and their ids when a labels group name matches two", async () => {
    const twinsClient = {
      labelsGroups: {
        list: async (organizationId: string) => {
          const all = await fx.client.labelsGroups.list(organizationId);
          return [...all, ...all.filter((g) => g.id === twinGroupIds[0]).map((g) => ({ ...g, id: twinGroupIds[1]! }))];
        },
      },
    } as unknown as DeployServiceClient;
    await expect(findLabelsGroup(twinsClient, { organizationId: fx.orgId, name: "team" })).rejects.toThrow(
      new RegExp(`getLabelsGroup: 2 labels groups named "team" in organization \\S+: .*${twinGroupIds[0]}.*${twinGroupIds[1]}.*; pass \\{ id \\}|` +
        `getLabelsGroup: 2 labels groups named "team" in organization \\S+: .*${twinGroupIds[1]}.*${twinGroupIds[0]}.*; pass \\{ id \\}`),
    );
    const one = await findLabelsGroup(fx.client, { organizationId: fx.orgId, id: twinGroupIds[0]! });
    expect(one.labels).toEqual([{ key: "team", value: "a", propagateToCloudProvider: false }]);
  });

  it("finds an annotations group with its annotations and sorted scopes", async () => {
    expect(await findAnnotationsGroup(fx.client, { organizationId: fx.orgId, name: "scraping" })).toEqual({
      id: annotationsId, name: "scraping", organizationId: fx.orgId,
      annotations: [{ key: "prometheus.io/scrape", value: "true" }], scopes: ["PODS", "SERVICES"],
    });
  });

  it("Promise forms take plain values and the program's credentials", async () => {
    const project = getProject({ organizationId: fx.orgId, name: "fixture-project" });
    expect(project).toBeInstanceOf(Promise);
    expect((await project).id).toBe(fx.projectId);
    expect((await getApplication({ id: appId })).name).toBe("lookup-api");
    expect((await getGitToken({ organizationId: fx.orgId, name: "CI" })).id).toBe(tokenIds.upper);
    await expect(getProject({ organizationId: fx.orgId, name: "nope" })).rejects.toThrow(/getProject: no project named "nope"/);
  });

  it("Output forms accept Inputs, chain, and are not secret unless an input or the result is", async () => {
    const project = getProjectOutput({ organizationId: Promise.resolve(fx.orgId), name: pulumi.output("fixture-project") });
    const env = getEnvironmentOutput({ projectId: project.id, name: "fixture-a" });
    const db = getDatabaseOutput({ environmentId: env.id, name: "lookup-db" });
    expect(await value(db.id)).toBe(dbId);
    expect(await pulumi.isSecret(db.id)).toBe(false);
    const secretName = getEnvironmentOutput({ projectId: fx.projectId, name: pulumi.secret("fixture-b") });
    expect(await value(secretName.id)).toBe(fx.env2Id);
    expect(await pulumi.isSecret(secretName.id)).toBe(true);
  });

  it("webhook results are secret in the Output form, and plain (as documented) in the Promise form", async () => {
    const hook = getWebhookOutput({ organizationId: fx.orgId, id: hookId });
    expect(await pulumi.isSecret(hook.targetUrl)).toBe(true);
    expect(await value(hook.targetUrl)).toBe(HOOK_URL);
    expect(await value(pulumi.unsecret(hook.id))).toBe(hookId);
    expect((await getWebhook({ organizationId: fx.orgId, id: hookId })).targetUrl).toBe(HOOK_URL);
  });

  it("the Output names of the older lookups resolve like them, by name or id", async () => {
    const org = getOrganizationOutput({ id: fx.orgId });
    const cluster = getClusterOutput({ organizationId: org.id, name: "us-east" });
    const hub = getContainerRegistryOutput({ organizationId: org.id, name: "docker hub" });
    expect(await value(cluster.id)).toBe(fx.clusterIds[1]);
    expect(await value(hub.kind)).toBe("DOCKER_HUB");
    expect((await getOrganization({ id: fx.orgId })).name).toBe("emulator-org");
  });
});

describe("candidate lists", () => {
  const nk = NATURAL_KEYS["Project"]!;
  const objects = Array.from({ length: 12 }, (_, i) => ({ id: `p-${i}`, key: `zz-project-${String(i).padStart(2, "0")}` }));

  it("show at most ten, nearest first, and count the rest", () => {
    const list = candidateList(nk, [...objects, { id: "p-web", key: "web" }], "wbe");
    expect(list.startsWith('"web" (id p-web), ')).toBe(true);
    expect(list.split("(id ").length - 1).toBe(10);
    expect(list.endsWith(", and 3 more")).toBe(true);
  });

  it("show only ids for a secret key", () => {
    expect(candidateList(NATURAL_KEYS["Webhook"]!, [{ id: "w-1", key: "https://hooks.example.com/x" }], "https://a")).toBe("id w-1");
  });

  it("come from the natural-key list, so a stub client shows the ambiguity logic of any family", async () => {
    const client = { projects: { list: async () => [{ id: "a", name: "Shop" }, { id: "b", name: "shop" }] } } as unknown as DeployServiceClient;
    await expect(findProject(client, { organizationId: "org-1", name: "SHOP" })).rejects.toThrow(
      /getProject: 2 projects named "SHOP" in organization org-1: "Shop" \(id a\), "shop" \(id b\); pass \{ id \}/,
    );
  });
});
