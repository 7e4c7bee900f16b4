/**
 * The wire forms of variables and secrets, each with only the fields the reference declares for its operation:
 * EnvironmentVariable at the owner routes' `/environmentVariable`, Secret at `/secret` (no value, no mount path),
 * VariableResponse at `/variable` (`value` null for secrets). Secrets' values are never answered.
 */
import type { VariableEntry } from "../models/variables";

/** The fields of where a variable is and what it belongs to (or, for a built-in, describes). */
function linked(e: VariableEntry): Record<string, unknown> {
  const out: Record<string, unknown> = { scope: e.scope, variable_type: e.type, owned_by: "QOVERY" };
  if (e.service) Object.assign(out, { service_id: e.service.id, service_name: e.service.name, service_type: e.service.type });
  return out;
}

/** What an alias points at or an override overrides: `value` only when asked (never a secret's), `mount_path` a string. */
function reference(t: VariableEntry, value: "none" | "string" | "nullable"): Record<string, unknown> {
  const out: Record<string, unknown> = { id: t.id, key: t.key, mount_path: t.mount_path ?? "", scope: t.scope, variable_type: t.type };
  if (value === "string") out["value"] = t.secret ? "" : t.value;
  if (value === "nullable") out["value"] = t.secret ? null : t.value;
  return out;
}

function base(e: VariableEntry): Record<string, unknown> {
  return { id: e.id, created_at: e.created_at, updated_at: e.updated_at, key: e.key };
}

/** An EnvironmentVariable (a variable at an owner route). */
export function presentVariable(e: VariableEntry): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...base(e), value: e.secret ? "" : e.value, mount_path: e.mount_path, ...linked(e),
    enable_interpolation_in_file: e.enable_interpolation_in_file ?? null,
  };
  if (e.description !== undefined) out["description"] = e.description;
  if (e.target && e.type === "ALIAS") out["aliased_variable"] = reference(e.target, "string");
  if (e.target && e.type === "OVERRIDE") out["overridden_variable"] = reference(e.target, "string");
  return out;
}

/** A Secret (at an owner route): never a value or a mount path. */
export function presentSecret(e: VariableEntry): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base(e), ...linked(e), enable_interpolation_in_file: e.enable_interpolation_in_file ?? null };
  if (e.description !== undefined) out["description"] = e.description;
  if (e.target && e.type === "ALIAS") out["aliased_secret"] = reference(e.target, "none");
  if (e.target && e.type === "OVERRIDE") out["overridden_secret"] = reference(e.target, "none");
  return out;
}

/** A VariableResponse (at `/variable`): `value` null for secrets. */
export function presentScoped(e: VariableEntry): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base(e), value: e.secret ? null : e.value, mount_path: e.mount_path, is_secret: e.secret, ...linked(e) };
  if (e.description !== undefined) out["description"] = e.description;
  if (typeof e.enable_interpolation_in_file === "boolean") out["enable_interpolation_in_file"] = e.enable_interpolation_in_file;
  if (e.target && e.type === "ALIAS") out["aliased_variable"] = reference(e.target, "nullable");
  if (e.target && e.type === "OVERRIDE") out["overridden_variable"] = reference(e.target, "nullable");
  return out;
}
