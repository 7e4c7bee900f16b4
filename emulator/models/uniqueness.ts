/**
 * Name uniqueness: which names must differ, within what, and how they are compared. A taken name is a 409.
 *
 * Decision per family (sources: `service-api.md` and the reference OpenAPI; "case-insensitive" means two names that
 * differ only in letter case collide, e.g. `API` and `api`):
 *
 * | family | unique within | comparison | source |
 * |---|---|---|---|
 * | projects | the organization | case-insensitive | reference `ProjectRequest.name`: "name is case insensitive" |
 * | environments | the project | case-insensitive | reference `CreateEnvironmentRequest.name`, `Environment.name` |
 * | services (applications, databases, containers and jobs together) | the environment | case-insensitive | reference `ApplicationRequest`, `ApplicationEditRequest`, `DatabaseRequest`, `DatabaseEditRequest`, `ContainerRequest`, `JobRequest` `.name` ("name is case insensitive"); one namespace because every kind is a service of the environment (listed together by `/organization/{id}/services`, placed together in deployment stages) |
 * | container registries | the organization | case-insensitive | the names of the organization's other families are compared ignoring case (projects); the reference's `ContainerRegistryRequest.name` has no note |
 * | deployment stages | the environment | case-insensitive | `service-api.md` (Deployment stage, name) and reference `DeploymentStageResponse.name` |
 * | git tokens | the organization | exact (case-sensitive) | neither source says the name is case-insensitive (reference `GitTokenRequest.name` has no note) |
 * | labels groups, annotations groups (each kind apart) | the organization | exact (case-sensitive) | neither source says the name is case-insensitive (reference `OrganizationLabelsGroupCreateRequest.name`, `OrganizationAnnotationsGroupCreateRequest.name` have no note); a group is referenced by id, its name is how people and the provider's adoption find it |
 * | custom roles (with the built-in role names) | the organization | case-insensitive | a custom role is given by id but chosen by name next to the built-in roles (`Admin`, `admin`): the emulator keeps them apart ignoring case |
 * | API tokens | the organization | exact (case-sensitive) | reference: `POST /organization/{organizationId}/apiToken` answers 409 "Organization Api Token name is already taken" |
 * | variable and secret keys | the service (application, container, job) | exact (case-sensitive) | environment variable names are case-sensitive |
 */

import { conflict } from "../server/errors";

/** How two names are compared. */
export type NameComparison = "case-insensitive" | "exact";

/** True when two names collide under the comparison. */
export function sameName(a: string, b: string, how: NameComparison): boolean {
  return how === "exact" ? a === b : a.toLowerCase() === b.toLowerCase();
}

/**
 * Throws 409 when a record other than `selfId` already has a name colliding with `name`.
 * `what` names the family ("project"), `scope` the container ("this organization").
 */
export function assertNameFree(
  records: Iterable<{ id: string; name: string }>, name: string, how: NameComparison, what: string, scope: string, selfId?: string,
): void {
  for (const r of records) {
    if (r.id !== selfId && sameName(r.name, name, how)) {
      const detail = r.name === name ? "" : ` (as '${r.name}'; names are compared ignoring case)`;
      throw conflict(`name: ${what} name '${name}' is already used in ${scope}${detail}`);
    }
  }
}
