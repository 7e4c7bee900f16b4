/**
 * What variables and secrets share: an application's collection of keyed values under
 * `/application/{id}/<segment>`, items at `/application/{id}/<segment>/{itemId}` (the service has no read of one).
 */
import type { z } from "zod";
import type { RequestCore } from "./core";
import { collection, type Keyed } from "./crud";
import { path } from "./path";

/** The endpoints of an application's keyed values; `EnvironmentVariablesApi` and `SecretsApi` have them. */
export interface ApplicationValuesApi<Value, CreateRequest, EditRequest> {
  /** Lists the values of an application (inherited and built-in ones included, told apart by `scope`). */
  list(applicationId: string): Promise<Value[]>;
  /** Creates a value. A lost answer is recovered by `key` among the application's own values. */
  create(applicationId: string, request: CreateRequest): Promise<Value>;
  /** Replaces a value's key and value. */
  update(applicationId: string, itemId: string, request: EditRequest): Promise<Value>;
  /** Deletes a value. */
  delete(applicationId: string, itemId: string): Promise<void>;
}

/** The base class of one family of keyed values: its endpoints, with the documentation above. */
export function applicationValues<
  R extends z.ZodType<Keyed<"key"> & { scope?: string | null | undefined }>,
  C extends z.ZodType<unknown, { key: string }>,
  E extends z.ZodType,
>(
  segment: "environmentVariable" | "secret", what: string, schemas: { record: R; createRequest: C; editRequest: E },
): new (core: RequestCore) => ApplicationValuesApi<z.output<R>, z.input<C>, z.input<E>> {
  return collection({
    what, naturalKey: "key", ...schemas,
    createdHere: (value) => (value.scope ?? "APPLICATION") === "APPLICATION",
    list: (applicationId: string) => path`/application/${applicationId}/${segment}`,
    item: (applicationId: string, itemId: string) => path`/application/${applicationId}/${segment}/${itemId}`,
  });
}
