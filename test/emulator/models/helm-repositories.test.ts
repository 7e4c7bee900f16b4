/**
 * Helm repositories: validation (kind's URL scheme, credentials per kind, none in the URL), defaults, name uniqueness
 * in the organization, secrets never answered, the charts catalogue, the kinds on offer, the services using one, and
 * the refusal to delete a repository a Helm service deploys a chart of (naming the service and its chart).
 */
import { fieldOf, projectAndEnv, useEmulator } from "../support/helpers";
import { helmBody, helmRepositoryBody } from "../support/helm-terraform";

describe("helm repositories", () => {
  const c = useEmulator();
  const base = () => `/organization/${c.org}/helmRepository`;
  const create = (body: Record<string, unknown>) => c.call("POST", base(), body);

  it("creates, reads, replaces and deletes one, never answering a secret", async () => {
    const r = await create(helmRepositoryBody("bitnami", { config: { username: "robot", password: "repo-secret-1" }, description: "charts" }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: "bitnami", kind: "HTTPS", url: "https://charts.bitnami.com/bitnami", skip_tls_verification: false,
      associated_services_count: 0, config: { username: "robot" }, description: "charts",
    });
    expect(JSON.stringify(r.body)).not.toContain("repo-secret-1");
    expect((await c.call("GET", `${base()}/${r.body.id}`)).body).toEqual(r.body);
    expect((await c.call("GET", base())).body.results).toEqual([r.body]);
    const put = await c.call("PUT", `${base()}/${r.body.id}`, helmRepositoryBody("bitnami-oci", { kind: "OCI_DOCKER_HUB", url: "oci://registry-1.docker.io/bitnamicharts", skip_tls_verification: true }));
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: "bitnami-oci", kind: "OCI_DOCKER_HUB", skip_tls_verification: true, config: {} });
    expect(put.body.description).toBeUndefined();
    expect((await c.call("DELETE", `${base()}/${r.body.id}`)).status).toBe(204);
    expect((await c.call("GET", `${base()}/${r.body.id}`)).status).toBe(404);
  });

  it("refuses bad requests with 400 naming the field, never quoting a credential", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [helmRepositoryBody("a", { url: "oci://registry-1.docker.io/bitnamicharts" }), "url"],
      [helmRepositoryBody("a", { kind: "OCI_GENERIC_CR" }), "url"],
      [helmRepositoryBody("a", { url: undefined }), "url"],
      [helmRepositoryBody("a", { url: "https://robot:url-secret-2@charts.example.com" }), "url"],
      [helmRepositoryBody("a", { kind: "OCI_ECR", url: "oci://123.dkr.ecr.eu-west-3.amazonaws.com", config: { region: "eu-west-3" } }), "config.access_key_id"],
      [helmRepositoryBody("a", { kind: "OCI_SCALEWAY_CR", url: "oci://rg.fr-par.scw.cloud/acme", config: {} }), "config.region"],
      [helmRepositoryBody("a", { kind: "GIT" }), "kind"],
      [helmRepositoryBody("a", { skip_tls_verification: undefined }), "skip_tls_verification"],
      [helmRepositoryBody("a", { config: { password: "pw-secret-3" } }), "config.username"],
    ];
    for (const [body, field] of cases) {
      const r = await create(body);
      expect([field, r.status, fieldOf(r.body.message)]).toEqual([field, 400, field]);
      expect(r.body.message).not.toMatch(/url-secret-2|pw-secret-3/);
    }
    const ecr = await create(helmRepositoryBody("ecr", {
      kind: "OCI_ECR", url: "oci://123.dkr.ecr.eu-west-3.amazonaws.com", config: { region: "eu-west-3", role_arn: "arn:aws:iam::123:role/helm" },
    }));
    expect(ecr.status).toBe(201);
  });

  it("keeps names unique in the organization, ignoring case", async () => {
    expect((await create(helmRepositoryBody("Charts"))).status).toBe(201);
    expect((await create(helmRepositoryBody("charts"))).status).toBe(409);
  });

  it("lists the kinds on offer with what each needs, and the charts of a repository", async () => {
    const kinds = (await c.call("GET", "/availableHelmRepository")).body.results as Array<{ kind: string; required_config: Record<string, unknown> }>;
    expect(kinds.map((k) => k.kind)).toEqual([
      "HTTPS", "OCI_ECR", "OCI_SCALEWAY_CR", "OCI_DOCKER_HUB", "OCI_PUBLIC_ECR", "OCI_GENERIC_CR", "OCI_GITHUB_CR", "OCI_GITLAB_CR",
    ]);
    expect(Object.keys(kinds.find((k) => k.kind === "OCI_ECR")?.required_config ?? {})).toEqual(["url", "region", "access_key_id", "secret_access_key"]);
    const repo = (await create(helmRepositoryBody("bitnami"))).body;
    const charts = (await c.call("GET", `${base()}/${repo.id}/charts`)).body.results as Array<{ chart_name: string; versions: string[] }>;
    expect(charts.find((ch) => ch.chart_name === "redis")?.versions[0]).toBe("20.2.1");
    expect(charts.length).toBeGreaterThanOrEqual(5);
    expect((await c.call("GET", `${base()}/${repo.id}/charts?chartName=cert-manager`)).body.results).toEqual([
      { chart_name: "cert-manager", versions: ["v1.16.1", "v1.15.3", "v1.14.5"] },
    ]);
  });

  it("refuses to delete a repository a helm deploys a chart of, naming it; lists it as a user", async () => {
    const repo = (await create(helmRepositoryBody("bitnami"))).body;
    const { projectId, envId } = await projectAndEnv(c);
    const helm = await c.call("POST", `/environment/${envId}/helm`, helmBody("cache", repo.id));
    expect(helm.status).toBe(201);
    expect((await c.call("GET", `${base()}/${repo.id}`)).body.associated_services_count).toBe(1);
    expect((await c.call("GET", `${base()}/${repo.id}/associatedServices`)).body.results).toEqual([{
      project_id: projectId, project_name: "proj", environment_id: envId, environment_name: "dev",
      service_id: helm.body.id, service_name: "cache", service_type: "HELM",
    }]);
    const refused = await c.call("DELETE", `${base()}/${repo.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^helmRepositoryId: .*'cache' \(chart redis\)/);
    expect((await c.call("DELETE", `/helm/${helm.body.id}`)).status).toBe(204);
    expect((await c.call("DELETE", `${base()}/${repo.id}`)).status).toBe(204);
  });
});
