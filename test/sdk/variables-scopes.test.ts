/**
 * Variables at every scope in the client: the project's and environment's groups, aliases and overrides of every
 * owner, and `client.variables` (`/variable`): the calls they send, the lost creates they recover without sending a
 * second one, and the requests they refuse before sending.
 */
import type { DeployServiceClient, ServiceValuesApi } from "../../sdk";
import { JSON_HEADERS, mockClient, socketClosed } from "./support/helpers";

type Group = ServiceValuesApi<{ id: string }, { key: string; value: string }, { key: string; value: string }>;
const owners: Array<[owner: string, segment: string, scope: string, pick: (c: DeployServiceClient) => Group]> = [
  ["project", "environmentVariable", "PROJECT", (c) => c.projects.variables],
  ["project", "secret", "PROJECT", (c) => c.projects.secrets],
  ["environment", "environmentVariable", "ENVIRONMENT", (c) => c.environments.variables],
  ["environment", "secret", "ENVIRONMENT", (c) => c.environments.secrets],
  ["application", "environmentVariable", "APPLICATION", (c) => c.environmentVariables],
  ["application", "secret", "APPLICATION", (c) => c.secrets],
  ["container", "environmentVariable", "CONTAINER", (c) => c.containers.variables],
  ["container", "secret", "CONTAINER", (c) => c.containers.secrets],
  ["job", "environmentVariable", "JOB", (c) => c.jobs.variables],
  ["job", "secret", "JOB", (c) => c.jobs.secrets],
];

function recording(pool: ReturnType<typeof mockClient>["pool"], seen: string[], method: string, path: string, status: number, answer?: unknown) {
  pool.intercept({ path, method }).reply((opts) => {
    seen.push(`${opts.method} ${opts.path} ${opts.body ? String(opts.body) : ""}`.trim());
    return { statusCode: status, data: answer === undefined ? "" : JSON.stringify(answer), responseOptions: { headers: JSON_HEADERS } };
  });
}

describe.each(owners)("%s %s", (owner, segment, scope, pick) => {
  const base = `/${owner}/o1/${segment}`;

  test("list, create, alias and override call the owner's paths", async () => {
    const { pool, client } = mockClient();
    const seen: string[] = [];
    recording(pool, seen, "GET", base, 200, { results: [{ id: "v1", key: "K", scope }] });
    recording(pool, seen, "POST", base, 201, { id: "v1", key: "K", scope });
    recording(pool, seen, "POST", `${base}/t1/alias`, 201, { id: "a1", key: "A", scope, variable_type: "ALIAS" });
    recording(pool, seen, "POST", `${base}/t1/override`, 201, { id: "o1", key: "K", scope, variable_type: "OVERRIDE" });
    const group = pick(client);
    await expect(group.list("o1")).resolves.toEqual([expect.objectContaining({ id: "v1" })]);
    await expect(group.create("o1", { key: "K", value: "x" })).resolves.toMatchObject({ id: "v1" });
    await expect(group.alias("o1", "t1", { key: "A" })).resolves.toMatchObject({ id: "a1" });
    await expect(group.override("o1", "t1", { value: "y", description: "d" })).resolves.toMatchObject({ id: "o1" });
    expect(seen).toEqual([
      `GET ${base}`, `POST ${base} {"key":"K","value":"x"}`, `POST ${base}/t1/alias {"key":"A"}`,
      `POST ${base}/t1/override {"value":"y","description":"d"}`,
    ]);
  });

  test("a lost alias is recovered by key, a lost override by what it overrides, among the owner's own values", async () => {
    const { pool, client } = mockClient();
    const other = scope === "PROJECT" ? "ENVIRONMENT" : "PROJECT";
    pool.intercept({ path: `${base}/t1/alias`, method: "POST" }).replyWithError(socketClosed());
    pool.intercept({ path: `${base}/t1/override`, method: "POST" }).replyWithError(socketClosed());
    const listed = {
      results: [
        { id: "inherited", key: "A", scope: other },
        { id: "own-alias", key: "A", scope },
        { id: "other-override", key: "K", scope, variable_type: "OVERRIDE", overridden_variable: { id: "t2", key: "K" } },
        { id: "own-override", key: "K", scope, variable_type: "OVERRIDE", [segment === "secret" ? "overridden_secret" : "overridden_variable"]: { id: "t1", key: "K" } },
      ],
    };
    pool.intercept({ path: base, method: "GET" }).reply(200, listed, { headers: JSON_HEADERS }).times(2);
    await expect(pick(client).alias("o1", "t1", { key: "A" })).resolves.toMatchObject({ id: "own-alias" });
    await expect(pick(client).override("o1", "t1", { value: "v" })).resolves.toMatchObject({ id: "own-override" });
  });

  test("an invalid id is named after its segment and an alias without a key is refused, nothing sent", async () => {
    const { client } = mockClient();
    await expect(pick(client).alias("o1", "a/b", { key: "A" })).rejects.toThrow(new RegExp(`^${segment}Id in /${owner}/\\{\\}/${segment}/\\{\\}/alias: holds "/"`));
    await expect(pick(client).alias("o1", "t1", { key: "" })).rejects.toThrow(/key/);
  });
});

describe("client.variables", () => {
  test("list asks for what a parent sees, with the secret filter when given", async () => {
    const { pool, client } = mockClient();
    const seen: string[] = [];
    const item = { id: "v1", key: "K", value: null, scope: "BUILT_IN", variable_type: "BUILT_IN", is_secret: true };
    recording(pool, seen, "GET", "/variable?parent_id=a1&scope=APPLICATION", 200, { results: [item] });
    recording(pool, seen, "GET", "/variable?parent_id=a1&scope=APPLICATION&is_secret=false", 200, { results: [] });
    await expect(client.variables.list({ parentId: "a1", scope: "APPLICATION" })).resolves.toEqual([expect.objectContaining({ id: "v1", is_secret: true })]);
    await expect(client.variables.list({ parentId: "a1", scope: "APPLICATION", isSecret: false })).resolves.toEqual([]);
    expect(seen).toHaveLength(2);
  });

  test("create, update, delete, alias, override and import call /variable", async () => {
    const { pool, client } = mockClient();
    const seen: string[] = [];
    const rec = (id: string, extra: Record<string, unknown> = {}) => ({ id, key: "K", value: "v", scope: "ENVIRONMENT", variable_type: "VALUE", is_secret: false, ...extra });
    recording(pool, seen, "POST", "/variable", 201, rec("v1"));
    recording(pool, seen, "PUT", "/variable/v1", 200, rec("v1"));
    recording(pool, seen, "DELETE", "/variable/v1", 204);
    recording(pool, seen, "POST", "/variable/v1/alias", 201, rec("a1", { variable_type: "ALIAS" }));
    recording(pool, seen, "POST", "/variable/v1/override", 201, rec("o1", { variable_type: "OVERRIDE" }));
    recording(pool, seen, "POST", "/variable/import?service_id=s1&service_type=JOB", 201, { total_variables_to_import: 1, successful_imported_variables: [] });
    const v = client.variables;
    await v.create({ key: "K", value: "v", is_secret: false, variable_scope: "ENVIRONMENT", variable_parent_id: "e1" });
    await v.update("v1", { key: "K", value: "w" });
    await v.delete("v1");
    await v.alias("v1", { key: "A", alias_scope: "JOB", alias_parent_id: "s1" });
    await v.override("v1", { value: "o", override_scope: "JOB", override_parent_id: "s1" });
    await expect(v.import({ serviceId: "s1", serviceType: "JOB", vars: [{ name: "N", value: "1", scope: "JOB", is_secret: false }] }))
      .resolves.toMatchObject({ total_variables_to_import: 1 });
    expect(seen).toEqual([
      'POST /variable {"key":"K","value":"v","is_secret":false,"variable_scope":"ENVIRONMENT","variable_parent_id":"e1"}',
      'PUT /variable/v1 {"key":"K","value":"w"}',
      "DELETE /variable/v1",
      'POST /variable/v1/alias {"key":"A","alias_scope":"JOB","alias_parent_id":"s1"}',
      'POST /variable/v1/override {"value":"o","override_scope":"JOB","override_parent_id":"s1"}',
      'POST /variable/import?service_id=s1&service_type=JOB {"overwrite":false,"vars":[{"name":"N","value":"1","scope":"JOB","is_secret":false}]}',
    ]);
  });

  test("a lost create is recovered by key among the parent's own values, not an inherited one", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/variable", method: "POST" }).replyWithError(socketClosed());
    pool.intercept({ path: "/variable?parent_id=a1&scope=APPLICATION", method: "GET" }).reply(200, {
      results: [
        { id: "inherited", key: "K", value: "x", scope: "ENVIRONMENT", variable_type: "VALUE", is_secret: false },
        { id: "own", key: "K", value: null, scope: "APPLICATION", variable_type: "VALUE", is_secret: true },
      ],
    }, { headers: JSON_HEADERS });
    await expect(client.variables.create({ key: "K", value: "s3cr3t-value", is_secret: true, variable_scope: "APPLICATION", variable_parent_id: "a1" }))
      .resolves.toMatchObject({ id: "own" });
  });

  test("a lost override is recovered by the variable it overrides", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/variable/p1/override", method: "POST" }).replyWithError(socketClosed());
    pool.intercept({ path: "/variable?parent_id=e1&scope=ENVIRONMENT", method: "GET" }).reply(200, {
      results: [
        { id: "p1", key: "K", value: "x", scope: "PROJECT", variable_type: "VALUE", is_secret: false },
        { id: "o1", key: "K", value: "y", scope: "ENVIRONMENT", variable_type: "OVERRIDE", is_secret: false, overridden_variable: { id: "p1", key: "K" } },
      ],
    }, { headers: JSON_HEADERS });
    await expect(client.variables.override("p1", { value: "y", override_scope: "ENVIRONMENT", override_parent_id: "e1" })).resolves.toMatchObject({ id: "o1" });
  });

  test("an import whose answer is lost is not sent again", async () => {
    const { pool, client } = mockClient();
    let posts = 0;
    pool.intercept({ path: "/variable/import?service_id=s1&service_type=APPLICATION", method: "POST" }).reply(() => {
      posts++;
      return { statusCode: 503, data: "" };
    }).persist();
    await expect(client.variables.import({ serviceId: "s1", serviceType: "APPLICATION", vars: [] })).rejects.toMatchObject({ status: 503 });
    expect(posts).toBe(1);
  });

  test("refuses a scope it cannot create at and a missing parent before sending, naming the field", async () => {
    const { client } = mockClient();
    await expect(client.variables.create({ key: "K", value: "v", is_secret: false, variable_scope: "BUILT_IN" as "PROJECT", variable_parent_id: "p" }))
      .rejects.toThrow(/variable_scope/);
    await expect(client.variables.alias("v1", { key: "A", alias_scope: "PROJECT", alias_parent_id: "" })).rejects.toThrow(/alias_parent_id/);
    await expect(client.variables.delete("a/b")).rejects.toThrow(/variableId|holds "\/"/);
  });
});
