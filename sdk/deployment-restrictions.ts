/**
 * Deployment restrictions: a service built from git (an application, a job, a Helm chart, a Terraform service) is
 * deployed on a new commit only when files under given paths change (`MATCH`), or unless only such files change
 * (`EXCLUDE`). The service keeps them per service (`/<kind>/{id}/deploymentRestriction`); and the links of a service
 * (`/<kind>/{id}/link`, `/environment/{id}/link`): the URLs it is reached at.
 */
import { z } from "zod";
import type { RequestCore } from "./core";
import { collection } from "./crud";
import { path, type ApiPath } from "./path";
import { maybe, openEnum, record, ruledString } from "./schema";
import { kindsWith, kindWith, type KindsWith } from "./service-kinds";

/** The service kinds that take deployment restrictions, as their paths spell them. */
export const DEPLOYMENT_RESTRICTION_SERVICE_KINDS = kindsWith("deploymentRestrictions");
/** `application`, `job`, `helm` or `terraform`: the kinds with `deploymentRestrictions`. */
export type DeploymentRestrictionServiceKind = KindsWith<"deploymentRestrictions">;
/** `MATCH`: deploy only when a matching file changes; `EXCLUDE`: do not deploy when only matching files change. */
export const DEPLOYMENT_RESTRICTION_MODES = ["MATCH", "EXCLUDE"] as const;
/** What a restriction's value is: only `PATH` (a path in the repository, not starting with `/`). */
export const DEPLOYMENT_RESTRICTION_TYPES = ["PATH"] as const;

/** Why `value` is not a restriction path the service takes, or `undefined` (the reference: it must not start with `/`). */
export function deploymentRestrictionValueProblem(value: string): string | undefined {
  if (value.trim() === "") return "expected a path in the repository, e.g. \"api/src/\", got an empty string";
  return value.startsWith("/") ? "expected a path relative to the repository's root, not starting with \"/\" (e.g. \"api/src/\")" : undefined;
}

/** Body of a deployment restriction's create or edit. */
export const DeploymentRestrictionRequest = z.looseObject({
  mode: z.enum(DEPLOYMENT_RESTRICTION_MODES),
  type: z.enum(DEPLOYMENT_RESTRICTION_TYPES),
  value: ruledString(deploymentRestrictionValueProblem),
});
/** Body of a deployment restriction's create or edit. */
export type DeploymentRestrictionRequest = z.input<typeof DeploymentRestrictionRequest>;

/** A deployment restriction as the service answers it. */
export const DeploymentRestriction = record({
  mode: openEnum(DEPLOYMENT_RESTRICTION_MODES),
  type: openEnum(DEPLOYMENT_RESTRICTION_TYPES),
  value: z.string(),
});
/** A deployment restriction as the service answers it. */
export type DeploymentRestriction = z.infer<typeof DeploymentRestriction>;

/** One template a kind, so an invalid id is named after its segment. */
const LIST: Readonly<Record<DeploymentRestrictionServiceKind, (id: string) => ApiPath>> = {
  application: (id) => path`/application/${id}/deploymentRestriction`,
  job: (id) => path`/job/${id}/deploymentRestriction`,
  helm: (id) => path`/helm/${id}/deploymentRestriction`,
  terraform: (id) => path`/terraform/${id}/deploymentRestriction`,
};
const ITEM: Readonly<Record<DeploymentRestrictionServiceKind, (id: string, restrictionId: string) => ApiPath>> = {
  application: (id, r) => path`/application/${id}/deploymentRestriction/${r}`,
  job: (id, r) => path`/job/${id}/deploymentRestriction/${r}`,
  helm: (id, r) => path`/helm/${id}/deploymentRestriction/${r}`,
  terraform: (id, r) => path`/terraform/${id}/deploymentRestriction/${r}`,
};

/**
 * Endpoints of deployment restrictions, for every kind that has them: each call names the kind and the service.
 * Two restrictions of a service may not be the same (mode, type, value): the service answers 409.
 */
export class DeploymentRestrictionsApi extends collection({
  what: "deployment restriction", naturalKey: "value", record: DeploymentRestriction,
  createRequest: DeploymentRestrictionRequest, editRequest: DeploymentRestrictionRequest,
  describe: (request) => `deployment restriction ${String(request.mode)} ${JSON.stringify(request.value)}`,
  list: (serviceKind: DeploymentRestrictionServiceKind, serviceId: string) => LIST[kindWith("deploymentRestrictions", serviceKind)](serviceId),
  item: (serviceKind: DeploymentRestrictionServiceKind, serviceId: string, deploymentRestrictionId: string) =>
    ITEM[kindWith("deploymentRestrictions", serviceKind)](serviceId, deploymentRestrictionId),
}) {}

/** The service kinds with links, as their paths spell them. */
export const LINK_SERVICE_KINDS = kindsWith("links");
/** `application`, `container` or `helm`: the kinds with `links`. */
export type LinkServiceKind = KindsWith<"links">;

/** A URL a service is reached at (`Link`). */
export const Link = z.looseObject({
  service_id: maybe(z.string()),
  service_type: maybe(z.string()),
  /** The URL. */
  url: z.string(),
  /** The port the service listens on inside the cluster. */
  internal_port: maybe(z.number()),
  /** The port it is reached at from outside (443 for HTTPS). */
  external_port: maybe(z.number()),
  /** Whether the domain is the service's own (not a custom domain). */
  is_qovery_domain: maybe(z.boolean()),
  /** Whether the link is the root of the domain rather than one derived from a port (`p8080.z...`). */
  is_default: maybe(z.boolean()),
});
/** A URL a service is reached at. */
export type Link = z.infer<typeof Link>;

const LINKS: Readonly<Record<LinkServiceKind, (id: string) => ApiPath>> = {
  application: (id) => path`/application/${id}/link`,
  container: (id) => path`/container/${id}/link`,
  helm: (id) => path`/helm/${id}/link`,
};

/** The links of services and environments (read only). */
export class LinksApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** The URLs a service is reached at (one GET): its own domain's per public port, and its custom domains. */
  ofService(serviceKind: LinkServiceKind, serviceId: string): Promise<Link[]> {
    return this.core.list(LINKS[kindWith("links", serviceKind)](serviceId), Link);
  }

  /** The URLs of every service of an environment (one GET). */
  ofEnvironment(environmentId: string): Promise<Link[]> {
    return this.core.list(path`/environment/${environmentId}/link`, Link);
  }
}
