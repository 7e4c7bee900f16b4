import {
  createAnnotationsGroup, createLabelsGroup, deleteGroup, groupAssociatedItems, groupUsage, referencedGroups, replaceAnnotationsGroup,
  replaceLabelsGroup, type AnnotationsGroupRec, type GroupField, type GroupRefs, type LabelsGroupRec,
} from "../models/groups";
import {
  annotationsGroupEnriched, annotationsGroupRequest, annotationsGroupResponse, groupAssociatedItemsResponse, labelsGroupEnriched,
  labelsGroupRequest, labelsGroupResponse,
} from "../schemas/groups";
import { listOf } from "../schemas/common";
import type { z } from "zod";
import { orgCrudRoutes, type OrgCrudSpec } from "./crud";
import { needOrgRecord, orgRecords, paginate } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

/** Wire form of an annotations group, as services embed it and as its create, read and edit answer it. */
export function presentAnnotationsGroup(g: AnnotationsGroupRec): Record<string, unknown> {
  return { id: g.id, created_at: g.created_at, updated_at: g.updated_at, name: g.name, annotations: g.annotations, scopes: g.scopes };
}

/** Wire form of a labels group, as services embed it and as its create, read and edit answer it. */
export function presentLabelsGroup(g: LabelsGroupRec): Record<string, unknown> {
  return { id: g.id, created_at: g.created_at, updated_at: g.updated_at, name: g.name, labels: g.labels };
}

/** `annotations_groups` and `labels_groups` of a service: the whole groups it references, in its order. */
export function presentGroupRefs(ctx: RouteContext, rec: GroupRefs): Record<string, unknown> {
  return {
    annotations_groups: referencedGroups(ctx, "annotations_groups", rec).map(presentAnnotationsGroup),
    labels_groups: referencedGroups(ctx, "labels_groups", rec).map(presentLabelsGroup),
  };
}

/** How one kind of group is served: its path, store collection, schemas and model calls. */
interface GroupFamily<R extends { id: string }, C extends z.ZodType> extends Omit<OrgCrudSpec<R, C>, "present" | "remove"> {
  field: GroupField;
  idParam: string;
  /** Schema of the list's items (each group with its `associated_items_count`). */
  enriched: Parameters<typeof listOf>[0];
  present(g: R): Record<string, unknown>;
}

/**
 * The list (the enriched form: each group with `associated_items_count`, as the reference's
 * `Organization...GroupEnrichedResponse`) and `.../associatedItems` (the services and clusters using a group).
 * Create, read and edit answer the plain group (`Organization...GroupResponse`), without the count.
 */
function enrichedReads<R extends { id: string }, C extends z.ZodType>(f: GroupFamily<R, C>): Route[] {
  const collection = `/organization/{organizationId}/${f.segment}`;
  return [
    route({
      method: "GET", path: collection, status: 200, access: f.access.read, summary: `List ${f.label}s`, response: listOf(f.enriched),
      handler: (ctx) => paginate(ctx, orgRecords(ctx, f.records(ctx)).map((g) => ({ ...f.present(g), associated_items_count: groupUsage(ctx, f.field, g.id) }))),
    }),
    route({
      method: "GET", path: `${collection}/{${f.idParam}}/associatedItems`, status: 200, access: f.access.read, summary: `List the services and clusters using a ${f.label}`,
      response: groupAssociatedItemsResponse,
      handler: (ctx) => ({ results: groupAssociatedItems(ctx, f.field, needOrgRecord(ctx, f.records(ctx), f.label, f.idParam).id) }),
    }),
  ];
}

/** The generic routes of a family, without its generic list (replaced by {@link enrichedReads}'s). */
function withoutList(routes: Route[], segment: string): Route[] {
  const collection = `/organization/{organizationId}/${segment}`;
  return routes.filter((r) => !(r.method === "GET" && r.path === collection));
}

/** A group family's routes: the enriched reads and the generic create, read, replace and delete. */
function groupFamilyRoutes<R extends { id: string }, C extends z.ZodType>(f: GroupFamily<R, C>): Route[] {
  const crud = orgCrudRoutes({ ...f, present: (_ctx, g) => f.present(g), remove: (ctx, g) => deleteGroup(ctx, f.field, g.id) });
  return [...enrichedReads(f), ...withoutList(crud, f.segment)];
}

const annotations: GroupFamily<AnnotationsGroupRec, typeof annotationsGroupRequest> = {
  access: { read: "read", write: "write" }, field: "annotations_groups", segment: "annotationsGroups", idParam: "annotationsGroupId", label: "annotations group",
  records: (ctx) => ctx.world.store.state.annotationsGroups, present: presentAnnotationsGroup, enriched: annotationsGroupEnriched,
  request: annotationsGroupRequest, response: annotationsGroupResponse, create: createAnnotationsGroup, replace: replaceAnnotationsGroup,
};
const labels: GroupFamily<LabelsGroupRec, typeof labelsGroupRequest> = {
  access: { read: "read", write: "write" }, field: "labels_groups", segment: "labelsGroups", idParam: "labelsGroupId", label: "labels group",
  records: (ctx) => ctx.world.store.state.labelsGroups, present: presentLabelsGroup, enriched: labelsGroupEnriched,
  request: labelsGroupRequest, response: labelsGroupResponse, create: createLabelsGroup, replace: replaceLabelsGroup,
};

/** Annotations and labels groups of the organization; deleting one takes it off the services that used it. */
export const groupRoutes: Route[] = [...groupFamilyRoutes(annotations), ...groupFamilyRoutes(labels)];
