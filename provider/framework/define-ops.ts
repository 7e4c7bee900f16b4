/**
 * The operations of a family's dynamic provider, each built from the {@link Family} derived from its definition:
 * check, diff, create, read, update and delete.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { checkInputs } from "./check";
import { deleteAndWait, parseInputs, plain, step } from "./common";
import type { Props } from "./calls";
import { apiClient } from "./credentials";
import type { WireRecord } from "./define";
import { changedKeys, diffInputs } from "./diff";
import { partialFailure, readOrGone } from "./errors";
import { withoutImplied } from "./implied-outputs";
import type { Family } from "./family";
import { runParts, type Part } from "./parts";
import { withStoredChoices } from "./stored-choices";

type Provider = pulumi.dynamic.ResourceProvider;

/** `check`: the schema's verdict, with what the service chose where the program left a value out. */
export function checkOp<S extends z.ZodObject, R extends WireRecord>(f: Family<S, R>): NonNullable<Provider["check"]> {
  return async (olds, news) => {
    const checked = checkInputs(f.def.schema, news);
    if (checked.failures !== undefined && checked.failures.length > 0) return checked;
    const inputs = withStoredChoices(checked.inputs ?? {}, olds, f.storedChoices);
    const failures = f.def.serviceCheck ? await f.def.serviceCheck(inputs, olds) : [];
    return failures.length > 0 ? { inputs, failures } : { inputs };
  };
}

/** `diff`: field by field, with the defaults of fields the stored state lacks and the service's choices filled in. */
export function diffOp<S extends z.ZodObject, R extends WireRecord>(f: Family<S, R>): NonNullable<Provider["diff"]> {
  return async (_id, olds, news) => {
    const stored = f.withStoredDefaults(olds);
    // Checked inputs carry every default already; absent means the default on this side too.
    const wanted = f.withStoredDefaults(news);
    const desired = f.def.fillServiceChoices ? f.def.fillServiceChoices(wanted, stored) : wanted;
    return diffInputs(stored, desired, {
      keys: f.keys, replaceOn: f.replaceOn, deleteBeforeReplace: f.def.deleteBeforeReplace ?? true, computed: f.computedKeys, same: f.sameBy,
    });
  };
}

/** `create`: the object's call, then each part that has a value; a failed part keeps the object in the state. */
export function createOp<S extends z.ZodObject, R extends WireRecord>(f: Family<S, R>): NonNullable<Provider["create"]> {
  return async (raw) => {
    const inputs = parseInputs(f.def.schema, raw) as z.output<S>;
    const given = inputs as Props;
    const client = apiClient();
    const record = await step(`creating ${f.describe(given)}`, () => f.def.calls.create(client, inputs, f.body(inputs, "create")));
    const id = record.id;
    const done = await runParts(
      f.parts,
      { client, id, inputs, record, previous: {} },
      (p) => (p.keys.some((k) => inputs[k] !== undefined) ? "apply" : p.readAlways ? "read" : "skip"),
      (finished, failed, progress, e) => {
        const kept: Props = { ...given };
        for (const p of f.parts) if (!finished.includes(p)) for (const k of p.keys) delete kept[k];
        const action = `finishing ${f.describe(given, id)} (${failed.action})`;
        return partialFailure(e, action, id, f.outputsOf({ ...kept, ...progress.inputs }, record, progress.outputs));
      },
    );
    const allInputs = { ...given, ...done.inputs };
    return { id, outs: withoutImplied(f.outputsOf(allInputs, done.record, done.outputs), allInputs, f.implied) };
  };
}

/** `read`: the record in input form and each part read back; parts that cannot be read keep their stored values. */
export function readOp<S extends z.ZodObject, R extends WireRecord>(f: Family<S, R>): NonNullable<Provider["read"]> {
  return async (id, props) => {
    const client = apiClient();
    const record = await readOrGone(() => f.def.calls.get(client, id, props));
    if (record === undefined) return { id: "" };
    const inputs = f.fromWire(record, props);
    const done = await runParts(
      f.parts,
      { client, id, inputs: inputs as z.output<S>, record, previous: props },
      (p) => (p.read ? "read" : "skip"),
      (_finished, _failed, _progress, e) => (e instanceof Error ? e : new Error(String(e))),
    );
    for (const p of f.parts) {
      if (p.read) continue;
      for (const k of p.keys) if (props[k] !== undefined) inputs[k] = props[k];
    }
    const allInputs = plain({ ...inputs, ...done.inputs });
    return { id, props: withoutImplied(f.outputsOf(allInputs, done.record, done.outputs), allInputs, f.implied, props), inputs: allInputs };
  };
}

/** `update`: the object's edit when its own body changed, then each part whose keys changed. */
export function updateOp<S extends z.ZodObject, R extends WireRecord>(f: Family<S, R>): NonNullable<Provider["update"]> {
  type I = z.output<S>;
  return async (id, olds, news) => {
    const parsed = parseInputs(f.def.schema, news) as I;
    const inputs = (f.def.fillServiceChoices ? f.def.fillServiceChoices(parsed as Props, olds) : parsed) as I;
    const given = inputs as Props;
    const client = apiClient();
    // As in diff: a value the service chose (left out by the program) is no change.
    const desired: Props = { ...given };
    for (const k of f.computedKeys) if (desired[k] === undefined || desired[k] === null) desired[k] = olds[k];
    const changed = new Set(changedKeys(f.withStoredDefaults(olds), desired, f.keys, f.sameBy));
    // Nothing of the object's own body changed: no call for it, the stored outputs stand.
    const record = f.bodyKeys.some((k) => changed.has(k)) ? await edit(f, client, id, inputs, olds) : undefined;
    const kept = pick(olds, f.keptNames);
    const applies = (p: Part<I, R>) =>
      p.applyOnUpdate ? p.applyOnUpdate(changed, inputs) : p.keys.some((k) => changed.has(k) && inputs[k] !== undefined);
    const done = await runParts(
      f.parts,
      { client, id, inputs, record, previous: olds },
      (p) => (applies(p) ? "apply" : p.readAlways ? "read" : "skip"),
      (finished, failed, progress, e) => {
        const state: Props = { ...given };
        for (const p of f.parts) if (!finished.includes(p)) for (const k of p.keys) state[k] = olds[k];
        const action = `updating ${f.describe(given, id)} (${failed.action})`;
        return partialFailure(e, action, id, f.outputsOf({ ...state, ...progress.inputs }, record, progress.outputs, kept));
      },
    );
    const allInputs = { ...given, ...done.inputs };
    return { outs: withoutImplied(f.outputsOf(allInputs, done.record, done.outputs, kept), allInputs, f.implied) };
  };
}

/** The object's edit call; a family whose lists carry the service's ids reads the record first to name them. */
function edit<S extends z.ZodObject, R extends WireRecord>(
  f: Family<S, R>, client: ReturnType<typeof apiClient>, id: string, inputs: z.output<S>, olds: Props,
): Promise<R> {
  return step(`updating ${f.describe(inputs as Props, id)}`, async () => {
    const current = f.readsBeforeUpdate ? await f.def.calls.get(client, id, olds) : undefined;
    return f.def.calls.update(client, id, inputs, f.body(inputs, "update", current));
  });
}

/** `delete`: the object's delete call, then waits until it is gone. */
export function deleteOp<S extends z.ZodObject, R extends WireRecord>(f: Family<S, R>): NonNullable<Provider["delete"]> {
  return async (id, props) => {
    const client = apiClient();
    await deleteAndWait(f.describe(props, id), () => f.def.calls.delete(client, id, props), () => f.def.calls.get(client, id, props));
  };
}

function pick(from: Props, names: readonly string[]): Props {
  const out: Props = {};
  for (const n of names) if (from[n] !== undefined) out[n] = from[n];
  return out;
}
