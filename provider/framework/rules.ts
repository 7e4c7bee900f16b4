import { z } from "zod";
import { invalidIdReason, isHttpUrl, MAX_PORT, MIN_APPLICATION_VOLUME_GB } from "../../sdk";
import { givenIssue } from "./failure-text";
import { isUnknown } from "./unknowns";

/*
 * Bounds of numeric inputs. The reference API sets none of these maxima (only `gpu >= 0` and
 * `min_running_instances >= 0`, and 4 GB as the smallest application volume), so each is chosen above anything a
 * real service holds: they catch slips such as `cpu: 1e9` or memory written in bytes, never a real size.
 */

/** Most CPU per instance, in millicores: 256 CPUs (the reference sets no maximum; chosen well above real container sizes). */
export const MAX_CPU_MILLICORES = 256_000;
/** Most memory per instance, in MB: 4 TiB (the reference sets no maximum). */
export const MAX_MEMORY_MB = 4_194_304;
/** Largest disk, in GB: 64 TiB, the largest single volume the major clouds offer (the reference sets no maximum). */
export const MAX_STORAGE_GB = 65_536;
/** Smallest application volume, in GB: the sdk's {@link MIN_APPLICATION_VOLUME_GB} (the reference's minimum). */
export { MIN_APPLICATION_VOLUME_GB };
/** Most GPUs per instance (the reference sets only `gpu >= 0`; the largest GPU nodes carry 8 to 16). */
export const MAX_GPU = 64;
/** Most running instances of one application (the reference sets only `min_running_instances >= 0`). */
export const MAX_INSTANCES = 1_000;
/** Highest TCP/UDP port number: the sdk's {@link MAX_PORT}. */
export { MAX_PORT };

/**
 * An id input (a parent id, a cluster, stage, token or group id). A known value must be one path segment by the
 * client's own rule ({@link invalidIdReason}): not empty, `.` or `..`, and free of `/ \ ? # %`, whitespace and
 * control characters, since an id like `..` or `a/b` would make a request address another object.
 */
export function idInput() {
  return z
    .string()
    .min(1)
    .superRefine((v, ctx) => {
      if (v === "" || isUnknown(v)) return;
      const reason = invalidIdReason(v);
      if (reason === undefined) return;
      if (reason.includes(JSON.stringify(v))) ctx.addIssue({ code: "custom", message: reason });
      else givenIssue(ctx, reason);
    });
}

/** A name: a non-empty string (at most `max` characters when given) with a character other than whitespace. */
export function nameInput(max?: number) {
  const base = max === undefined ? z.string().min(1) : z.string().min(1).max(max);
  return base.superRefine((v, ctx) => {
    if (v !== "" && v.trim() === "") {
      givenIssue(ctx, "expected a name with a character other than whitespace");
    }
  });
}

/** True for an absolute `http://` or `https://` URL with a host and no whitespace: the sdk's {@link isHttpUrl}. */
export { isHttpUrl };

/** An `http://` or `https://` URL (`file:`, `javascript:` and relative addresses are refused). */
export function httpUrlInput() {
  return z.string().superRefine((v, ctx) => {
    if (isUnknown(v) || isHttpUrl(v)) return;
    givenIssue(ctx, "expected an http:// or https:// URL");
  });
}

/**
 * A string checked by one of the sdk's rules (`imageNameProblem`, `imageTagProblem`, `cronProblem`): the rule's
 * reason is the failure, before any call. A value not known yet passes.
 */
export function ruledInput(problem: (value: string) => string | undefined) {
  return z.string().superRefine((v, ctx) => {
    if (isUnknown(v)) return;
    const reason = problem(v);
    if (reason !== undefined) ctx.addIssue({ code: "custom", message: reason });
  });
}

/** What one kind of a value takes (a DNS provider, a way of signing in): its fields, those it needs, its name in messages. */
export interface KindFields {
  /** The fields this kind takes. */
  keys: readonly string[];
  /** Those it cannot do without (default: all of `keys`). */
  required?: readonly string[];
  /** The kind in words (`Cloudflare`): messages name kinds and fields, never a value (the input may be a secret). */
  called: string;
  /** What to say when it takes none of the fields (default: `it takes none`). */
  none?: string;
}

/**
 * For a value whose kind decides its fields: an issue for each field the kind needs and `given` lacks, and for each
 * field of another kind (`all`: every kind's fields) that `given` has, at `path` under the value.
 */
export function kindFieldIssues(ctx: z.RefinementCtx, given: Record<string, unknown>, kind: KindFields, all: readonly string[], path: ReadonlyArray<string | number> = []): void {
  for (const key of kind.required ?? kind.keys) {
    if (given[key] === undefined) ctx.addIssue({ code: "custom", path: [...path, key], message: `is required for ${kind.called}` });
  }
  const takes = kind.keys.length > 0 ? `it takes ${kind.keys.join(", ")}` : (kind.none ?? "it takes none");
  for (const key of new Set(all)) {
    if (given[key] !== undefined && !kind.keys.includes(key)) ctx.addIssue({ code: "custom", path: [...path, key], message: `is not a field of ${kind.called} (${takes})` });
  }
}
