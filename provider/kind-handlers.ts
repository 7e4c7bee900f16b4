/**
 * What the text every resource stores as its serialized provider requires (`shim.ts`): an object with one member per
 * resource kind, each the `{ handler }` the engine's dynamic-provider host calls for that kind's provider. A kind this
 * version does not serve (a state written by a newer package) gets a handler that throws, naming it and what to do.
 */
import type * as pulumi from "@pulumi/pulumi";
import { KIND_NAME } from "./framework/shim";
import { providerFor } from "./runtime";

/** What the host asks of an evaluated serialized provider. */
interface KindHandler {
  handler(): pulumi.dynamic.ResourceProvider;
}

// Other keys (`__esModule`, `then`, `default`) are no kinds: module interop must never take this entry for one.
const handlers = new Proxy({} as Record<string, KindHandler>, {
  get: (_, kind) => (typeof kind === "string" && KIND_NAME.test(kind) ? { handler: () => providerFor(kind) } : undefined),
});

export = handlers;
