/**
 * A family that holds variables and secrets of its own besides being a child of its parent: a project (in its
 * organization) and an environment (in its project). Its schema is its own fields plus the eight maps of
 * `value-maps.ts`; its definition is the child calls of its sdk group, the refs of its values as outputs, and the
 * part that keeps the maps in step with the owner's collections. The service kinds own values too, with more parts
 * (`service-kinds/parts.ts`).
 */
import { z } from "zod";
import type { DeployServiceClient } from "../../sdk";
import { childCalls, defineResource, type ChildGroup, type DefinedResource, type FamilyCalls, type Props } from "./define";
import { ownerValuesPart, valueRefOutputs, valueRefsImplied, type ServiceValueGroups } from "./service-values";
import { ownerValueFields, refineValueMaps } from "./value-maps";

/** The schema of a value owner: `fields` and the eight value maps, a key declared in one map only. */
export function valueOwnerSchema<T extends z.ZodRawShape>(fields: T) {
  return z.strictObject({ ...fields, ...ownerValueFields }).superRefine(refineValueMaps);
}

/** What a value owner's definition says: the rest is the same for every owner. */
export interface ValueOwnerDefinition<S extends z.ZodObject> {
  /** The `<Type>` of the type token: `Project`. */
  kind: string;
  /** The owner in words: `project`. */
  noun: string;
  /** The `scope` of the entries it holds itself: `PROJECT`. */
  scope: string;
  /** Its schema, made by {@link valueOwnerSchema}. */
  schema: S;
  /** The input naming its parent, the path parameter of its create: `organizationId`. */
  parentKey: string;
  /** Its sdk group: its own calls and its two collections of values (`client.projects`). */
  group(client: DeployServiceClient): ChildGroup<unknown> & ServiceValueGroups;
  /** The calls of the owner given the derived ones (an environment's create may be a clone). */
  calls?(derived: FamilyCalls<Props, { id: string }>): FamilyCalls<Props, { id: string }>;
}

/** The family of a value owner: its schema and calls, with its values as a part; everything else is derived. */
export function defineValueOwner<S extends z.ZodObject>(def: ValueOwnerDefinition<S>): DefinedResource<S> {
  return defineResource({
    kind: def.kind,
    noun: def.noun,
    schema: def.schema,
    calls: (def.calls ?? ((c) => c))(childCalls((client) => def.group(client) as ChildGroup<{ id: string }>, def.parentKey)),
    outputNames: valueRefOutputs,
    impliedOutputs: valueRefsImplied,
    parts: [ownerValuesPart({ noun: def.noun, scope: def.scope, groups: def.group })],
  });
}
