/**
 * Outputs whose value the inputs already say: the ids of a value map the program does not declare are `{}`, and so
 * are a service's built-in variables when it asks for none (`readBuiltInVariables: false`). The state does not store
 * such a fact a second time (the engine writes the whole state at every step of an `up`): the provider leaves the
 * output out where it holds exactly the implied value, and the resource class puts it back, known in every preview,
 * from the program's own args. A read keeps the form it finds (a state written before keeps its `{}`, so a refresh
 * after an upgrade changes nothing), and a read with nothing stored (a `get` or an import) stores every output.
 */
import * as pulumi from "@pulumi/pulumi";
import { isDeepStrictEqual } from "node:util";
import type { Props } from "./calls";

/** One output the inputs can imply. */
export interface ImpliedOutput {
  /** The output (`variableAliasRefs`). */
  name: string;
  /** Its value when implied (`{}`). */
  value: unknown;
  /**
   * Whether `inputs` imply the value: called with the checked inputs in the provider, and with the program's args in
   * the resource class, where a value not yet known (an Output) implies nothing.
   */
  impliedBy(inputs: Record<string, unknown>): boolean;
}

/** An implied output of `{}` when the input `input` declares no entry (absent or `{}`). */
export function emptyWhenAbsent(name: string, input: string): ImpliedOutput {
  return { name, value: {}, impliedBy: (inputs) => isEmptyMap(inputs[input]) };
}

/** A plain object without keys, or nothing at all. */
function isEmptyMap(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return typeof value === "object" && !Array.isArray(value) && !pulumi.Output.isInstance(value) && Object.keys(value).length === 0;
}

/**
 * The outputs as the state keeps them: without each implied output holding its implied value. `stored`: the outputs
 * a read started from; an output it has is kept, and with nothing stored every output is.
 */
export function withoutImplied(outs: Props, inputs: Props, implied: readonly ImpliedOutput[], stored?: Props): Props {
  if (implied.length === 0 || (stored !== undefined && Object.keys(stored).length === 0)) return outs;
  const out: Props = { ...outs };
  for (const o of implied) {
    if (stored !== undefined && stored[o.name] !== undefined) continue;
    if (o.impliedBy(inputs) && isDeepStrictEqual(out[o.name], o.value)) delete out[o.name];
  }
  return out;
}

/** The outputs with every implied output the state left out put back (for a client that reads the state itself). */
export function withImplied(outs: Props, inputs: Props, implied: readonly ImpliedOutput[]): Props {
  const out: Props = { ...outs };
  for (const o of implied) if (out[o.name] === undefined && o.impliedBy(inputs)) out[o.name] = structuredClone(o.value);
  return out;
}

/**
 * Puts the implied outputs back on a resource just constructed from `args`: where the args imply the value, the
 * output is that value (known in previews too, and depending on the resource as its other outputs do); elsewhere the
 * stored output, or the implied value where the state left it out. Each is made when the program first reads it, so
 * a constructor costs no more than before.
 */
export function putBackImplied(resource: pulumi.CustomResource, args: Record<string, unknown> | undefined, implied: readonly ImpliedOutput[]): void {
  const outputs = resource as unknown as Record<string, pulumi.Output<unknown>>;
  for (const o of implied) {
    const stored = outputs[o.name];
    if (stored === undefined) continue;
    const fromArgs = args !== undefined && o.impliedBy(args);
    let made: pulumi.Output<unknown> | undefined;
    const make = () =>
      fromArgs ? resource.urn.apply(() => structuredClone(o.value)) : stored.apply((v) => (v === undefined ? structuredClone(o.value) : v));
    Object.defineProperty(resource, o.name, { get: () => (made ??= make()), enumerable: true, configurable: true });
  }
}
