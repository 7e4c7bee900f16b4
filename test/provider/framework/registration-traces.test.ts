/**
 * Registering a resource, the Pulumi SDK records a stack trace for each of the four promises it makes per property
 * (only its promise-leak report reads them); under source maps each one costs more than the rest of the
 * registration. A resource of this package has a property per output slot, so it turns those traces off while the
 * SDK makes them, and puts the limit back before its constructor returns (`provider/framework/shim.ts`).
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "../../../provider";

pulumi.runtime.setMocks({ newResource: (a) => ({ id: `${a.name}-id`, state: a.inputs }), call: (a) => a.inputs }, "project", "stack", false);

/** The stack frames formatted while `declare` runs, and the resource it made. */
function framesWhile<T>(declare: () => T): { frames: number; made: T } {
  const original = Error.prepareStackTrace;
  let frames = 0;
  Error.prepareStackTrace = (error, sites) => {
    frames += sites.length;
    return original ? original(error, sites) : `${String(error)}\n${sites.map((s) => `    at ${String(s)}`).join("\n")}`;
  };
  try {
    return { made: declare(), frames };
  } finally {
    Error.prepareStackTrace = original;
  }
}

const application = () => new ds.Application("a", {
  environmentId: "env", name: "a", gitRepository: { url: "https://github.com/acme/a.git" }, environmentVariables: { A: "1" },
});

describe("a resource's registration", () => {
  afterEach(() => { delete process.env["PULUMI_DEBUG_PROMISE_LEAKS"]; });

  it("formats fewer stack frames than it has output slots, keeps every slot an Output and the limit as it was", () => {
    const limit = Error.stackTraceLimit;
    const { frames, made } = framesWhile(application);
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error("after").stack?.split("\n").length).toBeGreaterThan(1);
    const slots = Object.keys(made).filter((k) => pulumi.Output.isInstance((made as unknown as Record<string, unknown>)[k]));
    expect(slots).toEqual(expect.arrayContaining(["name", "environmentVariables", "variableRefs", "builtInVariables", "createdAt"]));
    // Four traces of ten frames per property before; now the source position and a few of the SDK's own.
    expect(frames).toBeLessThan(slots.length * 4);
    const settings = framesWhile(() => new ds.ApplicationAdvancedSettings("s", { applicationId: "app", settings: {} }));
    expect(Error.stackTraceLimit).toBe(limit);
    expect(pulumi.Output.isInstance(settings.made.effectiveSettings)).toBe(true);
  });

  it("keeps the traces when the SDK's promise-leak report asks for them", () => {
    const quiet = framesWhile(application).frames;
    process.env["PULUMI_DEBUG_PROMISE_LEAKS"] = "1";
    expect(framesWhile(application).frames).toBeGreaterThan(quiet * 4);
  });
});
