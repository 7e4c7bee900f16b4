/**
 * The cluster family's, the credentials', the catalogues' and the costs' calls checked against the live OpenAPI
 * (`../shared/api/reference-openapi.json`, read through `test/shared-reference.ts`): each path and method is one of
 * the reference's operations, each query parameter one it declares, each body valid against its request schema; and
 * each call accepts an answer built from the reference's response schema, sent with the reference's success code.
 */
import { findTemplate, validate } from "../emulator/support/openapi-validator";
import { deref, flatten, loadReference, requestSchemaOf, sample, type RefDoc, type RefSchema } from "../emulator/support/reference-schema";
import { DeployServiceClient } from "../../sdk";
import { CLUSTER_CALLS, IDS } from "./support/cluster-calls";
import { json, startServer, type TestServer } from "./support/http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

// The id every id field of an answer gets: the one `clusters.get` looks for.
const UUID = IDS.cluster;

/** The operation's success code and answer schema (its first 2xx). */
function success(doc: RefDoc, method: string, template: string): { code: number; schema: RefSchema | undefined } {
  const responses = doc.paths[template]?.[method.toLowerCase()]?.responses ?? {};
  const code = Object.keys(responses).find((c) => c.startsWith("2")) ?? "200";
  return { code: Number(code), schema: responses[code]?.content?.["application/json"]?.schema as RefSchema | undefined };
}

/** A valid answer for `schema`, every id field given a uuid (bounded: one retry per id field). */
function answerFor(doc: RefDoc, schema: RefSchema): unknown {
  const fixed: Record<string, unknown> = {};
  for (let tries = 0; tries < 100; tries++) {
    try {
      return sample(doc, schema, { variant: 0, tag: "ref", fixed });
    } catch (e) {
      const at = /^(.*): an id field/.exec(String((e as Error).message))?.[1];
      if (at === undefined) throw e;
      fixed[at] = UUID;
    }
  }
  throw new Error("too many id fields");
}

/** `value` with the read-only fields its schema requires (an id, a creation date), which `sample` leaves out of requests. */
function withReadOnly(doc: RefDoc, schema: RefSchema | undefined, value: unknown): unknown {
  const f = flatten(doc, schema);
  if (Array.isArray(value)) return value.map((v) => withReadOnly(doc, f.items, v));
  if (value === null || typeof value !== "object") return value;
  const out = { ...(value as Record<string, unknown>) };
  for (const [key, property] of Object.entries(f.properties ?? {})) {
    const p = deref(doc, property);
    if (p.readOnly && out[key] === undefined && f.required?.includes(key)) out[key] = p.format === "date-time" ? "2030-01-01T00:00:00.000Z" : UUID;
    else if (out[key] !== undefined) out[key] = withReadOnly(doc, property, out[key]);
  }
  return out;
}

/** The names of the query parameters an operation declares (its own and its path's). */
function queryNames(doc: RefDoc, method: string, template: string): string[] {
  const item = doc.paths[template] as Record<string, { parameters?: Array<{ in?: string; name?: string }> }> & { parameters?: Array<{ in?: string; name?: string }> };
  return [...(item.parameters ?? []), ...(item[method.toLowerCase()]?.parameters ?? [])].filter((p) => p.in === "query").map((p) => p.name ?? "");
}

function client(): DeployServiceClient {
  return new DeployServiceClient({ baseUrl: server.url, token: "tok-cluster-ref-123456", dispatcher: server.agent, pacing: false });
}

test("cluster, credentials, catalogue and cost calls follow the reference's paths, queries, bodies and answers", async () => {
  const doc = loadReference("the cluster family's requests and answers against the reference");
  expect(CLUSTER_CALLS.length).toBeGreaterThanOrEqual(60);
  if (!doc) return;
  const problems: string[] = [];
  for (const [name, run, method, url, body] of CLUSTER_CALLS) {
    const [path, query = ""] = url.split("?") as [string, string?];
    const template = findTemplate(doc, method, path);
    if (template === undefined) {
      problems.push(`${name}: ${method} ${path} is no operation of the reference`);
      continue;
    }
    for (const key of new URLSearchParams(query).keys()) {
      if (!queryNames(doc, method, template).includes(key)) problems.push(`${name}: query "${key}" is not declared by ${method} ${template}`);
    }
    if (body !== undefined) {
      for (const p of validate(doc, requestSchemaOf(doc, method, template), body)) problems.push(`${name}: request ${p}`);
    }
    const { code, schema } = success(doc, method, template);
    const answer = schema === undefined ? undefined : withReadOnly(doc, schema, answerFor(doc, schema));
    server.handle = (_req, res) => (answer === undefined ? (res.writeHead(code), res.end()) : json(res, code, answer));
    await run(client()).catch((e: Error) => problems.push(`${name}: the reference's ${code} answer is refused: ${e.message}`));
  }
  expect(problems).toEqual([]);
});
