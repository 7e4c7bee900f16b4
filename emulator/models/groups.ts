/**
 * Annotations and labels groups of the organization: named sets of Kubernetes annotations or labels that services
 * (and, for labels, clusters) reference by id in `annotations_groups` / `labels_groups`. A reference to an id the
 * organization does not have is refused (400 naming the item); deleting a group takes it off whatever referenced it.
 */
import type { z } from "zod";
import { badRequest } from "../errors";
import type { annotationsGroupRequest, labelsGroupRequest } from "../schemas/groups";
import { baseFields, touch, type BaseRec, type ModelContext } from "./records";

/** An annotations group. */
export interface AnnotationsGroupRec extends BaseRec {
  organization_id: string;
  name: string;
  annotations: Array<{ key: string; value: string }>;
  scopes: string[];
}

/** A labels group. */
export interface LabelsGroupRec extends BaseRec {
  organization_id: string;
  name: string;
  labels: Array<{ key: string; value: string; propagate_to_cloud_provider: boolean }>;
}

/** The wire field a service references groups through. */
export type GroupField = "annotations_groups" | "labels_groups";

/** What references groups: services and clusters keep the ids they were given, in order. */
export type GroupRefs = { [F in GroupField]?: string[] };

/** The store collection and the label of each kind of group. */
const KINDS = {
  annotations_groups: { collection: "annotationsGroups", label: "annotations group" },
  labels_groups: { collection: "labelsGroups", label: "labels group" },
} as const;

type GroupOf<F extends GroupField> = F extends "annotations_groups" ? AnnotationsGroupRec : LabelsGroupRec;

/** The groups of one kind, by id. */
export function groupsIn<F extends GroupField>(m: ModelContext, field: F): Map<string, GroupOf<F>> {
  return m.world.store.state[KINDS[field].collection] as Map<string, GroupOf<F>>;
}

/**
 * The ids of a request's `annotations_groups` / `labels_groups` (undefined when the request leaves the field out);
 * 400 naming the item for an id the organization has no group of that kind for, or an id given twice.
 */
export function groupIds(m: ModelContext, field: GroupField, refs: ReadonlyArray<{ id: string }> | undefined): string[] | undefined {
  if (refs === undefined) return undefined;
  const groups = groupsIn(m, field);
  const ids = refs.map((r) => r.id);
  ids.forEach((id, i) => {
    if (!groups.has(id)) throw badRequest(`${field}[${i}].id`, `unknown ${KINDS[field].label} ${id}`);
    if (ids.indexOf(id) !== i) throw badRequest(`${field}[${i}].id`, `${KINDS[field].label} ${id} is given twice`);
  });
  return ids;
}

/** The groups a record references, in its order (groups deleted since are left out). */
export function referencedGroups<F extends GroupField>(m: ModelContext, field: F, rec: GroupRefs): Array<GroupOf<F>> {
  const groups = groupsIn(m, field);
  return (rec[field] ?? []).flatMap((id) => {
    const g = groups.get(id);
    return g ? [g] : [];
  });
}

/** Every record that may reference groups: the services of every kind and the clusters. */
function referrers(m: ModelContext): GroupRefs[] {
  const store = m.world.store;
  return [...store.servicesWithKind().map(([, svc]) => svc), ...store.state.clusters];
}

/** How many services (and clusters) reference a group. */
export function groupUsage(m: ModelContext, field: GroupField, id: string): number {
  return referrers(m).filter((r) => r[field]?.includes(id)).length;
}

/** Creates an annotations group. */
export function createAnnotationsGroup(m: ModelContext, orgId: string, b: z.output<typeof annotationsGroupRequest>): AnnotationsGroupRec {
  const g: AnnotationsGroupRec = { ...baseFields(m.now), organization_id: orgId, name: b.name, annotations: b.annotations, scopes: b.scopes };
  groupsIn(m, "annotations_groups").set(g.id, g);
  return g;
}

/** Replaces an annotations group with a full request. */
export function replaceAnnotationsGroup(m: ModelContext, g: AnnotationsGroupRec, b: z.output<typeof annotationsGroupRequest>): void {
  g.name = b.name;
  g.annotations = b.annotations;
  g.scopes = b.scopes;
  touch(g, m.now);
}

/** Creates a labels group. */
export function createLabelsGroup(m: ModelContext, orgId: string, b: z.output<typeof labelsGroupRequest>): LabelsGroupRec {
  const g: LabelsGroupRec = { ...baseFields(m.now), organization_id: orgId, name: b.name, labels: b.labels };
  groupsIn(m, "labels_groups").set(g.id, g);
  return g;
}

/** Replaces a labels group with a full request. */
export function replaceLabelsGroup(m: ModelContext, g: LabelsGroupRec, b: z.output<typeof labelsGroupRequest>): void {
  g.name = b.name;
  g.labels = b.labels;
  touch(g, m.now);
}

/** Deletes a group and takes it off every service and cluster that referenced it. */
export function deleteGroup(m: ModelContext, field: GroupField, id: string): void {
  groupsIn(m, field).delete(id);
  for (const r of referrers(m)) {
    const ids = r[field];
    if (ids?.includes(id)) r[field] = ids.filter((x) => x !== id);
  }
}
