/**
 * What variables and secrets of every service kind share: a service's collection of keyed values under
 * `/<service>/{id}/<segment>`, items at `/<service>/{id}/<segment>/{itemId}` (the service has no read of one), for
 * applications, containers and jobs alike.
 */
import type { z } from "zod";
import type { RequestCore } from "./core";
import { collection, type Keyed } from "./crud";
import { path, type ApiPath } from "./path";

/** The service kinds that have variables and secrets, as their paths spell them. */
export const VALUE_SERVICE_SEGMENTS = ["application", "container", "job"] as const;
/** `application`, `container` or `job`: the first segment of the service's paths. */
export type ServiceSegment = (typeof VALUE_SERVICE_SEGMENTS)[number];
/** `environmentVariable` or `secret`: the segment of the values' paths under the service. */
export type ValueSegment = "environmentVariable" | "secret";
/** The `scope` of the values a service holds itself (not inherited from its environment or project). */
export type OwnScope = "APPLICATION" | "CONTAINER" | "JOB";

/** The endpoints of a service's keyed values (variables or secrets of an application, a container or a job). */
export interface ServiceValuesApi<Value, CreateRequest, EditRequest> {
  /** Lists the values of a service (inherited and built-in ones included, told apart by `scope`). */
  list(serviceId: string): Promise<Value[]>;
  /** Creates a value. A lost answer is recovered by `key` among the service's own values. */
  create(serviceId: string, request: CreateRequest): Promise<Value>;
  /** Replaces a value's key and value. */
  update(serviceId: string, itemId: string, request: EditRequest): Promise<Value>;
  /** Deletes a value. */
  delete(serviceId: string, itemId: string): Promise<void>;
}

/** The schemas of one family of values. */
export interface ServiceValuesSchemas<R, C, E> {
  /** A value as the service answers it. */
  record: R;
  /** Body of a create. */
  createRequest: C;
  /** Body of an edit. */
  editRequest: E;
}

/**
 * `path` over literal segments: `/container/{containerId}/secret/{secretId}` is built as one template, so an
 * invalid id is named after the segment before it (`secretId in /container/{}/secret/{}`).
 */
function templatePath(literals: string[], ...ids: string[]): ApiPath {
  return path(Object.assign([...literals], { raw: [...literals] }) as unknown as TemplateStringsArray, ...ids);
}

/**
 * The base class of one family of keyed values of one service kind: `serviceValues("container", "secret", "secret",
 * {...}, "CONTAINER")` calls `/container/{id}/secret`. A lost create is recovered by `key` among the records whose
 * `scope` is `ownScope` (a value inherited from the environment may share the key).
 */
export function serviceValues<
  R extends z.ZodType<Keyed<"key"> & { scope?: string | null | undefined }>,
  C extends z.ZodType<unknown, { key: string }>,
  E extends z.ZodType,
>(
  serviceSegment: ServiceSegment, valueSegment: ValueSegment, what: string, schemas: ServiceValuesSchemas<R, C, E>, ownScope: OwnScope,
): new (core: RequestCore) => ServiceValuesApi<z.output<R>, z.input<C>, z.input<E>> {
  return collection({
    what, naturalKey: "key", ...schemas,
    createdHere: (value) => (value.scope ?? ownScope) === ownScope,
    list: (serviceId: string) => templatePath([`/${serviceSegment}/`, `/${valueSegment}`], serviceId),
    item: (serviceId: string, itemId: string) => templatePath([`/${serviceSegment}/`, `/${valueSegment}/`, ""], serviceId, itemId),
  });
}
