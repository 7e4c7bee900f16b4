/**
 * The clone of one service, on every kind the reference has it for (application, container, database, job, helm,
 * terraform): each call POSTs `{ name, environment_id }` to `/<kind>/{id}/clone`, an operation of the reference
 * whose request is `CloneServiceRequest`, and answers the copy as the kind's record; a body without its environment is
 * refused before sending.
 */
import { DeployServiceClient, type CloneServiceRequest } from "../../sdk";
import { loadReference } from "../emulator/support/reference-schema";
import { json, startServer, type TestServer } from "./support/http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const body = JSON.parse(req.body || "{}") as Record<string, unknown>;
    json(res, 202, { id: "0d2c6a8e-5d1a-4b4e-9a51-6f0c3e2f7a10", created_at: "2030-01-01T00:00:00Z", name: body["name"], environment: { id: body["environment_id"] } });
  });
});
afterAll(() => server.close());

const client = () => new DeployServiceClient({ baseUrl: server.url, token: "tok-clones-123456", dispatcher: server.agent, pacing: false });
const SOURCE = "5b0e8d7c-3f4a-4c2b-8e1d-9a7f6b5c4d3e";
const request: CloneServiceRequest = { name: "copy", environment_id: "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f" };

const calls: Array<[string, string, (c: DeployServiceClient) => Promise<{ id: string; name?: string | null | undefined }>]> = [
  ["application", "applicationId", (c) => c.applications.clone(SOURCE, request)],
  ["container", "containerId", (c) => c.containers.clone(SOURCE, request)],
  ["database", "databaseId", (c) => c.databases.clone(SOURCE, request)],
  ["job", "jobId", (c) => c.jobs.clone(SOURCE, request)],
  ["helm", "helmId", (c) => c.helms.clone(SOURCE, request)],
  ["terraform", "terraformId", (c) => c.terraforms.clone(SOURCE, request)],
];

describe.each(calls)("%s clone", (kind, param, call) => {
  it("POSTs the request to the reference's clone operation and answers the copy", async () => {
    server.seen.length = 0;
    const copy = await call(client());
    expect([copy.id, copy.name]).toEqual(["0d2c6a8e-5d1a-4b4e-9a51-6f0c3e2f7a10", "copy"]);
    expect(server.seen.map((r) => [r.method, r.url, JSON.parse(r.body)])).toEqual([["POST", `/${kind}/${SOURCE}/clone`, request]]);
    const doc = loadReference("the clone operations of the reference");
    if (doc === undefined) return;
    const op = (doc.paths[`/${kind}/{${param}}/clone`] as Record<string, { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }> | undefined)?.["post"];
    expect(op?.requestBody?.content?.["application/json"]?.schema?.$ref).toBe("#/components/schemas/CloneServiceRequest");
  });

  it("refuses a body without its environment before sending", async () => {
    server.seen.length = 0;
    await expect(clientCall(kind, { name: "copy" } as CloneServiceRequest)).rejects.toThrow(/environment_id/);
    expect(server.seen).toEqual([]);
  });
});

function clientCall(kind: string, body: CloneServiceRequest): Promise<unknown> {
  const c = client();
  const group = { application: c.applications, container: c.containers, database: c.databases, job: c.jobs, helm: c.helms, terraform: c.terraforms }[kind]!;
  return group.clone(SOURCE, body);
}
