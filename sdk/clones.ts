/**
 * Clones: `POST /<kind>/{id}/clone` copies one service into an environment, `POST /environment/{id}/clone` a whole
 * environment (its request is beside the environment's, in `environments.ts`). Both answer 202 with the new record.
 * A clone is never sent twice after a lost answer (it has no recovery).
 */
import { z } from "zod";
import type { RequestCore } from "./core";
import { under, type ApiPath } from "./path";

/** Body of a service clone (`CloneServiceRequest`): the copy's name and the environment it goes to. */
export const CloneServiceRequest = z.looseObject({
  /** Name of the copy. */
  name: z.string().min(1),
  /** Environment the copy is made in. */
  environment_id: z.string().min(1),
});
/** Body of a service clone: `{ name, environment_id }`. */
export type CloneServiceRequest = z.input<typeof CloneServiceRequest>;

/** POSTs `request` to `<item>/clone`; the answer is the new record, read by `response`. */
export function cloneAt<S extends z.ZodType>(
  core: RequestCore, item: () => ApiPath, request: unknown, requestSchema: z.ZodType, response: S,
): Promise<z.output<S>> {
  return core.call({ method: "POST", path: under(item, "clone"), body: request, requestSchema, response }) as Promise<z.output<S>>;
}
