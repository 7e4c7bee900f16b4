import { z } from "zod";
import type { Route } from "../routes/types";
import { errorBody } from "../schemas/common";

function jsonSchema(schema: z.ZodType, io: "input" | "output"): unknown {
  try {
    return z.toJSONSchema(schema, { target: "openapi-3.0", io, unrepresentable: "any" });
  } catch {
    return { type: "object" };
  }
}

/** The OpenAPI 3.0 description of the emulator, generated from its route table and zod schemas. */
export function buildOpenApi(routes: Route[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = { description: "Error", content: { "application/json": { schema: jsonSchema(errorBody, "output") } } };
  for (const r of routes) {
    const params: unknown[] = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
    for (const [name, schema] of Object.entries(r.query?.shape ?? {})) {
      params.push({ name, in: "query", required: false, schema: jsonSchema(schema as z.ZodType, "input") });
    }
    const op: Record<string, unknown> = {
      summary: r.summary,
      operationId: `${r.method.toLowerCase()}${r.path.replace(/[{}]/g, "").split("/").map((s) => s.charAt(0).toUpperCase() + s.slice(1)).join("")}`,
      parameters: params,
      responses: {
        [String(r.status)]: r.status === 204 || !r.response
          ? { description: r.status === 204 ? "No content" : "Success" }
          : { description: "Success", content: { [r.contentType ?? "application/json"]: { schema: jsonSchema(r.response, "output") } } },
        "400": error, "401": error, "403": error, "404": error, "429": error,
      },
      security: [{ ApiToken: [] }],
    };
    if (r.request) op["requestBody"] = { content: { "application/json": { schema: jsonSchema(r.request, "input") } } };
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: "3.0.3",
    info: { title: "Deployment service emulator", version: "1.0.0" },
    paths,
    components: { securitySchemes: { ApiToken: { type: "apiKey", in: "header", name: "Authorization" } } },
  };
}
