/**
 * Variables and secrets of every service kind come from one definition (sdk/service-values.ts): each kind's group
 * calls its own paths, names an invalid id after its segment, and recovers a lost create among its own values.
 */
import type { DeployServiceClient, ServiceValuesApi } from "../../sdk";
import { serviceValues } from "../../sdk";
import { applicationValues } from "../../sdk/application-values";
import { Secret, SecretRequest } from "../../sdk/secrets";
import { JSON_HEADERS, mockClient, socketClosed } from "./support/helpers";

type Group = ServiceValuesApi<{ id: string }, { key: string; value: string }, { key: string; value: string }>;
const groups: Array<[kind: string, segment: string, pick: (c: DeployServiceClient) => Group]> = [
  ["application", "environmentVariable", (c) => c.environmentVariables],
  ["application", "secret", (c) => c.secrets],
  ["container", "environmentVariable", (c) => c.containers.variables],
  ["container", "secret", (c) => c.containers.secrets],
  ["job", "environmentVariable", (c) => c.jobs.variables],
  ["job", "secret", (c) => c.jobs.secrets],
];

function recording(pool: ReturnType<typeof mockClient>["pool"], seen: string[], method: string, path: string, status: number, answer?: unknown) {
  pool.intercept({ path, method }).reply((opts) => {
    seen.push(`${opts.method} ${opts.path} ${opts.body ? String(opts.body) : ""}`.trim());
    return { statusCode: status, data: answer === undefined ? "" : JSON.stringify(answer), responseOptions: { headers: JSON_HEADERS } };
  });
}

describe.each(groups)("%s %s values", (kind, segment, pick) => {
  const base = `/${kind}/s1/${segment}`;

  test("list, create, update and delete call the kind's paths", async () => {
    const { pool, client } = mockClient();
    const seen: string[] = [];
    recording(pool, seen, "GET", base, 200, { results: [{ id: "v1", key: "K" }] });
    recording(pool, seen, "POST", base, 201, { id: "v1", key: "K" });
    recording(pool, seen, "PUT", `${base}/v1`, 200, { id: "v1", key: "K" });
    recording(pool, seen, "DELETE", `${base}/v1`, 204);
    const group = pick(client);
    await expect(group.list("s1")).resolves.toEqual([expect.objectContaining({ id: "v1" })]);
    await expect(group.create("s1", { key: "K", value: "x" })).resolves.toMatchObject({ id: "v1" });
    await expect(group.update("s1", "v1", { key: "K", value: "y" })).resolves.toMatchObject({ id: "v1" });
    await expect(group.delete("s1", "v1")).resolves.toBeUndefined();
    expect(seen).toEqual([
      `GET ${base}`, `POST ${base} {"key":"K","value":"x"}`, `PUT ${base}/v1 {"key":"K","value":"y"}`, `DELETE ${base}/v1`,
    ]);
  });

  test("an invalid id is named after its segment and nothing is sent", async () => {
    const { client } = mockClient();
    const group = pick(client);
    await expect(group.list("a/b")).rejects.toThrow(new RegExp(`^${kind}Id in /${kind}/\\{\\}/${segment}: holds "/"`));
    await expect(group.delete("s1", "..")).rejects.toThrow(new RegExp(`^${segment}Id in /${kind}/\\{\\}/${segment}/\\{\\}: is "\\.\\."`));
  });

  test("list answers the owner's own values, not the inherited or built-in ones the service's list also holds", async () => {
    const { pool, client } = mockClient();
    const own = kind.toUpperCase();
    pool.intercept({ path: base, method: "GET" }).reply(200, {
      results: [
        { id: "v-own", key: "PORT", scope: own },
        { id: "v-env", key: "REGION", scope: "ENVIRONMENT" },
        { id: "v-project", key: "LEVEL", scope: "PROJECT" },
        { id: "v-built-in", key: `QOVERY_${own}_Z1234ABCD_HOST_INTERNAL`, scope: "BUILT_IN" },
        { id: "v-alias", key: "ALIAS", scope: own, variable_type: "ALIAS" },
      ],
    }, { headers: JSON_HEADERS });
    expect((await pick(client).list("s1")).map((v) => v.id)).toEqual(["v-own", "v-alias"]);
  });

  test("a lost create is recovered by key among the service's own values, not an inherited one", async () => {
    const { pool, client } = mockClient();
    const own = kind.toUpperCase();
    pool.intercept({ path: base, method: "POST" }).replyWithError(socketClosed());
    pool.intercept({ path: base, method: "GET" }).reply(200, {
      results: [
        { id: "v-env", key: "PORT", scope: "ENVIRONMENT" },
        { id: "v-other", key: "PORT", scope: own === "JOB" ? "CONTAINER" : "JOB" },
        { id: "v-own", key: "PORT", scope: own },
      ],
    }, { headers: JSON_HEADERS });
    await expect(pick(client).create("s1", { key: "PORT", value: "8080" })).resolves.toMatchObject({ id: "v-own" });
  });
});

test("a container's or a job's secret never carries a value, even when an answer holds one", async () => {
  const { pool, client } = mockClient();
  for (const kind of ["container", "job"]) {
    pool.intercept({ path: `/${kind}/s1/secret`, method: "GET" })
      .reply(200, { results: [{ id: "x1", key: "K", value: "leaked", scope: kind.toUpperCase() }] }, { headers: JSON_HEADERS });
  }
  await expect(client.containers.secrets.list("s1")).resolves.toEqual([{ id: "x1", key: "K", scope: "CONTAINER" }]);
  await expect(client.jobs.secrets.list("s1")).resolves.toEqual([{ id: "x1", key: "K", scope: "JOB" }]);
});

test("the application groups keep their compatibility names", () => {
  const Built = serviceValues("application", "secret", "secret", { record: Secret, createRequest: SecretRequest, editRequest: SecretRequest }, "APPLICATION");
  expect(typeof Built).toBe("function");
  expect(typeof applicationValues).toBe("function");
});
