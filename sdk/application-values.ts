/**
 * @deprecated kept for compatibility: the values of every service kind are built by `service-values.ts`
 * ({@link serviceValues}, {@link ServiceValuesApi}).
 */
import type { z } from "zod";
import type { RequestCore } from "./core";
import type { Keyed } from "./crud";
import { serviceValues, type ServiceValuesApi, type ValueSegment } from "./service-values";

/** The endpoints of an application's keyed values: {@link ServiceValuesApi} of an application. */
export type ApplicationValuesApi<Value, CreateRequest, EditRequest> = ServiceValuesApi<Value, CreateRequest, EditRequest>;

/** The base class of one family of an application's keyed values: {@link serviceValues} of `application`. */
export function applicationValues<
  R extends z.ZodType<Keyed<"key"> & { scope?: string | null | undefined }>,
  C extends z.ZodType<unknown, { key: string }>,
  E extends z.ZodType,
>(
  segment: ValueSegment, what: string, schemas: { record: R; createRequest: C; editRequest: E },
): new (core: RequestCore) => ApplicationValuesApi<z.output<R>, z.input<C>, z.input<E>> {
  return serviceValues("application", segment, what, schemas, "APPLICATION");
}
