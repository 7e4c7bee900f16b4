/**
 * Contract of the git providers' repositories and branches (the account's and the organization's), a repository's
 * directories and a Terraform module's variables and `.tfvars` files, with the reference (strict): what the services
 * built from them show.
 */
import { appBody, projectAndEnv, seen, useEmulator } from "../support/helpers";
import { terraformBody } from "../support/helm-terraform";
import { referenceProblems } from "../support/reference-check";

const c = useEmulator();

async function ok(method: string, path: string, body?: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call(method, path, body);
  expect([method, path, r.status, r.status < 300]).toEqual([method, path, r.status, true]);
  return r.body;
}

it("lists the repositories the services are built from, their branches, directories and Terraform variables", async () => {
  const org = c.org;
  expect((await ok("GET", "/account/github/repository")).results).toEqual([]);
  const { envId } = await projectAndEnv(c, "git");
  const token = await ok("POST", `/organization/${org}/gitToken`, { name: "gh", type: "GITHUB", token: "ghp_secret" });
  await ok("POST", `/environment/${envId}/application`, appBody("api", {
    git_repository: { url: "https://github.com/acme/api.git", provider: "GITHUB", branch: "release", root_path: "/server", git_token_id: token.id },
  }));
  await ok("POST", `/environment/${envId}/application`, appBody("web", { git_repository: { url: "https://gitlab.com/acme/web.git", provider: "GITLAB", branch: "main" } }));
  await ok("POST", `/environment/${envId}/terraform`, terraformBody("network"));
  const github = await ok("GET", "/account/github/repository");
  expect(github.results.map((r: { name: string }) => r.name)).toEqual(["acme/api", "acme/infra"]);
  expect((await ok("GET", `/organization/${org}/account/github/repository?gitTokenId=${token.id}`)).results.map((r: { name: string }) => r.name)).toEqual(["acme/api"]);
  expect((await ok("GET", "/account/gitlab/repository")).results.map((r: { name: string }) => r.name)).toEqual(["acme/web"]);
  await ok("GET", "/account/bitbucket/repository");
  await ok("GET", `/organization/${org}/account/gitlab/repository`);
  await ok("GET", `/organization/${org}/account/bitbucket/repository`);
  expect((await ok("GET", "/account/github/repository/branch?name=acme/api")).results).toEqual([{ name: "main" }, { name: "release" }]);
  expect((await ok("GET", `/organization/${org}/account/gitlab/repository/branch?name=acme/web`)).results).toEqual([{ name: "main" }]);
  expect((await c.call("GET", "/account/github/repository/branch?name=acme/none")).status).toBe(404);
  expect((await c.call("GET", "/account/github/repository/branch")).status).toBe(400);
  await ok("GET", "/account/gitAuthProvider");
  const api = { url: "https://github.com/acme/api.git", provider: "GITHUB", owner: "acme", name: "api" };
  expect((await ok("POST", `/organization/${org}/listDirectoriesFromGitRepository`, api)).results).toEqual(["/", "/server"]);
  expect((await c.call("POST", `/organization/${org}/listDirectoriesFromGitRepository`, { ...api, url: "https://github.com/acme/other.git" })).status).toBe(404);
  const infra = { url: "https://github.com/acme/infra.git", provider: "GITHUB", owner: "acme", name: "infra" };
  const vars = await ok("POST", `/organization/${org}/parseTerraformVariablesFromGitRepo`, { git_repository: infra });
  expect(vars.results).toEqual([
    { key: "db_password", sensitive: true, nullable: true, source: "variables.tf" }, { key: "region", sensitive: false, nullable: true, source: "variables.tf" },
  ]);
  expect(JSON.stringify(vars)).not.toContain("tf-secret-value");
  expect((await ok("POST", `/organization/${org}/listTfVarsFilesFromGitRepo`, { git_repository: infra, mode: { type: "AutoDiscover" } })).results)
    .toEqual([{ source: "/network/prod.tfvars", variables: {} }]);
  expect((await c.call("POST", `/organization/${org}/listTfVarsFilesFromGitRepo`, { git_repository: infra })).status).toBe(400);
});

afterAll(() => {
  const answers = seen.filter((a) => a.status < 300 && /repository|Repository|GitRepo|gitAuthProvider/.test(a.path));
  expect(answers.length).toBeGreaterThan(12);
  expect(referenceProblems(answers, "git repositories contract")).toEqual([]);
});
