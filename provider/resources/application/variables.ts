import { isNotFound } from "../../../sdk";
import { ignoreGone } from "../../framework/errors";

/** One stored variable or secret: its id at the service and, for secrets, when the service last changed it. */
export interface KeyRef {
  id: string;
  updatedAt?: string;
}

/** The endpoints of one keyed collection of an application (environment variables or secrets). */
export interface KeyedApi {
  create(appId: string, body: { key: string; value: string }): Promise<{ id: string; updated_at?: string | null | undefined }>;
  update(appId: string, id: string, body: { key: string; value: string }): Promise<{ id: string; updated_at?: string | null | undefined }>;
  delete(appId: string, id: string): Promise<void>;
}

/** Where a {@link syncByKey} run got to: the values and refs the service has now. Updated as each call succeeds. */
export interface SyncProgress {
  values: Record<string, string>;
  refs: Record<string, KeyRef>;
}

/**
 * Makes a keyed collection match `desired`, one API call per key that differs from `current`: create the new
 * keys, update the changed ones (by their stored id), delete the removed ones (already gone counts as deleted).
 * `progress` starts as the current state and follows every successful call, so a failure midway can report
 * exactly what the service has.
 */
export async function syncByKey(
  api: KeyedApi,
  appId: string,
  desired: Record<string, string>,
  progress: SyncProgress,
): Promise<void> {
  for (const key of Object.keys(progress.values)) {
    if (key in desired) continue;
    const ref = progress.refs[key];
    if (ref !== undefined) await ignoreGone(() => api.delete(appId, ref.id));
    delete progress.values[key];
    delete progress.refs[key];
  }
  for (const [key, value] of Object.entries(desired)) {
    const ref = progress.refs[key];
    if (key in progress.values && progress.values[key] === value && ref !== undefined) continue;
    const record = ref === undefined ? await api.create(appId, { key, value }) : await updateOrCreate(api, appId, ref.id, key, value);
    progress.values[key] = value;
    progress.refs[key] = record.updated_at ? { id: record.id, updatedAt: record.updated_at } : { id: record.id };
  }
}

/** A fresh progress record copied from stored values and refs. */
export function progressFrom(values: unknown, refs: unknown): SyncProgress {
  const v = (values !== null && typeof values === "object" ? values : {}) as Record<string, string>;
  const r = (refs !== null && typeof refs === "object" ? refs : {}) as Record<string, KeyRef>;
  return { values: { ...v }, refs: { ...r } };
}

/** Updates by id; when the service lost it (deleted outside Pulumi since the last refresh), creates it again. */
async function updateOrCreate(api: KeyedApi, appId: string, id: string, key: string, value: string) {
  try {
    return await api.update(appId, id, { key, value });
  } catch (e) {
    if (isNotFound(e)) return api.create(appId, { key, value });
    throw e;
  }
}
