import type { HelmRepository } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import { helmRepositoryComputed, helmRepositorySchema, type HelmRepositoryArgs, type HelmRepositoryComputed } from "../resources/helm-repository";
import type { PlainArgs } from "./core";
import { lookups, parentLookup, type NameUnderParentArgs } from "./family";

/** Arguments of {@link getHelmRepositoryOutput}: the organization owning the repository (the service reads a repository only under it), and the repository's id or name. */
export type GetHelmRepositoryOutputArgs = NameUnderParentArgs<"organizationId">;
/** Arguments of {@link getHelmRepository}: those of {@link GetHelmRepositoryOutputArgs} with plain values. */
export type GetHelmRepositoryArgs = PlainArgs<GetHelmRepositoryOutputArgs>;

/** A Helm repository found by {@link getHelmRepository} or {@link getHelmRepositoryOutput}, in the spelling of `HelmRepositoryArgs` (never its credentials). */
export interface HelmRepositoryResult extends LookupResult<
  Pick<HelmRepositoryArgs, "name" | "organizationId" | "kind" | "url" | "description" | "skipTlsVerification">, "name" | "organizationId" | "kind" | "url",
  never, HelmRepositoryComputed
> {}

const repositories = parentLookup<typeof helmRepositorySchema, HelmRepository, HelmRepositoryResult>("HelmRepository", {
  schema: helmRepositorySchema, fields: ["name", "kind", "url", "description", "skipTlsVerification"], idNeedsParent: true,
  get: (client, id, organizationId) => client.helmRepositories.get(organizationId!, id), computed: helmRepositoryComputed.outputs,
});

export const { findHelmRepository,
  /**
   * Looks up a Helm repository of an organization by name (compared ignoring letter case, as the service does) or
   * id, with plain values, in a Promise.
   *
   * @example
   * const bitnami = getHelmRepositoryOutput({ organizationId: org.id, name: "bitnami" });
   * new Helm("redis", { ..., source: { repository: { repositoryId: bitnami.id, chartName: "redis", chartVersion: "20.1.0" } } });
   */
  getHelmRepository,
  /** {@link getHelmRepository} taking Inputs and answering an Output. */
  getHelmRepositoryOutput } = lookups<"HelmRepository", GetHelmRepositoryOutputArgs, HelmRepositoryResult>("HelmRepository", repositories);
