import type { z } from "zod";
import { listOf, paginationQuery } from "../schemas/common";
import type { Access, Need } from "../server/access";
import { needOrg, needOrgRecord, orgRecords, paginate } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

/** How a family's records go on the wire: the schema of one and the presenter that writes it. */
export interface RecordWire<R> {
  /** Schema of one record's wire form (for /openapi.json). */
  response: z.ZodType;
  /** Wire form of a record. */
  present(ctx: RouteContext, r: R): unknown;
}

/** Summaries of a family's operations in /openapi.json; a family without `get` has no item read. */
export interface CrudSummaries {
  list: string;
  create: string;
  get?: string;
  edit: string;
  delete: string;
}

/** Who may call a family's operations: `read` for the list and get, `write` for the others, unless one is named. */
export interface CrudAccess {
  read: Need;
  write: Need;
  create?: Access;
  edit?: Access;
}

/**
 * A family's list, create, get, edit and delete: the paths and wire details, the lookups that answer 404, the model
 * calls that change the store and the presenter that serializes a record.
 */
export interface CrudSpec<R, C extends z.ZodType, E extends z.ZodType> extends RecordWire<R> {
  /** Collection path, under the parent (`/organization/{organizationId}/project`). */
  collection: string;
  /** Item path (`/project/{projectId}`). */
  item: string;
  summaries: CrudSummaries;
  access: CrudAccess;
  /** The create's success status: 201, but 200 for some families. */
  createStatus: 200 | 201;
  /** Request body schemas, parsed before a handler runs. */
  createRequest: C;
  editRequest: E;
  /** The records of the list (the parent looked up). */
  list(ctx: RouteContext): R[];
  /** The record named by the item path (the parent checked), or 404. */
  find(ctx: RouteContext): R;
  /** Creates a record from a parsed request (the parent looked up). */
  create(ctx: RouteContext, body: z.output<C>): R;
  /** Applies a parsed edit to a record (the model's edit). */
  edit(ctx: RouteContext, r: R, body: z.output<E>): void;
  /** Deletes a record (the model's delete). */
  remove(ctx: RouteContext, r: R): void;
}

/** The routes of a {@link CrudSpec}, in the order list, create, get, edit, delete. */
export function crudRoutes<R, C extends z.ZodType, E extends z.ZodType>(s: CrudSpec<R, C, E>): Route[] {
  const { summaries: say, response, access } = s;
  const { read, write } = access;
  const list = (ctx: RouteContext) => paginate(ctx, s.list(ctx).map((r) => s.present(ctx, r)));
  const edit = (ctx: RouteContext) => {
    const r = s.find(ctx);
    s.edit(ctx, r, ctx.body as z.output<E>);
    return s.present(ctx, r);
  };
  return [
    route({ method: "GET", path: s.collection, status: 200, access: read, summary: say.list, query: paginationQuery, response: listOf(response), handler: list }),
    route({
      method: "POST", path: s.collection, status: s.createStatus, access: access.create ?? write, summary: say.create, request: s.createRequest, response,
      handler: (ctx) => s.present(ctx, s.create(ctx, ctx.body as z.output<C>)),
    }),
    ...(say.get === undefined ? [] : [route({
      method: "GET", path: s.item, status: 200, access: read, summary: say.get, response, handler: (ctx) => s.present(ctx, s.find(ctx)),
    })]),
    route({ method: "PUT", path: s.item, status: 200, access: access.edit ?? write, summary: say.edit, request: s.editRequest, response, handler: edit }),
    route({ method: "DELETE", path: s.item, status: 204, access: write, summary: say.delete, handler: (ctx) => s.remove(ctx, s.find(ctx)) }),
  ];
}

/** A family the organization owns, items nested under it, edits replacing the whole record (git tokens, webhooks). */
export interface OrgCrudSpec<R extends { id: string }, C extends z.ZodType> extends RecordWire<R> {
  /** Path segment: `/organization/{organizationId}/<segment>/{<idParam>}`. */
  segment: string;
  /** Name of the item's path parameter; default `<segment>Id`. */
  idParam?: string;
  /** Singular name, in summaries and 404s ("git token"). */
  label: string;
  /** The family's collection in the store. */
  records(ctx: RouteContext): Map<string, R>;
  /** Who may call its operations. */
  access: CrudAccess;
  /** Body of the create and of the replacing edit. */
  request: C;
  /** The model's create. */
  create(ctx: RouteContext, orgId: string, body: z.output<C>): R;
  /** The model's full replace. */
  replace(ctx: RouteContext, r: R, body: z.output<C>): void;
  /** The model's delete; default: the record leaves its collection. */
  remove?(ctx: RouteContext, r: R): void;
}

/** The routes of an {@link OrgCrudSpec}. */
export function orgCrudRoutes<R extends { id: string }, C extends z.ZodType>(s: OrgCrudSpec<R, C>): Route[] {
  const collection = `/organization/{organizationId}/${s.segment}`;
  const idParam = s.idParam ?? `${s.segment}Id`;
  const a = `${/^[aeiou]/.test(s.label) ? "an" : "a"} ${s.label}`;
  return crudRoutes({
    collection, item: `${collection}/{${idParam}}`, createStatus: 201, access: s.access,
    summaries: { list: `List ${s.label}s`, create: `Create ${a}`, get: `Get ${a}`, edit: `Replace ${a}`, delete: `Delete ${a}` },
    createRequest: s.request, editRequest: s.request, response: s.response, present: s.present, edit: s.replace,
    list: (ctx) => orgRecords(ctx, s.records(ctx)),
    find: (ctx) => needOrgRecord(ctx, s.records(ctx), s.label, idParam),
    create: (ctx, body) => s.create(ctx, needOrg(ctx).id, body),
    remove: (ctx, r) => (s.remove ? s.remove(ctx, r) : s.records(ctx).delete(r.id)),
  });
}
