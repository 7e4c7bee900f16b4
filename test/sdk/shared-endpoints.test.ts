/**
 * The endpoints every family shares are built from one definition per family (sdk/crud.ts, sdk/deployables.ts):
 * each group's list, create, get, update, delete, status and actions still call the family's own paths.
 */
import type { DeployServiceClient } from "../../sdk";
import { JSON_HEADERS, mockClient, status } from "./support/helpers";

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Case = [call: string, run: (c: DeployServiceClient) => Promise<unknown>, method: Method, path: string, answer: unknown];

const named = (id: string) => ({ id, name: "n" });
const list = (...items: unknown[]) => ({ results: items });
const repo = { url: "https://github.com/acme/shop" };
const hook = { target_url: "https://hooks.example.com/x", events: ["DEPLOYMENT_STARTED" as const] };
const gitToken = { name: "gh", type: "GITHUB" as const, token: "t" };
const database = { name: "db", type: "POSTGRESQL" as const, version: "16", mode: "CONTAINER" as const };

const cases: Case[] = [
  ["projects.list", (c) => c.projects.list("o1"), "GET", "/organization/o1/project", list(named("p1"))],
  ["projects.create", (c) => c.projects.create("o1", { name: "n" }), "POST", "/organization/o1/project", named("p1")],
  ["projects.get", (c) => c.projects.get("p1"), "GET", "/project/p1", named("p1")],
  ["projects.update", (c) => c.projects.update("p1", { name: "n" }), "PUT", "/project/p1", named("p1")],
  ["projects.delete", (c) => c.projects.delete("p1"), "DELETE", "/project/p1", undefined],
  ["environments.list", (c) => c.environments.list("p1"), "GET", "/project/p1/environment", list(named("e1"))],
  ["environments.create", (c) => c.environments.create("p1", { name: "n" }), "POST", "/project/p1/environment", named("e1")],
  ["environments.get", (c) => c.environments.get("e1"), "GET", "/environment/e1", named("e1")],
  ["environments.update", (c) => c.environments.update("e1", { mode: "STAGING" }), "PUT", "/environment/e1", named("e1")],
  ["environments.delete", (c) => c.environments.delete("e1"), "DELETE", "/environment/e1", undefined],
  ["environments.status", (c) => c.environments.status("e1"), "GET", "/environment/e1/status", status("DEPLOYED")],
  ["environments.deploy", (c) => c.environments.deploy("e1"), "POST", "/environment/e1/deploy", status("QUEUED")],
  ["environments.stop", (c) => c.environments.stop("e1"), "POST", "/environment/e1/stop", status("QUEUED")],
  ["environments.redeploy", (c) => c.environments.redeploy("e1"), "POST", "/environment/e1/redeploy", status("QUEUED")],
  ["applications.list", (c) => c.applications.list("e1"), "GET", "/environment/e1/application", list(named("a1"))],
  ["applications.create", (c) => c.applications.create("e1", { name: "n", git_repository: repo }), "POST", "/environment/e1/application", named("a1")],
  ["applications.get", (c) => c.applications.get("a1"), "GET", "/application/a1", named("a1")],
  ["applications.update", (c) => c.applications.update("a1", { healthchecks: {} }), "PUT", "/application/a1", named("a1")],
  ["applications.delete", (c) => c.applications.delete("a1"), "DELETE", "/application/a1", undefined],
  ["applications.status", (c) => c.applications.status("a1"), "GET", "/application/a1/status", status("DEPLOYED")],
  ["applications.deploy", (c) => c.applications.deploy("a1"), "POST", "/application/a1/deploy", status("QUEUED")],
  ["applications.stop", (c) => c.applications.stop("a1"), "POST", "/application/a1/stop", status("QUEUED")],
  ["applications.redeploy", (c) => c.applications.redeploy("a1"), "POST", "/application/a1/redeploy", status("QUEUED")],
  ["applications.restart", (c) => c.applications.restart("a1"), "POST", "/application/a1/restart-service", status("QUEUED")],
  ["databases.list", (c) => c.databases.list("e1"), "GET", "/environment/e1/database", list(named("d1"))],
  ["databases.create", (c) => c.databases.create("e1", database), "POST", "/environment/e1/database", named("d1")],
  ["databases.get", (c) => c.databases.get("d1"), "GET", "/database/d1", named("d1")],
  ["databases.update", (c) => c.databases.update("d1", { cpu: 500 }), "PUT", "/database/d1", named("d1")],
  ["databases.delete", (c) => c.databases.delete("d1"), "DELETE", "/database/d1", undefined],
  ["databases.status", (c) => c.databases.status("d1"), "GET", "/database/d1/status", status("DEPLOYED")],
  ["databases.deploy", (c) => c.databases.deploy("d1"), "POST", "/database/d1/deploy", status("QUEUED")],
  ["databases.stop", (c) => c.databases.stop("d1"), "POST", "/database/d1/stop", status("QUEUED")],
  ["databases.redeploy", (c) => c.databases.redeploy("d1"), "POST", "/database/d1/redeploy", status("QUEUED")],
  ["deploymentStages.list", (c) => c.deploymentStages.list("e1"), "GET", "/environment/e1/deploymentStage", list(named("s1"))],
  ["deploymentStages.create", (c) => c.deploymentStages.create("e1", { name: "n" }), "POST", "/environment/e1/deploymentStage", named("s1")],
  ["deploymentStages.get", (c) => c.deploymentStages.get("s1"), "GET", "/deploymentStage/s1", named("s1")],
  ["deploymentStages.update", (c) => c.deploymentStages.update("s1", { name: "n" }), "PUT", "/deploymentStage/s1", named("s1")],
  ["deploymentStages.delete", (c) => c.deploymentStages.delete("s1"), "DELETE", "/deploymentStage/s1", undefined],
  ["gitTokens.list", (c) => c.gitTokens.list("o1"), "GET", "/organization/o1/gitToken", list(named("g1"))],
  ["gitTokens.create", (c) => c.gitTokens.create("o1", gitToken), "POST", "/organization/o1/gitToken", named("g1")],
  ["gitTokens.get", (c) => c.gitTokens.get("o1", "g1"), "GET", "/organization/o1/gitToken/g1", named("g1")],
  ["gitTokens.update", (c) => c.gitTokens.update("o1", "g1", gitToken), "PUT", "/organization/o1/gitToken/g1", named("g1")],
  ["gitTokens.delete", (c) => c.gitTokens.delete("o1", "g1"), "DELETE", "/organization/o1/gitToken/g1", undefined],
  ["webhooks.list", (c) => c.webhooks.list("o1"), "GET", "/organization/o1/webhook", list({ id: "w1" })],
  ["webhooks.get", (c) => c.webhooks.get("o1", "w1"), "GET", "/organization/o1/webhook/w1", { id: "w1" }],
  ["webhooks.update", (c) => c.webhooks.update("o1", "w1", hook), "PUT", "/organization/o1/webhook/w1", { id: "w1" }],
  ["webhooks.delete", (c) => c.webhooks.delete("o1", "w1"), "DELETE", "/organization/o1/webhook/w1", undefined],
  ["environmentVariables.list", (c) => c.environmentVariables.list("a1"), "GET", "/application/a1/environmentVariable", list({ id: "v1", key: "K" })],
  ["environmentVariables.create", (c) => c.environmentVariables.create("a1", { key: "K", value: "v" }), "POST", "/application/a1/environmentVariable", { id: "v1", key: "K" }],
  ["environmentVariables.update", (c) => c.environmentVariables.update("a1", "v1", { key: "K", value: "v" }), "PUT", "/application/a1/environmentVariable/v1", { id: "v1", key: "K" }],
  ["environmentVariables.delete", (c) => c.environmentVariables.delete("a1", "v1"), "DELETE", "/application/a1/environmentVariable/v1", undefined],
  ["secrets.list", (c) => c.secrets.list("a1"), "GET", "/application/a1/secret", list({ id: "x1", key: "K" })],
  ["secrets.create", (c) => c.secrets.create("a1", { key: "K", value: "v" }), "POST", "/application/a1/secret", { id: "x1", key: "K" }],
  ["secrets.update", (c) => c.secrets.update("a1", "x1", { key: "K", value: "v" }), "PUT", "/application/a1/secret/x1", { id: "x1", key: "K" }],
  ["secrets.delete", (c) => c.secrets.delete("a1", "x1"), "DELETE", "/application/a1/secret/x1", undefined],
];

describe("the endpoints every family shares", () => {
  test.each(cases)("%s calls its family's path", async (_call, run, method, path, answer) => {
    const { pool, client } = mockClient();
    const seen: string[] = [];
    const reply = (code: number, data?: unknown) => (opts: { method: string; path: string }) => {
      seen.push(`${opts.method} ${opts.path}`);
      return { statusCode: code, data: data === undefined ? "" : JSON.stringify(data), responseOptions: { headers: JSON_HEADERS } };
    };
    const code = method === "DELETE" ? 204 : method === "POST" && "state" in Object(answer) ? 202 : 200;
    pool.intercept({ path, method }).reply(reply(code, answer));
    await expect(run(client)).resolves.toEqual(method === "DELETE" ? undefined : expect.anything());
    expect(seen).toEqual([`${method} ${path}`]);
  });

  test("a webhook create notes the existing webhooks first, since two may share a target", async () => {
    const { pool, client } = mockClient();
    const seen: string[] = [];
    for (const [method, answer] of [["GET", list({ id: "w0" })], ["POST", { id: "w1" }]] as const) {
      pool.intercept({ path: "/organization/o1/webhook", method }).reply((opts) => {
        seen.push(opts.method);
        return { statusCode: 200, data: JSON.stringify(answer), responseOptions: { headers: JSON_HEADERS } };
      });
    }
    await expect(client.webhooks.create("o1", hook)).resolves.toMatchObject({ id: "w1" });
    expect(seen).toEqual(["GET", "POST"]);
  });

  test("variables and secrets have no read of one value (the service has none)", () => {
    const { client } = mockClient();
    expect("get" in client.environmentVariables).toBe(false);
    expect("get" in client.secrets).toBe(false);
  });

  test("an invalid id in a status or action path is named against that path, and nothing is sent", () => {
    const { client } = mockClient();
    expect(() => client.environments.deploy("..")).toThrow(/^environmentId in \/environment\/\{\}\/deploy: is "\.\."/);
    expect(() => client.databases.status("")).toThrow(/^databaseId in \/database\/\{\}\/status: is empty/);
    expect(() => client.applications.stop("a/b")).toThrow(/^applicationId in \/application\/\{\}\/stop: holds "\/"/);
    expect(() => client.applications.restart("")).toThrow(/^applicationId in \/application\/\{\}\/restart-service: is empty/);
  });
});
