import type { Helm } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import { readMember } from "../framework/wire";
import { helmRepositoryOutputs, helmSchema, type HelmArgs, type HelmComputed } from "../resources/helm/index";
import type { PlainArgs } from "./core";
import { lookups, parentLookup, type NameInParentArgs } from "./family";

/** Arguments of {@link getHelmOutput}: the chart's id, or its name in its environment (`environmentId`, checked when given with `id`). */
export type GetHelmOutputArgs = NameInParentArgs<"environmentId">;
/** Arguments of {@link getHelm}: those of {@link GetHelmOutputArgs} with plain values. */
export type GetHelmArgs = PlainArgs<GetHelmOutputArgs>;

/** A Helm chart found by {@link getHelm} or {@link getHelmOutput}, in the spelling of `HelmArgs` (never its values: they may hold secrets). */
export interface HelmResult extends LookupResult<
  Pick<HelmArgs, "name" | "environmentId" | "source" | "arguments" | "timeoutSeconds" | "allowClusterWideResources">, "name" | "environmentId",
  never, Pick<HelmComputed, "repositoryName" | "repositoryUrl">
> {}

const helms = parentLookup<typeof helmSchema, Helm, HelmResult>("Helm", {
  schema: helmSchema, fields: ["name", "timeoutSeconds", "allowClusterWideResources"], get: (client, id) => client.helms.get(id),
  // The source and the arguments are objects and lists: read through the schema's wire facts, as a refresh reads them.
  computed: (r) => ({
    source: readMember("source", helmSchema.shape.source, r as unknown as Record<string, unknown>, {}) as HelmResult["source"],
    arguments: r.arguments ?? undefined,
    ...helmRepositoryOutputs(r),
  }),
});

export const { findHelm,
  /**
   * Looks up a Helm chart by id, or by name in its environment (compared ignoring letter case, as the service does),
   * with plain values, in a Promise.
   *
   * @example
   * const ingress = getHelmOutput({ environmentId: env.id, name: "ingress" });
   */
  getHelm,
  /** {@link getHelm} taking Inputs and answering an Output. */
  getHelmOutput } = lookups<"Helm", GetHelmOutputArgs, HelmResult>("Helm", helms);
