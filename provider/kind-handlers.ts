/**
 * What the text every resource stores as its serialized provider requires (`shim.ts`): an object with one member per
 * resource kind, each the `{ handler }` the engine's dynamic-provider host calls for that kind's provider. A kind this
 * version does not serve (a state written by a newer package) gets a handler that throws, naming it and what to do.
 */
import type * as pulumi from "@pulumi/pulumi";
import { providerFor } from "./runtime";

/** What the host asks of an evaluated serialized provider. */
interface KindHandler {
  handler(): pulumi.dynamic.ResourceProvider;
}

const handlers = new Proxy({} as Record<string, KindHandler>, {
  get: (_, kind) => (typeof kind === "string" ? { handler: () => providerFor(kind) } : undefined),
});

export = handlers;
