/**
 * Annotations and labels groups of the organization: named sets of Kubernetes annotations or labels that services
 * (and, for labels, clusters) reference by id in `annotations_groups` / `labels_groups`. A reference to an id the
 * organization does not have is refused (400 naming the item); deleting a group takes it off whatever referenced it.
 */
import { z } from "zod";
import { badRequest } from "../server/errors";
import type { annotationsGroupRequest, labelsGroupRequest } from "../schemas/groups";
import { baseFields, touch, type BaseRec, type ModelContext } from "./records";
import { assertNameFree } from "./uniqueness";
import { groupReferrers, parentsOf } from "./queries";
import { base, str } from "./record-forms";
import { slice, view } from "./slice";

/** An annotations group. */
export interface AnnotationsGroupRec extends BaseRec {
  organization_id: string;
  name: string;
  annotations: Array<{ key: string; value: string }>;
  scopes: string[];
}

/** The annotationsGroups of the state (see `slice.ts`). */
export const annotationsGroupSlice = slice<AnnotationsGroupRec>().keyed("annotationsGroups", z.looseObject({
  ...base, organization_id: str, name: str, annotations: z.array(z.looseObject({ key: str, value: str })), scopes: z.array(str),
}));

/** A labels group. */
export interface LabelsGroupRec extends BaseRec {
  organization_id: string;
  name: string;
  labels: Array<{ key: string; value: string; propagate_to_cloud_provider: boolean }>;
}

/** The labelsGroups of the state (see `slice.ts`). */
export const labelsGroupSlice = slice<LabelsGroupRec>().keyed("labelsGroups", z.looseObject({
  ...base, organization_id: str, name: str,
  labels: z.array(z.looseObject({ key: str, value: str, propagate_to_cloud_provider: z.boolean() })),
}));

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
  return view<typeof annotationsGroupSlice | typeof labelsGroupSlice>(m.world.store)[KINDS[field].collection] as Map<string, GroupOf<F>>;
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

/** How many services (and clusters) reference a group. */
export function groupUsage(m: ModelContext, field: GroupField, id: string): number {
  const { services, clusters } = groupReferrers(m.world.store, field, id);
  return services.length + clusters.length;
}

/** One service or cluster that references a group, as `.../associatedItems` answers it. */
export interface GroupAssociatedItem {
  item_id: string;
  item_name: string;
  /** `APPLICATION`, `CONTAINER`, `DATABASE`, `CRON`, `LIFECYCLE` (a job, by its schedule) or `CLUSTER`. */
  item_type: string;
  project_id?: string;
  project_name?: string;
  environment_id?: string;
  environment_name?: string;
  cluster_id?: string;
  cluster_name?: string;
}

/** A job's item type: `CRON` when it runs on a schedule, else `LIFECYCLE` (read here to keep jobs.ts out of this file). */
function jobItemType(job: object): "CRON" | "LIFECYCLE" {
  const schedule = (job as { schedule?: { cronjob?: unknown } }).schedule;
  return schedule?.cronjob ? "CRON" : "LIFECYCLE";
}

/**
 * The services (with their environment and project) and clusters that reference a group, services first in the
 * order of the service kinds, then clusters.
 */
export function groupAssociatedItems(m: ModelContext, field: GroupField, id: string): GroupAssociatedItem[] {
  const referrers = groupReferrers(m.world.store, field, id);
  const services = referrers.services.map(([kind, svc]): GroupAssociatedItem => {
    const { environment: env, project } = parentsOf(m.world.store, svc);
    const type = kind.type === "JOB" ? jobItemType(svc) : kind.type;
    return {
      item_id: svc.id, item_name: svc.name, item_type: type,
      ...(project ? { project_id: project.id, project_name: project.name } : {}),
      ...(env ? { environment_id: env.id, environment_name: env.name } : {}),
    };
  });
  const clusters = referrers.clusters.map((c): GroupAssociatedItem => ({
    item_id: c.id, item_name: c.name, item_type: "CLUSTER", cluster_id: c.id, cluster_name: c.name,
  }));
  return [...services, ...clusters];
}

/** 409 when another group of the kind in the organization has the name (see `uniqueness.ts`). */
function assertGroupNameFree(m: ModelContext, field: GroupField, orgId: string, name: string, self?: string): void {
  const ofOrg = [...groupsIn(m, field).values()].filter((g) => g.organization_id === orgId);
  assertNameFree(ofOrg, name, "exact", KINDS[field].label, "this organization", self);
}

/** What a group's request sets: its name and its kind's own fields. */
type GroupFields<F extends GroupField> = Omit<GroupOf<F>, keyof BaseRec | "organization_id">;

/** Adds a group of a kind to the organization (409 when its name is taken). */
function addGroup<F extends GroupField>(m: ModelContext, field: F, orgId: string, fields: GroupFields<F>): GroupOf<F> {
  assertGroupNameFree(m, field, orgId, fields.name);
  const g = { ...baseFields(m.now), organization_id: orgId, ...fields } as GroupOf<F>;
  groupsIn(m, field).set(g.id, g);
  return g;
}

/** Replaces a group's fields with a full request's (409 when its new name is taken). */
function replaceGroup<F extends GroupField>(m: ModelContext, field: F, g: GroupOf<F>, fields: GroupFields<F>): void {
  assertGroupNameFree(m, field, g.organization_id, fields.name, g.id);
  Object.assign(g, fields);
  touch(g, m.now);
}

/** Creates an annotations group (409 when its name is taken). */
export function createAnnotationsGroup(m: ModelContext, orgId: string, b: z.output<typeof annotationsGroupRequest>): AnnotationsGroupRec {
  return addGroup(m, "annotations_groups", orgId, { name: b.name, annotations: b.annotations, scopes: b.scopes });
}

/** Replaces an annotations group with a full request (409 when its new name is taken). */
export function replaceAnnotationsGroup(m: ModelContext, g: AnnotationsGroupRec, b: z.output<typeof annotationsGroupRequest>): void {
  replaceGroup(m, "annotations_groups", g, { name: b.name, annotations: b.annotations, scopes: b.scopes });
}

/** Creates a labels group (409 when its name is taken). */
export function createLabelsGroup(m: ModelContext, orgId: string, b: z.output<typeof labelsGroupRequest>): LabelsGroupRec {
  return addGroup(m, "labels_groups", orgId, { name: b.name, labels: b.labels });
}

/** Replaces a labels group with a full request (409 when its new name is taken). */
export function replaceLabelsGroup(m: ModelContext, g: LabelsGroupRec, b: z.output<typeof labelsGroupRequest>): void {
  replaceGroup(m, "labels_groups", g, { name: b.name, labels: b.labels });
}

/** Deletes a group and takes it off every service and cluster that referenced it. */
export function deleteGroup(m: ModelContext, field: GroupField, id: string): void {
  groupsIn(m, field).delete(id);
  const { services, clusters } = groupReferrers(m.world.store, field, id);
  for (const r of [...services.map(([, svc]): GroupRefs => svc), ...clusters]) r[field] = (r[field] ?? []).filter((x) => x !== id);
}
