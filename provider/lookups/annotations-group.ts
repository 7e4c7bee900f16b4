import type * as pulumi from "@pulumi/pulumi";
import type { AnnotationsGroup } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import { annotationsGroupSchema, type AnnotationArgs, type AnnotationsGroupArgs } from "../resources/annotations-group";
import type { PlainArgs } from "./core";
import { lookups, parentLookup, type NameUnderParentArgs } from "./family";

/** Arguments of {@link getAnnotationsGroupOutput}: the organization owning the group (the service reads a group only under it), and the group's id or name. */
export type GetAnnotationsGroupOutputArgs = NameUnderParentArgs<"organizationId">;
/** Arguments of {@link getAnnotationsGroup}: those of {@link GetAnnotationsGroupOutputArgs} with plain values. */
export type GetAnnotationsGroupArgs = PlainArgs<GetAnnotationsGroupOutputArgs>;

/** An annotation of an {@link AnnotationsGroupResult}, in the spelling of `AnnotationArgs`. */
export interface AnnotationResult extends Required<pulumi.Unwrap<AnnotationArgs>> {}

/** An annotations group found by {@link getAnnotationsGroup} or {@link getAnnotationsGroupOutput}, in the spelling of `AnnotationsGroupArgs`. */
export interface AnnotationsGroupResult extends LookupResult<Pick<AnnotationsGroupArgs, "name" | "organizationId">, "name" | "organizationId"> {
  /** The annotations, sorted by key. */
  annotations: AnnotationResult[];
  /** The Kubernetes objects the annotations go on, sorted. */
  scopes: string[];
}

const annotationsGroups = parentLookup<typeof annotationsGroupSchema, AnnotationsGroup, AnnotationsGroupResult>("AnnotationsGroup", {
  schema: annotationsGroupSchema, fields: ["name"], idNeedsParent: true,
  get: (client, id, organizationId) => client.annotationsGroups.get(organizationId!, id),
  computed: (r) => ({
    annotations: r.annotations.map((a) => ({ key: a.key, value: a.value })).sort((a, b) => a.key.localeCompare(b.key)),
    scopes: [...r.scopes].sort(),
  }),
});

export const { findAnnotationsGroup,
  /**
   * Looks up an annotations group of an organization by id, or by name (compared ignoring letter case, as the service
   * does), with plain values, in a Promise. None or several matching fail naming the organization's groups.
   *
   * @example
   * const scraping = getAnnotationsGroupOutput({ organizationId: org.id, name: "prometheus" });
   * new Application("api", { ..., annotationsGroupIds: [scraping.id] });
   */
  getAnnotationsGroup,
  /** {@link getAnnotationsGroup} taking Inputs and answering an Output. */
  getAnnotationsGroupOutput } = lookups<"AnnotationsGroup", GetAnnotationsGroupOutputArgs, AnnotationsGroupResult>("AnnotationsGroup", annotationsGroups);
