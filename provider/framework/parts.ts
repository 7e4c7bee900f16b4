/**
 * Parts of a resource: what the service sets through calls of its own after the object exists (a stage attach,
 * credentials, variables), applied and read back in order, a failure recording what had been done.
 */
import type { DeployServiceClient } from "../../sdk";
import type { Props } from "./calls";

/** What a part or a hook is given. */
export interface PartContext<I, R> {
  client: DeployServiceClient;
  id: string;
  inputs: I;
  /** The service's record; absent on an update that changed nothing of the object's own body (no call is made). */
  record: R | undefined;
  /** The stored outputs (read, update), `{}` on create. */
  previous: Props;
  /**
   * What an earlier part of the same create, read or update left for a later one (a listing of the object's
   * variables, which the built-in variables part reads too): one request instead of two. Empty at the first part.
   */
  memo: Map<string, unknown>;
}

/** What a part contributes: values in input form (what drift is measured on) and extra outputs. */
export interface PartResult {
  inputs?: Props;
  outputs?: Props;
  /** A newer record, when the part's call answered with one. */
  record?: unknown;
}

/**
 * A piece of the object that the service sets through its own call after the object exists (a stage attach,
 * master credentials, a position among stages). Applied on create when one of its keys is set, and on update when
 * one changed; a failure keeps the object in the state with the part's previous values.
 */
export interface Part<I, R> {
  /** Words for errors: `setting master credentials`. */
  action: string;
  /** Input keys the part owns. */
  keys: readonly (keyof I & string)[];
  /** Sends the part's call(s). */
  apply(ctx: PartContext<I, R>): Promise<PartResult | void>;
  /** Reads the part back (refresh); absent: the stored values are kept. */
  read?(ctx: PartContext<I, R>): Promise<PartResult>;
  /** Also runs `read` after create/update when the part was not applied (to fill its outputs). */
  readAlways?: boolean;
  /** Whether an update applies the part; default: one of its keys changed and is set. */
  applyOnUpdate?(changed: ReadonlySet<string>, inputs: I): boolean;
}

/**
 * Marks a part's failure with what the part had done before failing (variables already created, say), so the
 * state the engine keeps records that progress instead of losing it.
 */
export function withPartProgress(e: unknown, done: PartResult): unknown {
  if (e !== null && typeof e === "object") Object.assign(e, { partProgress: done });
  return e;
}

function progressOf(e: unknown): PartResult {
  const p = (e as { partProgress?: PartResult } | null)?.partProgress;
  return p ?? {};
}

/** What one run of the parts gathered: values in input form, extra outputs, the newest record. */
export interface PartsDone<R> {
  inputs: Props;
  outputs: Props;
  record: R | undefined;
}

/** Told which parts had finished and what the failed one had done; answers the error to throw. */
export type PartFailure<I, R> = (
  finished: ReadonlyArray<Part<I, R>>,
  failed: Part<I, R>,
  progress: Required<Omit<PartResult, "record">>,
  e: unknown,
) => Error;

/**
 * Runs each part's apply or read in order. When one fails, `onFail` is told which parts had finished and what
 * the failed one had done, so the partial state it reports holds only what really happened.
 */
export async function runParts<I, R>(
  parts: ReadonlyArray<Part<I, R>>,
  ctx: Omit<PartContext<I, R>, "memo">,
  which: (p: Part<I, R>) => "apply" | "read" | "skip",
  onFail: PartFailure<I, R>,
): Promise<PartsDone<R>> {
  const acc: PartsDone<R> = { inputs: {}, outputs: {}, record: ctx.record };
  const memo = new Map<string, unknown>();
  const finished: Array<Part<I, R>> = [];
  for (const part of parts) {
    const how = which(part);
    const run = how === "apply" ? part.apply : how === "read" ? part.read : undefined;
    if (run === undefined) continue;
    try {
      const result = await run.call(part, { ...ctx, record: acc.record, memo });
      if (result?.inputs) Object.assign(acc.inputs, result.inputs);
      if (result?.outputs) Object.assign(acc.outputs, result.outputs);
      if (result?.record) acc.record = result.record as R;
    } catch (e) {
      const progress = progressOf(e);
      throw onFail(finished, part, { inputs: { ...acc.inputs, ...progress.inputs }, outputs: { ...acc.outputs, ...progress.outputs } }, e);
    }
    finished.push(part);
  }
  return acc;
}
