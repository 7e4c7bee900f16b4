/**
 * Kubernetes' rules for the keys and values of labels and annotations, which the service applies to labels and
 * annotations groups: a key is `[prefix/]name`, the prefix a DNS subdomain (at most 253 characters), the name 1 to 63
 * letters, digits, `-`, `_` or `.`, starting and ending with a letter or digit; a label value is empty or follows the
 * name rule. Annotation values are free text.
 */
import { z } from "zod";

const NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** Why `key` is not a Kubernetes label or annotation key, or undefined when it is one. */
export function kubernetesKeyProblem(key: string): string | undefined {
  const parts = key.split("/");
  if (parts.length > 2) return "expected a Kubernetes key [prefix/]name, with at most one '/'";
  const [prefix, name] = parts.length === 2 ? parts : [undefined, parts[0] ?? ""];
  if (prefix !== undefined && (prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix))) {
    return "expected the prefix before '/' to be a DNS subdomain (lowercase letters, digits, '-' and '.', at most 253 characters)";
  }
  if (name === undefined || name.length > 63 || !NAME.test(name)) {
    return "expected a Kubernetes key [prefix/]name, the name 1 to 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit";
  }
  return undefined;
}

/** Why `value` is not a Kubernetes label value, or undefined when it is one (empty is one). */
export function labelValueProblem(value: string): string | undefined {
  if (value === "" || (value.length <= 63 && NAME.test(value))) return undefined;
  return "expected a Kubernetes label value: empty, or 1 to 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit";
}

/** A string checked by one of the rules above (400 naming the field and the rule). */
export function kubernetesText(problem: (v: string) => string | undefined) {
  return z.string().superRefine((v, ctx) => {
    const reason = problem(v);
    if (reason !== undefined) ctx.addIssue({ code: "custom", message: reason });
  });
}

/** Adds an issue at `<list>[i].key` for each key given again in the same group (a Kubernetes map holds a key once). */
export function refineKeysOnce(items: ReadonlyArray<{ key: string }>, list: string, ctx: z.RefinementCtx): void {
  const first = new Map<string, number>();
  items.forEach((item, i) => {
    const at = first.get(item.key);
    if (at === undefined) first.set(item.key, i);
    else ctx.addIssue({ code: "custom", path: [list, i, "key"], message: `'${item.key}' is given again (as ${list}[${at}].key); each key once per group` });
  });
}
