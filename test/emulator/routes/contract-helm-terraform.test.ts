/**
 * Contract of the Helm repository, Helm and Terraform routes with the reference (strict: an answer carries only the
 * fields its schema declares): a repository's create, read, list, replace, charts, users and delete, the kinds on
 * offer; a Helm service from a repository chart and one from git with values files, ports and custom domains, their
 * deploys, statuses, histories, commits, settings, uninstall and delete; a Terraform service's create, edit, deploy,
 * resources, commits, settings, uninstall and delete, the versions on offer; the environment's statuses with both.
 */
import { projectAndEnv, seen, useEmulator, waitFor } from "../support/helpers";
import { helmBody, helmRepositoryBody, terraformBody } from "../support/helm-terraform";
import { referenceProblems } from "../support/reference-check";

const c = useEmulator({ stepMs: 10 });

async function ok(method: string, path: string, body?: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call(method, path, body);
  expect([method, path, r.status < 300]).toEqual([method, path, true]);
  return r.body;
}

async function deployed(statusPath: string, state = "DEPLOYED"): Promise<void> {
  await waitFor(async () => (await ok("GET", statusPath)).state === state);
}

async function repositories(org: string): Promise<string> {
  const base = `/organization/${org}/helmRepository`;
  const repo = await ok("POST", base, helmRepositoryBody("bitnami", { config: { username: "u", password: "contract-secret" }, description: "d" }));
  await ok("GET", base);
  await ok("GET", `${base}/${repo.id}`);
  await ok("PUT", `${base}/${repo.id}`, helmRepositoryBody("bitnami", { description: "charts" }));
  await ok("GET", `${base}/${repo.id}/charts`);
  const oci = await ok("POST", base, helmRepositoryBody("ecr", {
    kind: "OCI_ECR", url: "oci://123456789012.dkr.ecr.eu-west-3.amazonaws.com", config: { region: "eu-west-3", access_key_id: "AKIA", secret_access_key: "s" },
  }));
  await ok("DELETE", `${base}/${oci.id}`);
  await ok("GET", "/availableHelmRepository");
  return repo.id;
}

async function helms(org: string, envId: string, repo: string): Promise<void> {
  const chart = await ok("POST", `/environment/${envId}/helm`, helmBody("cache", repo, { ports: [{ internal_port: 6379, service_name: "cache-redis" }] }));
  const git = await ok("POST", `/environment/${envId}/helm`, helmBody("api", repo, {
    source: { git_repository: { url: "https://github.com/acme/charts.git", root_path: "/api" } },
    values_override: { file: { git: { git_repository: { url: "https://github.com/acme/values.git", provider: "GITHUB" }, paths: ["/prod.yaml"] } } },
    ports: [{ internal_port: 8080, service_selectors: [{ key: "app", value: "api" }], is_default: true }],
  }));
  await ok("GET", `/organization/${org}/helmRepository/${repo}/associatedServices`);
  await ok("GET", `/environment/${envId}/helm`);
  await ok("PUT", `/helm/${chart.id}`, helmBody("cache", repo, { timeout_sec: 300 }));
  await ok("POST", `/helm/${chart.id}/deploy`, { chart_version: "19.6.4" });
  await ok("POST", `/helm/${git.id}/deploy`, { git_commit_id: "0123456789abcdef0123456789abcdef01234567" });
  await deployed(`/helm/${chart.id}/status`);
  await deployed(`/helm/${git.id}/status`);
  for (const h of [chart.id, git.id]) {
    await ok("GET", `/helm/${h}`);
    await ok("GET", `/helm/${h}/deploymentHistory`);
    await ok("GET", `/helm/${h}/deploymentHistoryV2`);
    await ok("GET", `/helm/${h}/commit`);
  }
  await ok("GET", "/defaultHelmAdvancedSettings");
  await ok("PUT", `/helm/${git.id}/advancedSettings`, { "network.ingress.proxy_body_size_mb": 50 });
  await ok("GET", `/helm/${git.id}/advancedSettings`);
  const domain = await ok("POST", `/helm/${git.id}/customDomain`, { domain: "api.example.com", generate_certificate: true });
  await ok("GET", `/helm/${git.id}/customDomain`);
  await ok("GET", `/helm/${git.id}/customDomain/${domain.id}`);
  await ok("PUT", `/helm/${git.id}/customDomain/${domain.id}`, { domain: "api2.example.com", generate_certificate: false });
  await ok("GET", `/helm/${git.id}/checkCustomDomain`);
  await ok("DELETE", `/helm/${git.id}/customDomain/${domain.id}`);
  await ok("POST", `/helm/${chart.id}/redeploy`);
  await deployed(`/helm/${chart.id}/status`);
  await ok("POST", `/helm/${chart.id}/stop`);
  await deployed(`/helm/${chart.id}/status`, "STOPPED");
  await ok("POST", `/helm/${git.id}/uninstall`);
  await deployed(`/helm/${git.id}/status`, "DELETED");
}

async function terraforms(envId: string): Promise<void> {
  await ok("GET", "/terraform/availableVersion");
  const t = await ok("POST", `/environment/${envId}/terraform`, terraformBody("network"));
  await ok("GET", `/environment/${envId}/terraform`);
  await ok("PUT", `/terraform/${t.id}`, terraformBody("network", {
    backend: { user_provided: {} }, dockerfile_fragment: { type: "inline", content: "RUN apk add jq" }, action_extra_arguments: { apply: ["-lock=false"] },
  }));
  await ok("GET", `/terraform/${t.id}/terraformResources`);
  await ok("POST", `/terraform/${t.id}/deploy`, { git_commit_id: "89abcdef0123456789abcdef0123456789abcdef" });
  await deployed(`/terraform/${t.id}/status`);
  await ok("GET", `/terraform/${t.id}`);
  await ok("GET", `/terraform/${t.id}/terraformResources`);
  await ok("GET", `/terraform/${t.id}/commit`);
  await ok("GET", `/terraform/${t.id}/deploymentHistoryV2?pageSize=5`);
  await ok("GET", "/defaultTerraformAdvancedSettings");
  await ok("PUT", `/terraform/${t.id}/advancedSettings`, { "build.timeout_max_sec": 3600 });
  await ok("GET", `/terraform/${t.id}/advancedSettings`);
  await ok("POST", `/terraform/${t.id}/redeploy`);
  await deployed(`/terraform/${t.id}/status`);
  await ok("POST", `/terraform/${t.id}/uninstall`);
  await deployed(`/terraform/${t.id}/status`, "DELETED");
}

it("every answer of the helm repository, helm and terraform routes matches the reference strictly", async () => {
  seen.length = 0;
  const org = c.org;
  const repo = await repositories(org);
  const { envId } = await projectAndEnv(c, "contract");
  await helms(org, envId, repo);
  await terraforms(envId);
  await ok("GET", `/environment/${envId}/statusesWithStages`);
  await ok("GET", `/environment/${envId}/deploymentHistory`);
  for (const kind of ["helm", "terraform"]) {
    for (const s of (await ok("GET", `/environment/${envId}/${kind}`)).results as Array<{ id: string }>) await ok("DELETE", `/${kind}/${s.id}`);
  }
  await waitFor(async () => (await c.call("GET", `/organization/${org}/helmRepository/${repo}`)).body.associated_services_count === 0);
  await ok("DELETE", `/organization/${org}/helmRepository/${repo}`);

  // /terraform/{id}/status and /helm and /terraform/{id}/deploymentHistory's v1 are checked by the models' tests:
  // the reference declares no terraform status, stop or v1 history, which the service-kind routes give every kind
  const answers = seen.filter((a) => /helm|terraform|statusesWithStages|deploymentHistory$/i.test(a.path)
    && !/^\/terraform\/[^/]+\/(status|deploymentHistory|stop)$/.test(a.path));
  expect(answers.length).toBeGreaterThan(60);
  expect(JSON.stringify(answers.map((a) => a.body))).not.toContain("contract-secret");
  expect(referenceProblems(answers, "helm and terraform contract")).toEqual([]);
});
