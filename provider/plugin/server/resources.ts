/**
 * The plugin's resource operations: each translates the engine's request for a `deploy-service:index:<Kind>` resource
 * into a call of the same dynamic provider the TypeScript classes use (`providerFor(kind)` of `provider/runtime.ts`,
 * with its adoption, actionable errors and partial-failure state) and its answer back, secrets unmarked on the way in
 * and marked on the way out; a create, update or delete runs as the work of its URN, so its progress lines show
 * under its resource. No family is implemented here.
 */
import type * as pulumi from "@pulumi/pulumi";
import type * as plugin from "@pulumi/pulumi/provider";
import { asResource } from "../../framework/progress";
import { providerFor } from "../../runtime";
import { importedId } from "./import-id";
import { outputsInFull } from "../../framework/stored-form";
import { kindOfUrn, secretsOfKind } from "./kinds";
import { revealed, sealed, type Props } from "./secrets";

const providers = new Map<string, pulumi.dynamic.ResourceProvider>();

/** The dynamic provider of the kind a URN names, made once per kind. */
export function dynamicProviderOf(urn: string): { kind: string; provider: pulumi.dynamic.ResourceProvider } {
  const kind = kindOfUrn(urn);
  let provider = providers.get(kind);
  if (provider === undefined) {
    provider = providerFor(kind);
    providers.set(kind, provider);
  }
  return { kind, provider };
}

/** A method the dynamic provider lacks: every family has them all, so this names a broken family. */
function missing(kind: string, method: string): Error {
  return new Error(`deploy-service: the ${kind} provider has no ${method}`);
}

/**
 * Marks secret what a failure that reports its partial state carries (the engine stores those properties as the
 * object's state), the same keys as a success would.
 */
async function sealingFailures<T>(keys: Iterable<string>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const failure = e as { properties?: unknown } | null;
    if (failure !== null && typeof failure === "object" && failure.properties !== null && typeof failure.properties === "object") {
      failure.properties = sealed(failure.properties as Props, keys);
    }
    throw e;
  }
}

/** Check: the dynamic check's inputs, with the kind's secret inputs and those the program gave as secrets marked. */
export async function check(urn: string, olds: Props, news: Props): Promise<plugin.CheckResult> {
  const { kind, provider } = dynamicProviderOf(urn);
  const n = revealed(news);
  const result = provider.check ? await provider.check(revealed(olds).plain, n.plain) : { inputs: n.plain };
  const inputs = sealed((result.inputs ?? n.plain) as Props, [...secretsOfKind(kind).inputs, ...n.secretKeys]);
  return { inputs, ...(result.failures && result.failures.length > 0 ? { failures: result.failures } : {}) };
}

/** Diff: the dynamic diff of the stored outputs against the new inputs. */
export async function diff(id: string, urn: string, olds: Props, news: Props): Promise<plugin.DiffResult> {
  const { kind, provider } = dynamicProviderOf(urn);
  if (!provider.diff) throw missing(kind, "diff");
  return provider.diff(id, revealed(olds).plain, revealed(news).plain);
}

/**
 * Create: the dynamic create; its outputs whole (what the dynamic provider stores short put back: other languages read
 * the state as it is), with the kind's secret outputs and the secret inputs marked.
 */
export async function create(urn: string, inputs: Props): Promise<plugin.CreateResult> {
  const { kind, provider } = dynamicProviderOf(urn);
  if (!provider.create) throw missing(kind, "create");
  const i = revealed(inputs);
  const keys = [...secretsOfKind(kind).outputs, ...i.secretKeys];
  const result = await sealingFailures(keys, () => asResource(urn, () => provider.create!(i.plain)));
  return { id: result.id, outs: sealed(outputsInFull(kind, (result.outs ?? {}) as Props, i.plain), keys) };
}

/** Update: the dynamic update; its outputs marked as create's are. */
export async function update(id: string, urn: string, olds: Props, news: Props): Promise<plugin.UpdateResult> {
  const { kind, provider } = dynamicProviderOf(urn);
  const n = revealed(news);
  const keys = [...secretsOfKind(kind).outputs, ...n.secretKeys];
  if (!provider.update) throw missing(kind, "update");
  const result = await sealingFailures(keys, () => asResource(urn, () => provider.update!(id, revealed(olds).plain, n.plain)));
  return { outs: sealed(outputsInFull(kind, (result.outs ?? {}) as Props, n.plain), keys) };
}

/**
 * Read: the dynamic read of the stored state (refresh), or, with no state, of the object an import names (its id or
 * `<parent id>/<name>`, see `import-id.ts`); the inputs it answers (what `pulumi import` stores) marked as the outputs
 * are. An object gone answers no id, as the dynamic read does.
 */
export async function read(id: string, urn: string, props: Props | undefined): Promise<plugin.ReadResult> {
  const { kind, provider } = dynamicProviderOf(urn);
  if (!provider.read) throw missing(kind, "read");
  const p = revealed(props);
  const importing = Object.keys(p.plain).length === 0;
  const result = await provider.read(importing ? await importedId(kind, id) : id, p.plain);
  const keys = [...secretsOfKind(kind).outputs, ...p.secretKeys];
  const whole = result.props === undefined ? undefined : outputsInFull(kind, result.props as Props, (result.inputs ?? p.plain) as Props);
  return {
    ...(result.id !== undefined ? { id: result.id } : {}),
    props: sealed(whole, keys),
    ...(result.inputs !== undefined ? { inputs: sealed(result.inputs as Props, keys) } : {}),
  };
}

/** Delete: the dynamic delete of the stored state. */
export async function remove(id: string, urn: string, props: Props): Promise<void> {
  const { kind, provider } = dynamicProviderOf(urn);
  if (provider.delete) await asResource(urn, () => provider.delete!(id, revealed(props).plain));
  else throw missing(kind, "delete");
}
