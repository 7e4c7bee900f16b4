import { badRequest } from "../server/errors";

/**
 * 400 naming `config.<field>` unless `config` gives every field of one of `alternatives` (the fields a registry's
 * kind needs, as alternatives: an ECR registry's keys, or a role to assume); the first alternative's first missing
 * field is named, the others offered. An empty string is not given. Nothing when the kind needs nothing.
 */
export function assertConfigGiven<F extends string>(
  kind: string, alternatives: ReadonlyArray<readonly F[]>, config: Partial<Record<F, unknown>>,
): void {
  const given = (f: F) => config[f] !== undefined && config[f] !== "";
  if (alternatives.length === 0 || alternatives.some((fields) => fields.every(given))) return;
  const first = alternatives[0] as readonly F[];
  const missing = first.find((f) => !given(f)) ?? first[0];
  const others = alternatives.slice(1).map((fields) => fields.join(", "));
  throw badRequest(`config.${String(missing)}`, `is required for kind ${kind}${others.length ? ` (or give ${others.join("; or ")})` : ""}`);
}
