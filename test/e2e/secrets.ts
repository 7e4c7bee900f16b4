/** Finding secret values in an exported Pulumi state. */

/** The signature key the engine puts on every secret value. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/**
 * Every plaintext held in a secret envelope of a `--show-secrets` export, as the strings a leak would show:
 * the value itself when it is a string, else its JSON.
 */
export function secretPlaintexts(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) secretPlaintexts(item, found);
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (record[SECRET_SIG] !== undefined && typeof record.plaintext === "string") {
      const plain: unknown = JSON.parse(record.plaintext);
      collectLeaves(plain, found);
    } else {
      for (const item of Object.values(record)) secretPlaintexts(item, found);
    }
  }
  return found;
}

/** Strings of a decrypted secret value; a secret nested in it is unwrapped, not taken for a value. */
function collectLeaves(value: unknown, found: Set<string>): void {
  if (typeof value === "string") {
    if (value.length >= 8) found.add(value);
  } else if (Array.isArray(value)) {
    value.forEach((v) => collectLeaves(v, found));
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (record[SECRET_SIG] !== undefined) {
      if (typeof record.plaintext === "string") collectLeaves(JSON.parse(record.plaintext), found);
      else if ("value" in record) collectLeaves(record.value, found);
      return;
    }
    Object.values(record).forEach((v) => collectLeaves(v, found));
  }
}
