/**
 * The Pulumi resources of the deployment service: one class per resource family, its Args, and lookups.
 * Credentials come from the stack (`deploy-service:apiUrl`, secret `deploy-service:apiToken`) or the
 * environment (`DEPLOY_SERVICE_API_URL`, `DEPLOY_SERVICE_API_TOKEN`).
 */
export { Project, type ProjectArgs } from "./resources/project";
export { Environment, type EnvironmentArgs, type EnvironmentMode, ENVIRONMENT_MODES } from "./resources/environment";
export { GitToken, type GitTokenArgs, type GitProvider, GIT_PROVIDERS } from "./resources/git-token";
export { DeploymentStage, type DeploymentStageArgs } from "./resources/deployment-stage";
export { Webhook, type WebhookArgs, type WebhookEvent, WEBHOOK_ENVIRONMENT_TYPES } from "./resources/webhook";
export {
  Database, type DatabaseArgs, type DatabaseCredentialsArgs, DATABASE_TYPES, DATABASE_MODES, DATABASE_ACCESSIBILITIES,
} from "./resources/database";
export {
  Application, type ApplicationArgs, type GitRepositoryArgs, type HealthchecksArgs, type ProbeArgs, type ProbeTypeArgs,
  type PortArgs, type StorageArgs,
} from "./resources/application/index";
export * from "./resources/application-advanced-settings";
export {
  getOrganization, getCluster, type GetOrganizationArgs, type GetClusterArgs, type OrganizationResult, type ClusterResult,
} from "./resources/lookups";
export { configureFromStack } from "./framework/credentials";
