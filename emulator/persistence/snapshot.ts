import { findUnsafeKey } from "../server/json-safety";
import { seededRegistries } from "../models/container-registries";
import { KEYED_COLLECTIONS, validateRecords, type State, type StateJson } from "../models/state";

/** The JSON form of a state (shares the records with the store; stringify or copy it before handing it out). */
export function stateToJson(state: State): StateJson {
  const out: Record<string, unknown> = { ...state };
  for (const k of KEYED_COLLECTIONS) out[k] = Object.fromEntries(state[k]);
  return out as StateJson;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Brings the records of a data file written by an older emulator to today's form: variables named their service
 * `application_id` (only applications had variables) and had no `variable_type` (VALUE, or FILE with a mount path:
 * aliases and overrides did not exist), and a file with no container registries gets the seeded ones.
 */
function upgradeLegacy(state: Record<string, unknown>): void {
  const org = state["organization"] as { id?: unknown; created_at?: unknown };
  if (state["containerRegistries"] === undefined && typeof org.id === "string") {
    const created = typeof org.created_at === "string" ? org.created_at : new Date(0).toISOString();
    state["containerRegistries"] = seededRegistries(org.id, created);
  }
  const variables = state["variables"];
  if (!(variables instanceof Map)) return;
  for (const v of variables.values() as Iterable<Record<string, unknown>>) {
    if (v["service_id"] === undefined && typeof v["application_id"] === "string") {
      v["service_id"] = v["application_id"];
      delete v["application_id"];
    }
    if (v["variable_type"] === undefined) v["variable_type"] = typeof v["mount_path"] === "string" && v["mount_path"] !== "" ? "FILE" : "VALUE";
  }
}

/**
 * A state from its JSON form (a data file). Throws on anything that is not one: a `__proto__` key anywhere,
 * a collection that is not an object of records, a record whose `id` is not its key, a record not of its collection's
 * form (see `models/slice.ts`; the error names it and the field; `validate: false` skips that for a
 * text this emulator wrote itself). A collection the file lacks
 * (written by an older emulator) starts empty, but for the seeded container registries (see {@link upgradeLegacy}).
 */
export function stateFromJson(json: unknown, validate = true): State {
  const unsafe = findUnsafeKey(json);
  if (unsafe !== undefined) throw new Error(`state.${unsafe}: the key "__proto__" is not accepted`);
  if (!isObject(json)) throw new Error("state: expected an object");
  if (!isObject(json["organization"])) throw new Error("state.organization: expected an object");
  for (const k of ["clusters", "tokens", "logs"] as const) {
    if (!Array.isArray(json[k])) throw new Error(`state.${k}: expected an array`);
  }
  const out: Record<string, unknown> = { ...json };
  for (const k of KEYED_COLLECTIONS) {
    if (json[k] === undefined && k === "containerRegistries") continue;
    const coll = json[k] ?? {};
    if (!isObject(coll)) throw new Error(`state.${k}: expected an object of records by id`);
    const map = new Map<string, unknown>();
    for (const [id, rec] of Object.entries(coll)) {
      if (!isObject(rec) || rec["id"] !== id) throw new Error(`state.${k}.${id}: expected a record whose id is its key`);
      map.set(id, rec);
    }
    out[k] = map;
  }
  upgradeLegacy(out);
  if (validate) validateRecords(out as unknown as State);
  return out as unknown as State;
}
