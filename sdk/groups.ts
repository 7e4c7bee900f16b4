/**
 * Labels groups and annotations groups: named sets of Kubernetes labels or annotations kept by the organization,
 * which applications, containers, jobs and databases (and, for labels, clusters) reference by id in their
 * `labels_groups` / `annotations_groups`.
 */
import { z } from "zod";
import type { RequestCore } from "./core";
import { records } from "./crud";
import { path, type ApiPath } from "./path";
import { PLACEMENT_FIELDS, listOf, maybe, namedRecord, openEnum } from "./schema";

/** Where the annotations of a group are put (the reference's `OrganizationAnnotationsGroupScopeEnum`). */
export const ANNOTATION_SCOPES = [
  "DEPLOYMENTS", "STATEFUL_SETS", "SERVICES", "INGRESS", "GATEWAY_API_ROUTES", "HPA", "PODS", "SECRETS", "JOBS", "CRON_JOBS",
] as const;
/** A place annotations are put. */
export type AnnotationScope = (typeof ANNOTATION_SCOPES)[number];

/** What may reference a group, in `associatedItems` answers. */
export const GROUP_ITEM_TYPES = ["APPLICATION", "DATABASE", "CONTAINER", "LIFECYCLE", "ENVIRONMENT", "CLUSTER", "CRON"] as const;

/** One label: `propagate_to_cloud_provider` also tags the cloud resources made for the service. */
export const Label = z.looseObject({ key: z.string().min(1), value: z.string(), propagate_to_cloud_provider: z.boolean() });
/** One label. */
export type Label = z.infer<typeof Label>;

/** One annotation. */
export const Annotation = z.looseObject({ key: z.string().min(1), value: z.string() });
/** One annotation. */
export type Annotation = z.infer<typeof Annotation>;

/** Body of a labels group create or edit (an edit replaces the whole group). */
export const LabelsGroupRequest = z.looseObject({ name: z.string().min(1), labels: z.array(Label) });
/** Body of a labels group create or edit. */
export type LabelsGroupRequest = z.input<typeof LabelsGroupRequest>;

/** Body of an annotations group create or edit (an edit replaces the whole group). */
export const AnnotationsGroupRequest = z.looseObject({
  name: z.string().min(1),
  annotations: z.array(Annotation),
  scopes: z.array(z.enum(ANNOTATION_SCOPES)),
});
/** Body of an annotations group create or edit. */
export type AnnotationsGroupRequest = z.input<typeof AnnotationsGroupRequest>;

/** A labels group; `associated_items_count` comes with the organization's list only. */
export const LabelsGroup = namedRecord({
  labels: z.array(Label),
  associated_items_count: maybe(z.number()),
});
/** A labels group. */
export type LabelsGroup = z.infer<typeof LabelsGroup>;

/** An annotations group; `associated_items_count` comes with the organization's list only. */
export const AnnotationsGroup = namedRecord({
  annotations: z.array(Annotation),
  scopes: z.array(openEnum(ANNOTATION_SCOPES)),
  associated_items_count: maybe(z.number()),
});
/** An annotations group. */
export type AnnotationsGroup = z.infer<typeof AnnotationsGroup>;

/** A service or cluster that references a group (its project and environment, or its cluster, when the service says). */
export const GroupAssociatedItem = z.looseObject({
  item_id: z.string(),
  item_name: z.string(),
  item_type: openEnum(GROUP_ITEM_TYPES),
  ...PLACEMENT_FIELDS,
  cluster_name: maybe(z.string()),
});
/** A service or cluster that references a group. */
export type GroupAssociatedItem = z.infer<typeof GroupAssociatedItem>;

const AssociatedItems = listOf(GroupAssociatedItem);

/** `GET .../associatedItems` of a group: the services and clusters that reference it. */
async function associatedItemsAt(core: RequestCore, at: ApiPath): Promise<GroupAssociatedItem[]> {
  return (await core.call({ method: "GET", path: at, response: AssociatedItems })).results;
}

/**
 * Endpoints of labels groups. Names are not known to be unique at the service, so a create first lists the groups
 * (one GET) and, after a lost answer, takes the one new group with the name as the one made.
 */
export class LabelsGroupsApi extends records({
  what: "labels group", naturalKey: "name", unique: false, record: LabelsGroup, createRequest: LabelsGroupRequest, editRequest: LabelsGroupRequest,
  list: (organizationId: string) => path`/organization/${organizationId}/labelsGroups`,
  item: (organizationId: string, labelsGroupId: string) => path`/organization/${organizationId}/labelsGroups/${labelsGroupId}`,
}) {
  /** The services and clusters that reference a labels group. */
  associatedItems(organizationId: string, labelsGroupId: string): Promise<GroupAssociatedItem[]> {
    return associatedItemsAt(this.core, path`/organization/${organizationId}/labelsGroups/${labelsGroupId}/associatedItems`);
  }
}

/**
 * Endpoints of annotations groups. Names are not known to be unique at the service, so a create first lists the
 * groups (one GET) and, after a lost answer, takes the one new group with the name as the one made.
 */
export class AnnotationsGroupsApi extends records({
  what: "annotations group", naturalKey: "name", unique: false, record: AnnotationsGroup,
  createRequest: AnnotationsGroupRequest, editRequest: AnnotationsGroupRequest,
  list: (organizationId: string) => path`/organization/${organizationId}/annotationsGroups`,
  item: (organizationId: string, annotationsGroupId: string) => path`/organization/${organizationId}/annotationsGroups/${annotationsGroupId}`,
}) {
  /** The services and clusters that reference an annotations group. */
  associatedItems(organizationId: string, annotationsGroupId: string): Promise<GroupAssociatedItem[]> {
    return associatedItemsAt(this.core, path`/organization/${organizationId}/annotationsGroups/${annotationsGroupId}/associatedItems`);
  }
}
