/**
 * How the service compares each family's natural key (a name, a domain, an e-mail address) when it keeps them unique:
 * ignoring letter case for most families (the reference: "name is case insensitive"), exactly for the others. The
 * client's recovery of a create whose answer was lost and the Pulumi provider's adoption and lookups by name all
 * compare keys by this one rule.
 */

/**
 * The families, by the client's noun for them (`what`), whose key the service compares ignoring letter case: two keys
 * that differ only in case (`API`, `api`) are the same object's. Every other family's key is compared exactly (git
 * tokens, labels and annotations groups, API tokens, webhooks' target URLs, variable and secret keys).
 */
export const KEYS_IGNORING_CASE: ReadonlySet<string> = new Set([
  "project", "environment", "application", "container", "job", "database", "deployment stage", "container registry",
  "custom role", "custom domain", "invitation", "helm", "terraform service",
]);

/** True when the service compares the natural key of the family named `what` ignoring letter case. */
export function keyIgnoresCase(what: string): boolean {
  return KEYS_IGNORING_CASE.has(what);
}

/** True when `a` and `b` are the same key of the family named `what`, under the service's comparison. */
export function sameNaturalKey(what: string, a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string" && keyIgnoresCase(what)) return a.toLowerCase() === b.toLowerCase();
  return a === b;
}
