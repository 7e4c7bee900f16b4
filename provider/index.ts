/**
 * The Pulumi resources of the deployment service: one class per resource family, its Args, and lookups.
 * Credentials come from the stack (`deploy-service:apiUrl`, secret `deploy-service:apiToken`) or the
 * environment (`DEPLOY_SERVICE_API_URL`, `DEPLOY_SERVICE_API_TOKEN`).
 */
export { Project, type ProjectArgs } from "./project";
export { Environment, type EnvironmentArgs, type EnvironmentMode, ENVIRONMENT_MODES } from "./environment";
export { GitToken, type GitTokenArgs, type GitProvider, GIT_PROVIDERS } from "./git-token";
export { DeploymentStage, type DeploymentStageArgs } from "./deployment-stage";
export {
  Database, type DatabaseArgs, type DatabaseCredentialsArgs, DATABASE_TYPES, DATABASE_MODES, DATABASE_ACCESSIBILITIES,
} from "./database";
export {
  Application, type ApplicationArgs, type GitRepositoryArgs, type HealthchecksArgs, type ProbeArgs, type ProbeTypeArgs,
  type PortArgs, type StorageArgs,
} from "./application";
export * from "./application-advanced-settings";
export {
  getOrganization, getCluster, type GetOrganizationArgs, type GetClusterArgs, type OrganizationResult, type ClusterResult,
} from "./lookups";
export { configureFromStack } from "./credentials";
