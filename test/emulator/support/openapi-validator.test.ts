/** The strict mode of the OpenAPI subset validator: undeclared properties, compositions, open objects, the allowlist. */
import { validate, type OpenApiDoc } from "./openapi-validator";
import { UNDECLARED_ALLOWED, undeclaredAllowed } from "./undeclared-allowed";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const doc: OpenApiDoc = {
  paths: {},
  components: {
    schemas: {
      Base: { type: "object", required: ["id"], properties: { id: { type: "string" } } },
      Item: { allOf: [ref("Base"), { type: "object", properties: { name: { type: "string" }, tags: { type: "array", items: ref("Tag") } } }] },
      Tag: { type: "object", properties: { key: { type: "string" } } },
      Cron: { type: "object", properties: { job_type: { type: "string" }, schedule: { type: "object", properties: { cronjob: { type: "object" } } } } },
      Life: { type: "object", properties: { job_type: { type: "string" }, schedule: { type: "object", properties: { on_start: { type: "object" } } } } },
      Job: { oneOf: [ref("Life"), ref("Cron")], discriminator: { propertyName: "job_type", mapping: { LIFECYCLE: "#/components/schemas/Life", CRON: "#/components/schemas/Cron" } } } as never,
      Open: { type: "object", properties: { a: { type: "string" } }, additionalProperties: true },
      Labels: { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "integer" } },
      Free: { type: "object" },
    },
  },
};
const strict = (name: string, value: unknown) => validate(doc, ref(name), value, "$", 0, { strict: true });

describe("strict mode of the validator", () => {
  it("is off by default: undeclared properties pass", () => {
    expect(validate(doc, ref("Item"), { id: "1", extra: true })).toEqual([]);
  });

  it("flags undeclared properties at every depth, reading allOf parts together", () => {
    expect(strict("Item", { id: "1", name: "n", tags: [{ key: "k" }] })).toEqual([]);
    expect(strict("Item", { id: "1", extra: 1, tags: [{ key: "k", color: "red" }] }).sort()).toEqual([
      "$.extra: property not declared by the schema", "$.tags[0].color: property not declared by the schema",
    ]);
  });

  it("reads a oneOf value as the alternative its discriminator names", () => {
    expect(strict("Job", { job_type: "CRON", schedule: { cronjob: {} } })).toEqual([]);
    expect(strict("Job", { job_type: "LIFECYCLE", schedule: { on_start: {} } })).toEqual([]);
    expect(strict("Job", { job_type: "LIFECYCLE", schedule: { cronjob: {} } })).toEqual(["$.schedule.cronjob: property not declared by the schema"]);
  });

  it("leaves open objects open and checks extra values against additionalProperties", () => {
    expect(strict("Open", { a: "x", anything: [1] })).toEqual([]);
    expect(strict("Free", { anything: 1 })).toEqual([]);
    expect(strict("Labels", { a: "x", b: 2 })).toEqual([]);
    expect(strict("Labels", { b: "two" })).toEqual(["$.b: expected an integer"]);
  });
});

describe("the allowlist of undeclared properties", () => {
  const list = [{ operation: "GET /thing/{thingId}", field: "$.results[].extra", why: "for the test" }];

  it("matches an entry by operation and field (array indexes as []), nothing else", () => {
    const problem = "$.results[3].extra: property not declared by the schema";
    expect(undeclaredAllowed("GET", "/thing/{thingId}", problem, list)).toBe(true);
    expect(undeclaredAllowed("get", "/thing/{thingId}", problem, list)).toBe(true);
    expect(undeclaredAllowed("PUT", "/thing/{thingId}", problem, list)).toBe(false);
    expect(undeclaredAllowed("GET", "/other", problem, list)).toBe(false);
    expect(undeclaredAllowed("GET", "/thing/{thingId}", "$.results[3].other: property not declared by the schema", list)).toBe(false);
    expect(undeclaredAllowed("GET", "/thing/{thingId}", "$.results[3].extra: expected a string", list)).toBe(false);
  });

  it("each entry of the project's list says why, once", () => {
    for (const a of UNDECLARED_ALLOWED) expect([a.operation, a.why]).toEqual([a.operation, expect.stringMatching(/\S{3}/)]);
    const keys = UNDECLARED_ALLOWED.map((a) => `${a.operation} ${a.field}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
