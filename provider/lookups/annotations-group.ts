import type * as pulumi from "@pulumi/pulumi";
import type { AnnotationsGroup, DeployServiceClient } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import type { annotationsGroupSchema } from "../resources/annotations-group";
import { lookupPair, type LookupFamily, type NameOrIdArgs, type PlainArgs } from "./core";
import type { ResultMatch } from "./result-match";

/** Arguments of {@link getAnnotationsGroupOutput}: the organization, and the group's id or name. */
export interface GetAnnotationsGroupOutputArgs extends NameOrIdArgs {
  /** Organization owning the group (the service reads a group only under its organization). */
  organizationId: pulumi.Input<string>;
}

/** Arguments of {@link getAnnotationsGroup}: those of {@link GetAnnotationsGroupOutputArgs} with plain values. */
export type GetAnnotationsGroupArgs = PlainArgs<GetAnnotationsGroupOutputArgs>;

/** An annotation of an {@link AnnotationsGroupResult}, in the spelling of `AnnotationArgs`. */
export interface AnnotationResult {
  /** Annotation key. */
  key: string;
  /** Annotation value. */
  value: string;
}

/** An annotations group found by {@link getAnnotationsGroup} or {@link getAnnotationsGroupOutput}, in the spelling of `AnnotationsGroupArgs`. */
export interface AnnotationsGroupResult {
  /** Group id (reference it from a service's or an environment's `annotationsGroupIds`). */
  id: string;
  /** Group name. */
  name: string;
  /** Organization owning the group. */
  organizationId: string;
  /** The annotations, sorted by key. */
  annotations: AnnotationResult[];
  /** The Kubernetes objects the annotations go on, sorted. */
  scopes: string[];
}

const annotationsGroups: LookupFamily<AnnotationsGroup, AnnotationsGroupResult> = {
  lookup: "getAnnotationsGroup", nouns: "annotations groups", key: NATURAL_KEYS["AnnotationsGroup"]!, idNeedsParent: true,
  get: (client, id, organizationId) => client.annotationsGroups.get(organizationId!, id),
  result: (r, organizationId) => ({
    id: r.id, name: r.name, organizationId,
    annotations: r.annotations.map((a) => ({ key: a.key, value: a.value })).sort((a, b) => a.key.localeCompare(b.key)),
    scopes: [...r.scopes].sort(),
  }),
};

const annotationsGroupLookup = lookupPair<GetAnnotationsGroupOutputArgs, AnnotationsGroupResult, AnnotationsGroup>(annotationsGroups);
const resultMatchesSchema: ResultMatch<AnnotationsGroupResult, typeof annotationsGroupSchema> = true;
void resultMatchesSchema;

/**
 * Finds an annotations group of an organization by id, or by name (compared exactly; the service keeps group names
 * unique in an organization, and should several ever match, the lookup fails naming them with their ids).
 */
export const findAnnotationsGroup: (client: DeployServiceClient, args: GetAnnotationsGroupArgs) => Promise<AnnotationsGroupResult> = annotationsGroupLookup.find;

/**
 * Looks up an annotations group the stack uses but does not manage, with plain arguments; give exactly one of `id`
 * and `name`.
 *
 * @example
 * const scraping = await getAnnotationsGroup({ organizationId: "3f2a...", name: "prometheus" });
 */
export const getAnnotationsGroup: (args: GetAnnotationsGroupArgs) => Promise<AnnotationsGroupResult> = annotationsGroupLookup.get;

/**
 * Looks up an annotations group, accepting Inputs and returning an Output.
 *
 * @example
 * const scraping = getAnnotationsGroupOutput({ organizationId: org.id, name: "prometheus" });
 * new Application("api", { ..., annotationsGroupIds: [scraping.id] });
 */
export const getAnnotationsGroupOutput: (args: GetAnnotationsGroupOutputArgs) => pulumi.Output<AnnotationsGroupResult> = annotationsGroupLookup.getOutput;
