/**
 * The endpoints every resource family has, written once: list and create under a parent; update, delete and
 * (where the service has it) get of one record; and the recovery of a create whose answer was lost, which looks
 * the record up by its natural key instead of creating a second one.
 *
 * A family's group class extends what {@link collection} or {@link records} build from the family's paths and
 * schemas and adds only its own endpoints: the shared ones are typed from the spec (the parameters named by its path
 * functions, the request and record types by its schemas) and documented here, once for every family.
 */
import type { z } from "zod";
import type { RequestCore } from "./core";
import type { ApiPath } from "./path";
import { sameNaturalKey } from "./natural-keys";

/** The ids of a path, labelled (`[organizationId: string]`): the labels name the methods' parameters. */
export type Ids = string[];

/** What a family's records have: an id, and the natural key a lost create is looked up by. */
export type Keyed<K extends string> = {
  /** The record's id. */
  id: string;
} & { [key in K]?: string | null | undefined };

/** A schema whose records have a natural key `K`. */
export type KeyedRecord<K extends string> = z.ZodType<Keyed<K>>;
/** A schema of request bodies that carry the natural key `K`. */
export type KeyedRequest<K extends string> = z.ZodType<unknown, { [key in K]: string }>;

/** A family's paths and schemas. Path functions take the ids alone: their arity splits a call's arguments. */
export interface CollectionSpec<P extends Ids, I extends Ids, R extends z.ZodType, C extends z.ZodType, E extends z.ZodType> {
  /** What one record is called in messages: `project`, `git token`. */
  what: string;
  /** The collection under its parent: `(organizationId: string) => path\`/organization/${organizationId}/project\``. */
  list: (...parent: P) => ApiPath;
  /** One record: `(projectId: string) => path\`/project/${projectId}\``. */
  item: (...id: I) => ApiPath;
  /** A record as the service answers it. */
  record: R;
  /** Body of a create. */
  createRequest: C;
  /** Body of an update. */
  editRequest: E;
  /** The field of a create's body and of the records by which a lost create is looked up: `name`, `key`. */
  naturalKey: string;
  /** Which listed records a create may have made (default: all), e.g. an application's own variables. */
  createdHere?: (record: z.output<R>) => boolean;
  /**
   * False when records may share the key (two webhooks may share a target): a create first notes the records
   * there are (one more GET); after a lost answer the one new record with the key is taken as the one made, and
   * when there is none or more than one the POST is not sent again (UnconfirmedCreateError). Default true.
   */
  unique?: boolean;
  /** What a create makes, for messages, never a secret. Default: `what` and the key, e.g. `project "shop"`. */
  describe?: (request: z.input<C>) => string;
}

/** A {@link CollectionSpec} whose record and request schemas are checked to carry the natural key `K`. */
export type KeyedSpec<P extends Ids, I extends Ids, K extends string, R extends KeyedRecord<K>, C extends KeyedRequest<K>, E extends z.ZodType> =
  CollectionSpec<P, I, R, C, E> & { naturalKey: K };

/** List, create, update and delete: the endpoints of a family whose records the service does not read one by one. */
export class Collection<P extends Ids, I extends Ids, R extends z.ZodType<{ id: string }>, C extends z.ZodType, E extends z.ZodType> {
  /** @param core the client's request core; @param spec the family's paths and schemas. */
  constructor(protected readonly core: RequestCore, protected readonly spec: CollectionSpec<P, I, R, C, E>) {}

  /** Lists every record of the family under its parent (every page is read). */
  async list(...parent: P): Promise<Array<z.output<R>>> {
    return this.core.list(this.spec.list(...parent), this.spec.record);
  }

  /**
   * Creates a record under its parent. The request is checked before it is sent (BadRequestError naming the field).
   * A lost answer is recovered by the family's natural key (`name`, `key`, `domain`...) instead of creating a second
   * record; a family whose records may share the key first notes the records there are (one more GET) and takes the
   * one new record with the key as the one made, failing with UnconfirmedCreateError when there is none or more than one.
   */
  create(...args: [...parent: P, request: z.input<C>]): Promise<z.output<R>> {
    const parent = args.slice(0, this.spec.list.length) as P;
    const request = args[this.spec.list.length] as z.input<C>;
    return this.spec.unique === false ? this.noteThenPost(parent, request) : this.post(parent, request);
  }

  /** Replaces or edits one record (the family's edit request; where the service replaces, the whole request again). */
  update(...args: [...id: I, request: z.input<E>]): Promise<z.output<R>> {
    const id = args.slice(0, this.spec.item.length) as I;
    return this.core.call({
      method: "PUT", path: this.spec.item(...id), body: args[this.spec.item.length], requestSchema: this.spec.editRequest,
      response: this.spec.record,
    }) as Promise<z.output<R>>;
  }

  /**
   * Deletes one record; a missing one throws NotFoundError (test with `isNotFound`). Services and environments are
   * deleted asynchronously by the service: follow with `client.waitUntilGone`.
   */
  async delete(...id: I): Promise<void> {
    await this.core.call({ method: "DELETE", path: this.spec.item(...id) });
  }

  private async noteThenPost(parent: P, request: z.input<C>): Promise<z.output<R>> {
    const before = new Set((await this.list(...parent)).map((r) => r.id));
    return this.post(parent, request, before);
  }

  /** POSTs a create; after a lost answer, a record with the request's key (made since `before`, when given) is it. */
  private post(parent: P, request: z.input<C>, before?: ReadonlySet<string>): Promise<z.output<R>> {
    const { spec } = this;
    const keyOf = (o: unknown) => (o as Record<string, unknown>)[spec.naturalKey];
    const made = (r: z.output<R>) => sameNaturalKey(spec.what, keyOf(r), keyOf(request)) && (spec.createdHere?.(r) ?? true) && !before?.has(r.id);
    return this.core.call({
      method: "POST", path: spec.list(...parent), body: request, requestSchema: spec.createRequest, response: spec.record,
      what: spec.describe?.(request) ?? `${spec.what} ${JSON.stringify(keyOf(request))}`,
      ...(before ? { resendAfterLoss: false } : {}),
      recover: async () => {
        const found = (await this.list(...parent)).filter(made);
        return before && found.length !== 1 ? undefined : found[0];
      },
    }) as Promise<z.output<R>>;
  }
}

/** {@link Collection} and get: the endpoints of a family whose records the service reads one by one. */
export class Records<P extends Ids, I extends Ids, R extends z.ZodType<{ id: string }>, C extends z.ZodType, E extends z.ZodType>
  extends Collection<P, I, R, C, E> {
  /** Reads one record of the family. */
  get(...id: I): Promise<z.output<R>> {
    return this.core.call({ method: "GET", path: this.spec.item(...id), response: this.spec.record }) as Promise<z.output<R>>;
  }
}

/** A group class's base: `Base` given the family's `spec`, so that its constructor takes the request core alone. */
export function withSpec<S, T>(Base: new (core: RequestCore, spec: S) => T, spec: S): new (core: RequestCore) => T {
  const Unbound = Base as new (core: RequestCore, spec: S) => object;
  return class extends Unbound {
    /** @param core the client's request core. */
    constructor(core: RequestCore) {
      super(core, spec);
    }
  } as new (core: RequestCore) => T;
}

/** The base class of a family without a read of one record (list, create, update, delete). */
export function collection<P extends Ids, I extends Ids, K extends string, R extends KeyedRecord<K>, C extends KeyedRequest<K>, E extends z.ZodType>(
  spec: KeyedSpec<P, I, K, R, C, E>,
): new (core: RequestCore) => Collection<P, I, R, C, E> {
  return withSpec(Collection<P, I, R, C, E>, spec);
}

/** The base class of a family with list, create, get, update and delete. */
export function records<P extends Ids, I extends Ids, K extends string, R extends KeyedRecord<K>, C extends KeyedRequest<K>, E extends z.ZodType>(
  spec: KeyedSpec<P, I, K, R, C, E>,
): new (core: RequestCore) => Records<P, I, R, C, E> {
  return withSpec(Records<P, I, R, C, E>, spec);
}
