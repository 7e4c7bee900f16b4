/**
 * Keeping one keyed map of the service in step with the program: one call per key that differs, progress recorded
 * after every successful call, so a failure midway reports exactly what the service has.
 */
import { isNotFound } from "../../sdk";
import { sameValue } from "./diff";
import { ignoreGone } from "./errors";
import { entryOf, hasKey } from "./special-keys";

export { entryOf, hasKey };

/** One variable or secret at the service: its id and, for secrets, when the service last changed it. */
export interface KeyRef {
  id: string;
  updatedAt?: string;
}

/**
 * One stored variable or secret: a {@link KeyRef}, or `{}` for a value a new service got in its import when no
 * listing followed it (the import answers no ids). Its id is looked up by key when a call needs it, and read by the
 * next refresh.
 */
export type StoredRef = KeyRef | { id?: undefined; updatedAt?: undefined };

/** Where a sync got to: the values and refs the service has now, by key. Updated as each call succeeds. */
export interface SyncProgress<T = string> {
  values: Record<string, T>;
  refs: Record<string, StoredRef>;
}

/** What a create or an edit answers: the record's id and, usually, when it changed. */
export interface WrittenValue {
  id: string;
  updated_at?: string | null | undefined;
}

/** The calls that make one map's entries at the service. */
export interface MapOps<T> {
  create(key: string, value: T): Promise<WrittenValue>;
  /** Edits an entry in place; absent, or answering `undefined`, when the change needs a delete and a create. */
  update?(ref: KeyRef, key: string, value: T, before: T | undefined): Promise<WrittenValue | undefined>;
  delete(ref: KeyRef): Promise<void>;
  /**
   * The entry of `key` the owner holds now, asked when a stored id is not found: the service may have made the
   * record again under a new id (an overwriting import, or a delete and a create outside Pulumi).
   */
  find?(key: string): Promise<KeyRef | undefined>;
}

/** The ref stored for a written record. */
export function refOf(record: WrittenValue): KeyRef {
  return record.updated_at ? { id: record.id, updatedAt: record.updated_at } : { id: record.id };
}

/** A fresh progress record copied from stored values and refs (anything else counts as none). */
export function progressFrom<T = string>(values: unknown, refs: unknown): SyncProgress<T> {
  const v = (values !== null && typeof values === "object" ? values : {}) as Record<string, T>;
  const r = (refs !== null && typeof refs === "object" ? refs : {}) as Record<string, StoredRef>;
  return { values: { ...v }, refs: { ...r } };
}

/** Deletes the keys of `progress` that `desired` no longer has (an entry already gone counts as deleted). */
export async function deleteRemoved<T>(ops: MapOps<T>, desired: Record<string, T>, progress: SyncProgress<T>): Promise<void> {
  for (const key of Object.keys(progress.values)) {
    if (hasKey(desired, key)) continue;
    const ref = entryOf(progress.refs, key);
    if (ref !== undefined) await deleteHeld(ops, key, ref);
    delete progress.values[key];
    delete progress.refs[key];
  }
}

/**
 * Creates the new keys of `desired` and updates the changed ones: by their stored id, or by a delete and a create
 * when the map cannot edit that change; an entry the service lost since the last refresh is created again.
 */
export async function upsertChanged<T>(ops: MapOps<T>, desired: Record<string, T>, progress: SyncProgress<T>): Promise<void> {
  for (const [key, value] of Object.entries(desired)) {
    const ref = entryOf(progress.refs, key);
    const before = entryOf(progress.values, key);
    if (hasKey(progress.values, key) && sameValue(before, value) && ref !== undefined) continue;
    const record = ref === undefined ? await ops.create(key, value) : await replaceOrEdit(ops, ref, key, value, before);
    progress.values[key] = value;
    progress.refs[key] = refOf(record);
  }
}

/** Makes one map match `desired`: removed keys first, then new and changed ones. */
export async function syncMap<T>(ops: MapOps<T>, desired: Record<string, T>, progress: SyncProgress<T>): Promise<void> {
  await deleteRemoved(ops, desired, progress);
  await upsertChanged(ops, desired, progress);
}

/** The entry of `key` the owner holds now, if any (none when the owner itself is gone). */
async function lookUp<T>(ops: MapOps<T>, key: string): Promise<KeyRef | undefined> {
  try {
    return await ops.find?.(key);
  } catch (e) {
    // The owner itself is gone: so is the entry.
    if (!isNotFound(e)) throw e;
    return undefined;
  }
}

/** The entry of `key` under another id than `ref`'s, when the service made it again since `ref` was stored. */
async function madeAgain<T>(ops: MapOps<T>, key: string, ref: KeyRef): Promise<KeyRef | undefined> {
  const now = await lookUp(ops, key);
  return now !== undefined && now.id !== ref.id ? now : undefined;
}

/** A stored ref with its id. */
const hasId = (ref: StoredRef): ref is KeyRef => ref.id !== undefined;

/** Deletes the entry of `key` by its stored ref, or under its new id when it was made again (gone counts as deleted). */
async function deleteHeld<T>(ops: MapOps<T>, key: string, ref: StoredRef): Promise<void> {
  if (!hasId(ref)) {
    const now = await lookUp(ops, key);
    if (now !== undefined) await ignoreGone(() => ops.delete(now));
    return;
  }
  try {
    await ops.delete(ref);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    const now = await madeAgain(ops, key, ref);
    if (now !== undefined) await ignoreGone(() => ops.delete(now));
  }
}

async function replaceOrEdit<T>(ops: MapOps<T>, ref: StoredRef, key: string, value: T, before: T | undefined, lookAgain = true): Promise<WrittenValue> {
  if (!hasId(ref)) {
    const now = await lookUp(ops, key);
    return now === undefined ? ops.create(key, value) : replaceOrEdit(ops, now, key, value, before, false);
  }
  try {
    const edited = ops.update ? await ops.update(ref, key, value, before) : undefined;
    if (edited !== undefined) return edited;
  } catch (e) {
    if (!isNotFound(e)) throw e;
    const now = lookAgain ? await madeAgain(ops, key, ref) : undefined;
    // Edited where it lives now (the record found is not looked up again), or made again.
    return now === undefined ? ops.create(key, value) : replaceOrEdit(ops, now, key, value, before, false);
  }
  await deleteHeld(ops, key, ref);
  return ops.create(key, value);
}
