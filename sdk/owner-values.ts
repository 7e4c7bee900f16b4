/**
 * The variables and secrets of the two higher scopes: `client.projects.variables` / `client.projects.secrets` and
 * `client.environments.variables` / `client.environments.secrets`, the same {@link ServiceValuesApi} as a service's
 * (`client.containers.variables`). The groups are attached to the project and environment groups by the client
 * (see {@link attachOwnerValues}); their types are declared on those groups here.
 */
import type { RequestCore } from "./core";
import type { EnvironmentsApi } from "./environments";
import type { ProjectsApi } from "./projects";
import { serviceSecrets, type ServiceSecretsApi } from "./secrets";
import { serviceVariables, type ServiceVariablesApi } from "./variables";

/** Endpoints of a project's environment variables (`/project/{id}/environmentVariable`, scope PROJECT). */
export class ProjectVariablesApi extends serviceVariables("project", "PROJECT") {}
/** Endpoints of a project's secrets (`/project/{id}/secret`, scope PROJECT; keys only in answers). */
export class ProjectSecretsApi extends serviceSecrets("project", "PROJECT") {}
/** Endpoints of an environment's own environment variables (`/environment/{id}/environmentVariable`, scope ENVIRONMENT). */
export class EnvironmentScopeVariablesApi extends serviceVariables("environment", "ENVIRONMENT") {}
/** Endpoints of an environment's own secrets (`/environment/{id}/secret`, scope ENVIRONMENT; keys only in answers). */
export class EnvironmentScopeSecretsApi extends serviceSecrets("environment", "ENVIRONMENT") {}

declare module "./projects" {
  interface ProjectsApi {
    /** Environment variables of a project (scope PROJECT): `client.projects.variables.create(projectId, {key, value})`. */
    readonly variables: ServiceVariablesApi;
    /** Secrets of a project (scope PROJECT): `client.projects.secrets.create(projectId, {key, value})`. */
    readonly secrets: ServiceSecretsApi;
  }
}

declare module "./environments" {
  interface EnvironmentsApi {
    /** Environment variables of an environment (scope ENVIRONMENT): `client.environments.variables.list(environmentId)`. */
    readonly variables: ServiceVariablesApi;
    /** Secrets of an environment (scope ENVIRONMENT): `client.environments.secrets.create(environmentId, {key, value})`. */
    readonly secrets: ServiceSecretsApi;
  }
}

/** Gives the project and environment groups of a client their `variables` and `secrets` groups. */
export function attachOwnerValues(core: RequestCore, groups: { projects: ProjectsApi; environments: EnvironmentsApi }): void {
  const set = (target: object, name: string, value: object) =>
    Object.defineProperty(target, name, { value, enumerable: true, writable: false, configurable: false });
  set(groups.projects, "variables", new ProjectVariablesApi(core));
  set(groups.projects, "secrets", new ProjectSecretsApi(core));
  set(groups.environments, "variables", new EnvironmentScopeVariablesApi(core));
  set(groups.environments, "secrets", new EnvironmentScopeSecretsApi(core));
}
