/**
 * Secrets across the plugin's gRPC boundary. The plugin accepts secrets (its `configure` says so), so the engine sends
 * a secret input as a marked value and keeps as secret only what the plugin answers marked. The dynamic providers
 * take plain values (their host accepts no secrets): {@link revealed} unmarks what comes in, {@link sealed} marks
 * what goes out.
 */
import { runtime } from "@pulumi/pulumi";

/** A property map as the engine sends it or the dynamic providers answer it. */
export type Props = Record<string, unknown>;

/** `props` with every secret marker removed, and the top-level keys that held a secret at any depth. */
export function revealed(props: Props | undefined): { plain: Props; secretKeys: Set<string> } {
  const plain: Props = {};
  const secretKeys = new Set<string>();
  for (const [key, value] of Object.entries(props ?? {})) {
    const found = { secret: false };
    plain[key] = reveal(value, found);
    if (found.secret) secretKeys.add(key);
  }
  return { plain, secretKeys };
}

function reveal(value: unknown, found: { secret: boolean }): unknown {
  if (runtime.isRpcSecret(value)) {
    found.secret = true;
    return reveal(runtime.unwrapRpcSecret(value), found);
  }
  if (Array.isArray(value)) return value.map((v) => reveal(v, found));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reveal(v, found)]));
  }
  return value;
}

/** `props` with the value of each of `keys` it has marked secret (whole: a secret nested in it makes all of it one). */
export function sealed(props: Props | undefined, keys: Iterable<string>): Props {
  const out: Props = { ...(props ?? {}) };
  for (const key of keys) {
    const value = out[key];
    if (value !== undefined && value !== null && !runtime.isRpcSecret(value)) out[key] = secretValue(value);
  }
  return out;
}

/** A value marked secret as the engine's protocol spells it. */
export function secretValue(value: unknown): Props {
  return { [runtime.specialSigKey]: runtime.specialSecretSig, value };
}
