import { z } from "zod";
import { defineResource, type FamilyCalls, type WireRecord } from "../../../provider/framework/define";
import { API_TOKEN_ENV, API_URL_ENV, resetCredentials } from "../../../provider/framework/credentials";
import { actionableError, subjectOf, withActionableErrors } from "../../../provider/framework/messages";
import { UNKNOWN } from "../../../provider/framework/unknowns";
import { ConflictError, TimeoutError, UnconfirmedCreateError } from "../../../sdk";

type Props = Record<string, unknown>;

describe("subjectOf", () => {
  it("names an object by its name, key or domain input", () => {
    expect(subjectOf("Application", { environmentId: "e-1", name: "api" })).toBe('Application "api"');
    expect(subjectOf("Variable", { parentId: "p-1", key: "LEVEL" })).toBe('Variable "LEVEL"');
    expect(subjectOf("CustomDomain", { domain: "shop.example.com" })).toBe('CustomDomain "shop.example.com"');
  });

  it("names an object without a name by its parent, else its id, else its kind alone", () => {
    expect(subjectOf("EnvironmentDeployment", { environmentId: "e-1" }, "e-1")).toBe('EnvironmentDeployment for environment "e-1"');
    expect(subjectOf("ApplicationAdvancedSettings", { applicationId: "a-1", settings: {} })).toBe(
      'ApplicationAdvancedSettings for application "a-1"',
    );
    expect(subjectOf("Webhook", { events: [] }, "w-1")).toBe('Webhook "w-1"');
    expect(subjectOf("Webhook", undefined)).toBe("Webhook");
  });

  it("never uses a secret input or a value not known yet", () => {
    expect(subjectOf("Thing", { name: "hunter2-secret-name", parentId: "p-1" }, undefined, { secretKeys: ["name"] })).toBe(
      'Thing for parent "p-1"',
    );
    expect(subjectOf("Project", { name: UNKNOWN, organizationId: "o-1" })).toBe('Project for organization "o-1"');
  });
});

describe("actionableError", () => {
  it("prefixes once and keeps what the engine reads (id, properties, sdk code)", () => {
    const e = Object.assign(new ConflictError("POST /x: 409 Conflict: name already used", { method: "POST", path: "/x", status: 409 }), {
      id: "id-1", properties: { name: "x" }, reasons: ["POST /x: 409 Conflict: name already used"],
    });
    const once = actionableError(e, 'Project "x"', "update", "Project");
    const twice = actionableError(once, 'Project "x"', "update", "Project");
    expect(twice).toBe(e);
    expect(twice.message).toMatch(/^Project "x": POST \/x: 409 Conflict: name already used\. The name is taken in its parent/);
    expect(twice.message.match(/Project "x"/g)).toHaveLength(1);
    expect(e.code).toBe("conflict");
    expect(e.id).toBe("id-1");
    expect(e.reasons).toEqual([e.message]);
  });

  it("says an operation is still running for a 409 that is not about a name", () => {
    const e = new ConflictError("POST /application/a/deploy: 409 Conflict: a deployment is running", { method: "POST", path: "/", status: 409 });
    expect(actionableError(e, 'Application "api"', "update", "Application").message).toMatch(
      /Another operation on this object is still running .*wait until it ends, then run `pulumi up` again\.$/,
    );
  });

  it("turns a thrown non-error into an Error with the subject", () => {
    expect(actionableError("boom", 'Project "x"', "read", "Project").message).toBe(
      'Project "x": boom. Fix the cause above, then run `pulumi refresh` again.',
    );
  });
});

describe("withActionableErrors on a defined family", () => {
  const schema = z.strictObject({ name: z.string() });
  let failure: unknown;
  const calls: FamilyCalls<Props, WireRecord> = {
    create: async () => { throw failure; },
    get: async () => { throw failure; },
    update: async () => { throw failure; },
    delete: async () => { throw failure; },
  };
  const family = defineResource({ kind: "Widget", noun: "widget", schema, calls });

  beforeAll(() => {
    process.env[API_URL_ENV] = "http://127.0.0.1:9";
    process.env[API_TOKEN_ENV] = "msg-shape-token-5678";
    resetCredentials();
  });
  afterAll(() => {
    delete process.env[API_URL_ENV];
    delete process.env[API_TOKEN_ENV];
    resetCredentials();
  });

  it("a request timeout names the object, says the service did not answer, and that a create is looked up first", async () => {
    failure = new TimeoutError("POST /widget: no answer within 30000 ms", { method: "POST", path: "/widget" }, 30_000);
    const e = (await family.provider.create!({ name: "w" }).catch((x: unknown) => x)) as Error;
    expect(e.message).toMatch(/^Widget "w": creating widget "w" failed: POST \/widget: no answer within 30000 ms\. /);
    expect(e.message).toMatch(/did not answer in time: check that the stack's base URL .* is reachable .*no second object is made\)\.$/);
    expect(e.message).not.toContain("msg-shape-token-5678");
  });

  it("an unconfirmed create says to look in the service before running up again", async () => {
    failure = new UnconfirmedCreateError("POST /widget: answer lost", { method: "POST", path: "/widget" }, 'widget "w"');
    const e = (await family.provider.create!({ name: "w" }).catch((x: unknown) => x)) as Error;
    expect(e.message).toMatch(/^Widget "w": .*Look in the service for the object: if it exists, delete it/);
  });

  it("leaves results alone and keeps absent methods absent", async () => {
    const bare = withActionableErrors("Widget", { create: async () => ({ id: "1", outs: { name: "w" } }) });
    expect(await bare.create({ name: "w" })).toEqual({ id: "1", outs: { name: "w" } });
    expect(bare.read).toBeUndefined();
    expect(bare.delete).toBeUndefined();
  });
});
