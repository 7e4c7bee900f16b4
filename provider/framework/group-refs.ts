/**
 * `annotationsGroupIds` and `labelsGroupIds` for a family whose body is derived field by field from its schema (a
 * `Database`): the fields, with their wire names, and the two hooks that turn the ids into the service's `[{id}]`
 * references and the whole groups of its answers back into ids. The fields' `refs` fact does the same for a body
 * derived at every depth (wire.ts): the service kinds (Application, Container, Job) take these fields as they are.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { field } from "./fields";
import { idInput } from "./rules";

/** The Args of a family that references groups of its organization by id. */
export interface GroupRefsArgs {
  /** Ids of annotations groups of the organization (each a valid id: no `/`, `..`, `%` or whitespace). Default: none. Wire: `annotations_groups` (`[{id}]`). */
  annotationsGroupIds?: pulumi.Input<pulumi.Input<string>[]>;
  /** Ids of labels groups of the organization (each a valid id: no `/`, `..`, `%` or whitespace). Default: none. Wire: `labels_groups` (`[{id}]`). */
  labelsGroupIds?: pulumi.Input<pulumi.Input<string>[]>;
}

/** The schema fields of {@link GroupRefsArgs}; their wire names make a change of them an edit of the object. */
export const groupRefFields = {
  annotationsGroupIds: field(z.array(idInput()).default([]), { wire: "annotations_groups", refs: true }),
  labelsGroupIds: field(z.array(idInput()).default([]), { wire: "labels_groups", refs: true }),
};

/** The body's `annotations_groups` and `labels_groups` (`[{id}]`, in the program's order). Spread over the derived body. */
export function groupRefsToWire(inputs: { annotationsGroupIds: string[]; labelsGroupIds: string[] }): Record<string, Array<{ id: string }>> {
  return {
    annotations_groups: inputs.annotationsGroupIds.map((id) => ({ id })),
    labels_groups: inputs.labelsGroupIds.map((id) => ({ id })),
  };
}

function idsOf(groups: unknown): string[] {
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((g) => (g !== null && typeof g === "object" && typeof (g as { id?: unknown }).id === "string" ? [(g as { id: string }).id] : []));
}

/** The ids of the groups an answer carries (whole groups or `{id}` references), in its order; none when absent. */
export function groupRefsFromWire(record: object): { annotationsGroupIds: string[]; labelsGroupIds: string[] } {
  const r = record as { annotations_groups?: unknown; labels_groups?: unknown };
  return { annotationsGroupIds: idsOf(r.annotations_groups), labelsGroupIds: idsOf(r.labels_groups) };
}
