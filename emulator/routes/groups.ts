import {
  createAnnotationsGroup, createLabelsGroup, deleteGroup, groupUsage, referencedGroups, replaceAnnotationsGroup, replaceLabelsGroup,
  type AnnotationsGroupRec, type GroupRefs, type LabelsGroupRec,
} from "../models/groups";
import { annotationsGroupEnriched, annotationsGroupRequest, labelsGroupEnriched, labelsGroupRequest } from "../schemas/groups";
import { orgCrudRoutes } from "./crud";
import type { Route, RouteContext } from "./types";

/** Wire form of an annotations group, as services embed it. */
export function presentAnnotationsGroup(g: AnnotationsGroupRec): Record<string, unknown> {
  return { id: g.id, created_at: g.created_at, updated_at: g.updated_at, name: g.name, annotations: g.annotations, scopes: g.scopes };
}

/** Wire form of a labels group, as services embed it. */
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

/** Annotations and labels groups of the organization; deleting one takes it off the services that used it. */
export const groupRoutes: Route[] = [
  ...orgCrudRoutes({
    segment: "annotationsGroups", idParam: "annotationsGroupId", label: "annotations group",
    records: (ctx) => ctx.world.store.state.annotationsGroups, request: annotationsGroupRequest, response: annotationsGroupEnriched,
    present: (ctx: RouteContext, g) => ({ ...presentAnnotationsGroup(g), associated_items_count: groupUsage(ctx, "annotations_groups", g.id) }),
    create: createAnnotationsGroup, replace: replaceAnnotationsGroup,
    remove: (ctx, g) => deleteGroup(ctx, "annotations_groups", g.id),
  }),
  ...orgCrudRoutes({
    segment: "labelsGroups", idParam: "labelsGroupId", label: "labels group",
    records: (ctx) => ctx.world.store.state.labelsGroups, request: labelsGroupRequest, response: labelsGroupEnriched,
    present: (ctx: RouteContext, g) => ({ ...presentLabelsGroup(g), associated_items_count: groupUsage(ctx, "labels_groups", g.id) }),
    create: createLabelsGroup, replace: replaceLabelsGroup,
    remove: (ctx, g) => deleteGroup(ctx, "labels_groups", g.id),
  }),
];
