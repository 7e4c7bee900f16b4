import {
  createAnnotationsGroup, createLabelsGroup, deleteGroup, groupAssociatedItems, groupUsage, referencedGroups, replaceAnnotationsGroup,
  replaceLabelsGroup, type AnnotationsGroupRec, type GroupField, type GroupRefs, type LabelsGroupRec,
} from "../models/groups";
import {
  annotationsGroupEnriched, annotationsGroupRequest, annotationsGroupResponse, groupAssociatedItemsResponse, labelsGroupEnriched,
  labelsGroupRequest, labelsGroupResponse,
} from "../schemas/groups";
import { listOf } from "../schemas/common";
import { orgCrudRoutes } from "./crud";
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
interface GroupFamily<R extends { id: string }> {
  field: GroupField;
  segment: string;
  idParam: string;
  label: string;
  records(ctx: RouteContext): Map<string, R>;
  present(g: R): Record<string, unknown>;
}

/**
 * The list (the enriched form: each group with `associated_items_count`, as the reference's
 * `Organization...GroupEnrichedResponse`) and `.../associatedItems` (the services and clusters using a group).
 * Create, read and edit answer the plain group (`Organization...GroupResponse`), without the count.
 */
function enrichedReads<R extends { id: string }>(f: GroupFamily<R>, enriched: Parameters<typeof listOf>[0]): Route[] {
  const collection = `/organization/{organizationId}/${f.segment}`;
  return [
    route({
      method: "GET", path: collection, status: 200, summary: `List ${f.label}s`, response: listOf(enriched),
      handler: (ctx) => paginate(ctx, orgRecords(ctx, f.records(ctx)).map((g) => ({ ...f.present(g), associated_items_count: groupUsage(ctx, f.field, g.id) }))),
    }),
    route({
      method: "GET", path: `${collection}/{${f.idParam}}/associatedItems`, status: 200, summary: `List the services and clusters using a ${f.label}`,
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

const annotations: GroupFamily<AnnotationsGroupRec> = {
  field: "annotations_groups", segment: "annotationsGroups", idParam: "annotationsGroupId", label: "annotations group",
  records: (ctx) => ctx.world.store.state.annotationsGroups, present: presentAnnotationsGroup,
};
const labels: GroupFamily<LabelsGroupRec> = {
  field: "labels_groups", segment: "labelsGroups", idParam: "labelsGroupId", label: "labels group",
  records: (ctx) => ctx.world.store.state.labelsGroups, present: presentLabelsGroup,
};

/** Annotations and labels groups of the organization; deleting one takes it off the services that used it. */
export const groupRoutes: Route[] = [
  ...enrichedReads(annotations, annotationsGroupEnriched),
  ...withoutList(orgCrudRoutes({
    segment: annotations.segment, idParam: annotations.idParam, label: annotations.label, records: annotations.records,
    request: annotationsGroupRequest, response: annotationsGroupResponse, present: (_ctx, g) => presentAnnotationsGroup(g),
    create: createAnnotationsGroup, replace: replaceAnnotationsGroup,
    remove: (ctx, g) => deleteGroup(ctx, "annotations_groups", g.id),
  }), annotations.segment),
  ...enrichedReads(labels, labelsGroupEnriched),
  ...withoutList(orgCrudRoutes({
    segment: labels.segment, idParam: labels.idParam, label: labels.label, records: labels.records,
    request: labelsGroupRequest, response: labelsGroupResponse, present: (_ctx, g) => presentLabelsGroup(g),
    create: createLabelsGroup, replace: replaceLabelsGroup,
    remove: (ctx, g) => deleteGroup(ctx, "labels_groups", g.id),
  }), labels.segment),
];
