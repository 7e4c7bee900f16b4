/**
 * Container registries of the organization: the seeded Docker Hub one, the URL and config rules of each kind, name
 * uniqueness, credentials never answered (and redacted in the state dump), and the refusal to delete a registry that
 * a container or a job pulls from.
 */
import { control } from "../../../emulator/control/control-client";
import { containerBody, dockerHubId, fieldOf, jobBody, projectAndEnv, useEmulator } from "../support/helpers";

const c = useEmulator();
const path = () => `/organization/${c.org}/containerRegistry`;
const create = (body: Record<string, unknown>) => c.call("POST", path(), body);


describe("the seeded registry", () => {
  it("every organization starts with Docker Hub, with the same id after a reset", async () => {
    const list = (await c.call("GET", path())).body.results;
    expect(list).toEqual([expect.objectContaining({ name: "Docker Hub", kind: "DOCKER_HUB", url: "https://docker.io", associated_services_count: 0 })]);
    const id = await dockerHubId(c);
    await control(c.emu, "POST", "/reset");
    expect(await dockerHubId(c)).toBe(id);
    expect((await c.call("GET", `${path()}/${id}`)).body).toMatchObject({ id, config: {} });
  });
});

describe("create and replace", () => {
  it("fills the URL of the public registries and checks the one given", async () => {
    const cases: Array<[string, string]> = [["DOCKER_HUB", "https://docker.io"], ["GITHUB_CR", "https://ghcr.io"], ["GITLAB_CR", "https://registry.gitlab.com"]];
    for (const [kind, url] of cases) {
      const r = await create({ name: `r-${kind}`, kind, config: { username: "u", password: "p" } });
      expect([kind, r.status, r.body.url]).toEqual([kind, 201, url]);
    }
    expect((await create({ name: "hub-slash", kind: "DOCKER_HUB", url: "https://docker.io/", config: {} })).body.url).toBe("https://docker.io");
    const wrong = await create({ name: "hub2", kind: "DOCKER_HUB", url: "https://quay.io", config: {} });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^url: must be https:\/\/docker\.io/);
  });

  it("requires an https:// URL for the other kinds", async () => {
    const missing = await create({ name: "generic", kind: "GENERIC_CR", config: {} });
    expect([missing.status, fieldOf(missing.body.message)]).toEqual([400, "url"]);
    const http = await create({ name: "generic", kind: "GENERIC_CR", url: "http://registry.acme.test", config: {} });
    expect([http.status, http.body.message]).toEqual([400, "url: must be a URL starting with https://"]);
    const ok = await create({ name: "generic", kind: "GENERIC_CR", url: "https://registry.acme.test", config: {} });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ kind: "GENERIC_CR", url: "https://registry.acme.test", config: {} });
  });

  it("requires each kind's credentials, naming the first missing config field", async () => {
    const ecr = { name: "ecr", kind: "ECR", url: "https://123.dkr.ecr.eu-west-3.amazonaws.com" };
    const noRegion = await create({ ...ecr, config: { access_key_id: "AKIA", secret_access_key: "s" } });
    expect([noRegion.status, fieldOf(noRegion.body.message)]).toEqual([400, "config.region"]);
    const noSecret = await create({ ...ecr, config: { region: "eu-west-3", access_key_id: "AKIA" } });
    expect([noSecret.status, fieldOf(noSecret.body.message)]).toEqual([400, "config.secret_access_key"]);
    expect((await create({ ...ecr, config: { region: "eu-west-3", role_arn: "arn:aws:iam::1:role/pull" } })).status).toBe(201);
    const scw = await create({ name: "scw", kind: "SCALEWAY_CR", url: "https://rg.fr-par.scw.cloud", config: { region: "fr-par", scaleway_access_key: "k" } });
    expect([scw.status, fieldOf(scw.body.message)]).toEqual([400, "config.scaleway_secret_key"]);
    const gcp = await create({ name: "gcp", kind: "GCP_ARTIFACT_REGISTRY", url: "https://europe-docker.pkg.dev", config: { region: "europe" } });
    expect([gcp.status, fieldOf(gcp.body.message)]).toEqual([400, "config.json_credentials"]);
    expect((await create({ name: "gcp", kind: "GCP_ARTIFACT_REGISTRY", url: "https://europe-docker.pkg.dev", config: { region: "europe", json_credentials: "{}" } })).status).toBe(201);
    expect((await create({ name: "pub", kind: "PUBLIC_ECR", url: "https://public.ecr.aws", config: {} })).status).toBe(201);
  });

  it("refuses DOCR, unknown kinds, a missing name or config", async () => {
    const docr = await create({ name: "do", kind: "DOCR", url: "https://registry.digitalocean.com", config: {} });
    expect([docr.status, docr.body.message]).toEqual([400, "kind: DOCR registries are no longer supported"]);
    expect(fieldOf((await create({ name: "x", kind: "QUAY", config: {} })).body.message)).toBe("kind");
    expect(fieldOf((await create({ kind: "DOCKER_HUB", config: {} })).body.message)).toBe("name");
    expect(fieldOf((await create({ name: "x", kind: "DOCKER_HUB" })).body.message)).toBe("config");
  });

  it("names are unique in the organization ignoring case (409), on create and on replace", async () => {
    const dup = await create({ name: "docker hub", kind: "DOCKER_HUB", config: {} });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/^name: container registry name 'docker hub' is already used in this organization/);
    const other = (await create({ name: "ghcr", kind: "GITHUB_CR", config: {} })).body;
    expect((await c.call("PUT", `${path()}/${other.id}`, { name: "DOCKER HUB", kind: "GITHUB_CR", config: {} })).status).toBe(409);
    expect((await c.call("PUT", `${path()}/${other.id}`, { name: "GHCR", kind: "GITHUB_CR", config: {} })).status).toBe(200);
  });

  it("a replace sets every field again, the config whole; unknown ids are 404", async () => {
    const r = (await create({ name: "ghcr", kind: "GITHUB_CR", description: "d", config: { username: "bot", password: "pw1" } })).body;
    const put = await c.call("PUT", `${path()}/${r.id}`, { name: "gitlab", kind: "GITLAB_CR", config: {} });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: "gitlab", kind: "GITLAB_CR", url: "https://registry.gitlab.com", config: {} });
    expect(put.body).not.toHaveProperty("description");
    expect((await c.call("GET", `${path()}/${r.id}`)).body).toEqual(put.body);
    expect((await c.call("PUT", `${path()}/5b1c7a4e-0000-4000-8000-000000000000`, { name: "n", kind: "GITLAB_CR", config: {} })).status).toBe(404);
  });
});

describe("credentials", () => {
  it("secret config fields are never answered and are redacted in the state dump", async () => {
    const secrets = {
      password: "pw-secret-1", secret_access_key: "aws-secret-2", scaleway_secret_key: "scw-secret-3", json_credentials: "gcp-secret-4",
    };
    const made = await create({
      name: "all", kind: "ECR", url: "https://1.dkr.ecr.eu-west-3.amazonaws.com",
      config: { region: "eu-west-3", access_key_id: "AKIA1", username: "bot", scaleway_access_key: "SCW1", ...secrets },
    });
    expect(made.status).toBe(201);
    expect(made.body.config).toEqual({ region: "eu-west-3", access_key_id: "AKIA1", username: "bot", scaleway_access_key: "SCW1" });
    const answers = [
      made.body, (await c.call("GET", path())).body, (await c.call("GET", `${path()}/${made.body.id}`)).body,
      (await c.call("PUT", `${path()}/${made.body.id}`, { name: "all", kind: "ECR", url: "https://1.dkr.ecr.eu-west-3.amazonaws.com", config: { region: "eu-west-3", access_key_id: "AKIA1", ...secrets } })).body,
    ].map((b) => JSON.stringify(b));
    const dump = await (await control(c.emu, "GET", "/state")).text();
    for (const value of Object.values(secrets)) {
      for (const a of answers) expect(a).not.toContain(value);
      expect(dump).not.toContain(value);
    }
    const stored = JSON.parse(dump).containerRegistries[made.body.id];
    expect(stored.config).toMatchObject({ password: "***", secret_access_key: "***", scaleway_secret_key: "***", json_credentials: "***", region: "eu-west-3" });
  });
});

describe("registries in use", () => {
  it("counts the containers and image jobs pulling from a registry and refuses its delete (400) until none does", async () => {
    const { envId } = await projectAndEnv(c);
    const reg = (await create({ name: "ghcr", kind: "GITHUB_CR", config: {} })).body;
    const ctr = await c.call("POST", `/environment/${envId}/container`, containerBody("web", reg.id));
    expect(ctr.status).toBe(201);
    const job = await c.call("POST", `/environment/${envId}/job`, jobBody("nightly", reg.id));
    expect(job.status).toBe(201);
    expect((await c.call("GET", `${path()}/${reg.id}`)).body.associated_services_count).toBe(2);
    const users = (await c.call("GET", `${path()}/${reg.id}/associatedServices`)).body.results;
    expect(users.map((u: { service_name: string; service_type: string }) => [u.service_name, u.service_type])).toEqual([["web", "CONTAINER"], ["nightly", "CRON"]]);
    const refused = await c.call("DELETE", `${path()}/${reg.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^containerRegistryId: registry 'ghcr' is used by 2 service\(s\) \('web', 'nightly'\)/);
    expect((await c.call("DELETE", `/container/${ctr.body.id}`)).status).toBe(204);
    expect((await c.call("DELETE", `${path()}/${reg.id}`)).status).toBe(400);
    expect((await c.call("DELETE", `/job/${job.body.id}`)).status).toBe(204);
    expect((await c.call("DELETE", `${path()}/${reg.id}`)).status).toBe(204);
    expect((await c.call("GET", `${path()}/${reg.id}`)).status).toBe(404);
  });

  it("an environment deleted with its containers frees the registry", async () => {
    const { envId } = await projectAndEnv(c);
    const reg = (await create({ name: "ghcr", kind: "GITHUB_CR", config: {} })).body;
    await c.call("POST", `/environment/${envId}/container`, containerBody("web", reg.id));
    expect((await c.call("DELETE", `/environment/${envId}`)).status).toBe(204);
    expect((await c.call("DELETE", `${path()}/${reg.id}`)).status).toBe(204);
  });
});

describe("available registries", () => {
  it("lists every kind but DOCR, with the config fields each needs", async () => {
    const r = await c.call("GET", "/availableContainerRegistry");
    expect(r.status).toBe(200);
    const kinds = r.body.results.map((x: { kind: string }) => x.kind);
    expect(kinds).toContain("DOCKER_HUB");
    expect(kinds).not.toContain("DOCR");
    const ecr = r.body.results.find((x: { kind: string }) => x.kind === "ECR");
    expect(Object.keys(ecr.required_config)).toEqual(expect.arrayContaining(["region", "access_key_id", "secret_access_key", "url"]));
  });
});
