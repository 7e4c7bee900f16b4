/**
 * Kubernetes' rules for label and annotation keys and label values, checked before any call so that a group the
 * cluster would refuse at deployment time is refused at `pulumi preview`, naming the field.
 */
import { z } from "zod";
import { givenIssue } from "./failure-text";
import { isUnknown } from "./unknowns";

const NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** Why `key` is not a Kubernetes label or annotation key (`[prefix/]name`), or undefined when it is one. */
export function keyProblem(key: string): string | undefined {
  const slash = key.lastIndexOf("/");
  const prefix = slash === -1 ? undefined : key.slice(0, slash);
  const name = slash === -1 ? key : key.slice(slash + 1);
  if (prefix !== undefined && (prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix))) {
    return "expected the prefix before '/' to be a DNS subdomain (lowercase letters, digits, '-' and '.', at most 253 characters)";
  }
  if (name.length > 63 || !NAME.test(name)) {
    return "expected a Kubernetes key: [prefix/]name, the name 1 to 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit";
  }
  return undefined;
}

/** Why `value` is not a Kubernetes label value, or undefined when it is one (empty is allowed). */
export function labelValueProblem(value: string): string | undefined {
  if (value === "" || (value.length <= 63 && NAME.test(value))) return undefined;
  return "expected a Kubernetes label value: empty, or at most 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit";
}

/** A string checked by one of the rules above (a value not known yet passes). */
export function kubernetesText(problem: (v: string) => string | undefined) {
  return z.string().superRefine((v, ctx) => {
    if (isUnknown(v)) return;
    const reason = problem(v);
    if (reason !== undefined) givenIssue(ctx, reason);
  });
}

/** Adds an issue for each key given twice in `items` (at `<listKey>[i].key`). */
export function refineUniqueKeys(items: ReadonlyArray<{ key: string }>, listKey: string, ctx: z.RefinementCtx): void {
  const first = new Map<string, number>();
  items.forEach((item, i) => {
    if (isUnknown(item.key)) return;
    const at = first.get(item.key);
    if (at !== undefined) ctx.addIssue({ code: "custom", path: [listKey, i, "key"], message: `expected each key once, got "${item.key}" again (as ${listKey}[${at}])` });
    else first.set(item.key, i);
  });
}
