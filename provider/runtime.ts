import type * as pulumi from "@pulumi/pulumi";
import { configureFromStack } from "./framework/credentials";
import { attachEngineLog } from "./framework/progress";
import { withActionableErrors } from "./framework/messages";
import { withAdoption } from "./framework/adoption";
import { FAMILIES, familyOf } from "./families";

// In the engine's dynamic-provider host, progress lines of deployments go to `pulumi up`'s output (progress.ts).
// This module is loaded by the host's first Check, before any Create, Update or Delete it serves.
attachEngineLog();

/** The resource kinds this version of the package serves: the kinds of `families.ts`, in its order. */
export function knownKinds(): string[] {
  return Object.keys(FAMILIES);
}

/**
 * The dynamic provider for a resource kind, as the engine's provider host calls it: the kind's
 * check/diff/create/read/update/delete plus `configure`, which takes the stack's `deploy-service:*` config.
 *
 * @throws when the kind is unknown: the state names a resource of a newer package than the one installed.
 */
export function providerFor(kind: string): pulumi.dynamic.ResourceProvider {
  const family = familyOf(kind);
  if (family === undefined) {
    throw new Error(
      `deploy-service: unknown resource kind "${kind}". The installed pulumi-deploy-service package is older than ` +
        `the program or state that uses it (it serves: ${knownKinds().join(", ")}); upgrade the package.`,
    );
  }
  // Loaded on first use, so the host loads only the kinds a program uses (families.ts).
  const provider = family.provider();
  return {
    // Every kind, including those not built by defineResource (already wrapped ones are left as they are).
    ...bindAll(keepingSerializedProvider(withActionableErrors(kind, withAdoption(kind, bindAll(provider))))),
    configure: async (req: pulumi.dynamic.ConfigureRequest) => {
      configureFromStack(req.config);
    },
  };
}

/** The key under which the engine keeps a dynamic resource's serialized provider. */
const PROVIDER_KEY = "__provider";

/**
 * The provider with the serialized provider (`__provider`) kept in the properties of a failure that reports what
 * it did (a partial create or update): the engine stores those properties as the object's state, and Pulumi's
 * dynamic-provider host adds `__provider` to successful results only, so without it the next refresh or destroy
 * could not load the provider ("code must be a string") and a destroy after a failed `up` would fail.
 */
function keepingSerializedProvider(provider: pulumi.dynamic.ResourceProvider): pulumi.dynamic.ResourceProvider {
  const keep = async <T>(from: Record<string, unknown> | undefined, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      const properties = (e as { properties?: unknown } | null)?.properties;
      if (properties !== null && typeof properties === "object" && !(PROVIDER_KEY in properties) && typeof from?.[PROVIDER_KEY] === "string") {
        (properties as Record<string, unknown>)[PROVIDER_KEY] = from[PROVIDER_KEY];
      }
      throw e;
    }
  };
  const p = provider;
  return {
    ...p,
    ...(p.create ? { create: (inputs: Record<string, unknown>) => keep(inputs, () => p.create!(inputs)) } : {}),
    ...(p.update ? { update: (id: string, olds: Record<string, unknown>, news: Record<string, unknown>) => keep(news, () => p.update!(id, olds, news)) } : {}),
  };
}

/** Copies the provider's methods bound to it, so spreading keeps `this` working for object-literal providers. */
function bindAll(provider: pulumi.dynamic.ResourceProvider): pulumi.dynamic.ResourceProvider {
  const out: Record<string, unknown> = {};
  for (const key of ["check", "diff", "create", "read", "update", "delete"] as const) {
    const fn = provider[key] as ((...args: unknown[]) => unknown) | undefined;
    if (typeof fn === "function") out[key] = fn.bind(provider);
  }
  return out as unknown as pulumi.dynamic.ResourceProvider;
}
