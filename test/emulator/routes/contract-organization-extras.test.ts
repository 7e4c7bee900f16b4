/**
 * Contract of an environment's checks, database configurations, chart default values, Terraform export, and
 * of the organization's onboarding, account, policy API tokens, audit events and git token users, with the reference
 * (strict).
 */
import { appBody, dockerHubId, projectAndEnv, seen, useEmulator, waitFor } from "../support/helpers";
import { referenceProblems } from "../support/reference-check";

const c = useEmulator({ stepMs: 10 });
const repo = { url: "https://github.com/acme/api.git", provider: "GITHUB", owner: "acme", name: "api" };

async function ok(method: string, path: string, body?: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call(method, path, body);
  expect([method, path, r.status, r.status < 300]).toEqual([method, path, r.status, true]);
  return r.body;
}

it("checks sources, offers database versions and chart values, exports the environment without its secrets", async () => {
  const { envId } = await projectAndEnv(c, "checks");
  const hub = await dockerHubId(c);
  expect(await ok("POST", `/environment/${envId}/checkDockerfile`, { git_repository: repo, dockerfile_path: "Dockerfile" }))
    .toMatchObject({ dockerfile_path: "Dockerfile", arg: [], repositories: [] });
  const badToken = await c.call("POST", `/environment/${envId}/checkDockerfile`, { git_repository: { ...repo, git_token_id: "00000000-0000-4000-8000-000000000000" }, dockerfile_path: "Dockerfile" });
  expect([badToken.status, badToken.body.message]).toEqual([400, expect.stringMatching(/^git_repository\.git_token_id:/)]);
  await ok("POST", `/environment/${envId}/checkHelmRepository`, { git_repository: repo });
  await ok("POST", `/environment/${envId}/checkContainerImage`, { registry_id: hub, image_name: "library/nginx", tag: "1.27" });
  expect((await c.call("POST", `/environment/${envId}/checkContainerImage`, { registry_id: "nope", image_name: "x", tag: "1" })).status).toBe(400);
  await ok("POST", `/environment/${envId}/checkGitFile`, { git_repository: repo, files: ["values.yaml"] });
  const config = await ok("GET", `/environment/${envId}/databaseConfiguration`);
  expect(config.results.find((x: { database_type: string }) => x.database_type === "POSTGRESQL").version).toContainEqual({ name: "16", supported_mode: "CONTAINER" });
  const values = await c.call("POST", `/environment/${envId}/helmDefaultValues`, { source: { helm_repository: { chart_name: "redis", chart_version: "19.6.4" } } });
  expect([values.status, values.body]).toEqual([201, expect.stringContaining("tag: 19.6.4")]);
  expect((await c.call("POST", `/environment/${envId}/helmDefaultValues`, { source: { helm_repository: { chart_name: "redis", chart_version: "0.0.1" } } })).status).toBe(400);
  const app = await ok("POST", `/environment/${envId}/application`, appBody("api"));
  await ok("POST", `/application/${app.id}/secret`, { key: "DB_PASSWORD", value: "export-secret-value" });
  await ok("POST", `/application/${app.id}/environmentVariable`, { key: "MODE", value: "prod" });
  const tf = await c.call("GET", `/environment/${envId}/terraformExport?exportSecrets=true`);
  expect([tf.status, tf.headers.get("content-type")]).toEqual([200, "application/octet-stream"]);
  expect(tf.body).toContain('resource "qovery_application" "api"');
  expect(tf.body).toContain("value = var.db_password");
  expect(tf.body).not.toContain("export-secret-value");
});

it("keeps the onboarding and the account, makes policy tokens that authenticate, and lists events", async () => {
  const org = c.org;
  expect(await ok("GET", `/organization/${org}/onboarding`)).toEqual({ status: "IN_PROGRESS", use_cases: null });
  await ok("POST", `/organization/${org}/onboarding`, { status: "COMPLETED" });
  expect((await ok("GET", `/organization/${org}/onboarding`)).status).toBe("COMPLETED");
  expect((await c.call("POST", `/organization/${org}/onboarding`, { status: "DONE" })).status).toBe(400);
  await ok("PUT", "/account", { communication_email: "ops@example.com" });
  expect((await ok("GET", "/account")).communication_email).toBe("ops@example.com");
  expect((await c.call("PUT", "/account", { communication_email: "not-an-address" })).status).toBe(400);

  const made = await ok("POST", `/organization/${org}/policyApiToken`, { name: "ci-policy", opa_policy: "package qovery\ndefault allow = true" });
  expect((await ok("GET", `/organization/${org}/policyApiToken`)).results.map((t: { id: string }) => t.id)).toEqual([made.id]);
  expect((await ok("GET", `/organization/${org}/apiToken`)).results.map((t: { id: string }) => t.id)).not.toContain(made.id);
  expect((await c.call("GET", `/organization/${org}/project`, undefined, made.token)).status).toBe(200);
  expect(JSON.stringify(await ok("GET", `/organization/${org}/policyApiToken`))).not.toContain(made.token);
  expect((await c.call("DELETE", `/organization/${org}/policyApiToken/${made.id}`)).status).toBe(204);
  expect((await c.call("GET", `/organization/${org}/project`, undefined, made.token)).status).toBe(401);
  expect((await c.call("POST", `/organization/${org}/policyApiToken`, { name: "x" })).status).toBe(400);

  const { projectId, envId } = await projectAndEnv(c, "audited");
  const token = await ok("POST", `/organization/${org}/gitToken`, { name: "gh", type: "GITHUB", token: "ghp_secret" });
  const app = await ok("POST", `/environment/${envId}/application`, appBody("api", { git_repository: { url: "https://github.com/acme/api.git", provider: "GITHUB", branch: "main", git_token_id: token.id } }));
  expect((await ok("GET", `/organization/${org}/gitToken/${token.id}/associatedServices`)).results).toEqual([{
    project_id: projectId, project_name: "audited", environment_id: envId, environment_name: "dev", service_id: app.id, service_name: "api", service_type: "APPLICATION",
  }]);
  await ok("POST", `/application/${app.id}/deploy`);
  await waitFor(async () => (await ok("GET", `/organization/${org}/events?targetId=${app.id}&eventType=DEPLOYED`)).events.length === 1);
  const all = await ok("GET", `/organization/${org}/events?pageSize=100`);
  expect(all.events.map((e: { event_type: string; target_type: string }) => `${e.target_type} ${e.event_type}`)).toEqual(expect.arrayContaining([
    "PROJECT CREATE", "ENVIRONMENT CREATE", "APPLICATION CREATE", "APPLICATION TRIGGER_DEPLOY", "APPLICATION DEPLOYED",
  ]));
  expect((await ok("GET", `/organization/${org}/events?pageSize=2`)).events).toHaveLength(2);
  expect((await c.call("GET", `/organization/${org}/events?pageSize=0`)).status).toBe(400);
  expect((await ok("GET", `/organization/${org}/targets?targetType=PROJECT`)).targets).toContainEqual({ id: projectId, name: "audited" });
});

afterAll(() => {
  const answers = seen.filter((a) => a.status < 300 && !/\/(application|environment|project|deploy|secret|environmentVariable|gitToken)$/.test(a.path) && !/\/status$/.test(a.path));
  expect(answers.length).toBeGreaterThan(20);
  expect(referenceProblems(answers, "organization extras contract")).toEqual([]);
});
