/**
 * The Pulumi resources of the deployment service: one class per resource family, its Args, and lookups.
 * Credentials come from the stack (`deploy-service:apiUrl`, secret `deploy-service:apiToken`) or the
 * environment (`DEPLOY_SERVICE_API_URL`, `DEPLOY_SERVICE_API_TOKEN`).
 *
 * @packageDocumentation
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
  ContainerRegistry, type ContainerRegistryArgs, type ContainerRegistryConfigArgs, type ContainerRegistryKind, CONTAINER_REGISTRY_KINDS,
} from "./resources/container-registry";
export { Container, type ContainerArgs } from "./resources/container";
export * from "./resources/container-advanced-settings";
export * from "./resources/job-advanced-settings";
export {
  Job, type JobArgs, type JobSourceArgs, type JobImageSourceArgs, type JobDockerSourceArgs, type JobScheduleArgs,
  type JobCronArgs, type JobCommandArgs,
} from "./resources/job/index";
export {
  type NameOrIdArgs, type PlainArgs, type NameInParentArgs, type NameUnderParentArgs, type KeysUnderParentArgs,
  getOrganization, getOrganizationOutput, type GetOrganizationArgs, type GetOrganizationOutputArgs, type OrganizationResult,
  getCluster, getClusterOutput, type GetClusterArgs, type GetClusterOutputArgs, type ClusterResult,
  getContainerRegistry, getContainerRegistryOutput, type GetContainerRegistryArgs, type GetContainerRegistryOutputArgs,
  type ContainerRegistryResult,
  getContainer, getContainerOutput, type GetContainerArgs, type GetContainerOutputArgs, type ContainerResult,
  getJob, getJobOutput, type GetJobArgs, type GetJobOutputArgs, type JobResult,
  getProject, getProjectOutput, type GetProjectArgs, type GetProjectOutputArgs, type ProjectResult,
  getEnvironment, getEnvironmentOutput, type GetEnvironmentArgs, type GetEnvironmentOutputArgs, type EnvironmentResult,
  getApplication, getApplicationOutput, type GetApplicationArgs, type GetApplicationOutputArgs, type ApplicationResult,
  type ApplicationGitRepositoryResult, type ApplicationPortResult,
  getDatabase, getDatabaseOutput, type GetDatabaseArgs, type GetDatabaseOutputArgs, type DatabaseResult,
  getGitToken, getGitTokenOutput, type GetGitTokenArgs, type GetGitTokenOutputArgs, type GitTokenResult,
  getDeploymentStage, getDeploymentStageOutput, type GetDeploymentStageArgs, type GetDeploymentStageOutputArgs,
  type DeploymentStageResult, type DeploymentStageServiceResult,
  getWebhook, getWebhookOutput, type GetWebhookArgs, type GetWebhookOutputArgs, type WebhookResult,
  getLabelsGroup, getLabelsGroupOutput, type GetLabelsGroupArgs, type GetLabelsGroupOutputArgs, type LabelsGroupResult, type LabelResult,
  getAnnotationsGroup, getAnnotationsGroupOutput, type GetAnnotationsGroupArgs, type GetAnnotationsGroupOutputArgs,
  type AnnotationsGroupResult, type AnnotationResult,
} from "./lookups/index";
export {
  getVariable, getVariableOutput, type GetVariableArgs, type GetVariableOutputArgs, type VariableResult,
  getSecret, getSecretOutput, type GetSecretArgs, type GetSecretOutputArgs, type SecretResult, type GetValueOutputArgs, type ValueResult,
  getCustomDomain, getCustomDomainOutput, type GetCustomDomainArgs, type GetCustomDomainOutputArgs, type CustomDomainResult,
} from "./lookups/index";
export {
  EnvironmentDeployment, type EnvironmentDeploymentArgs, type EnvironmentDeploymentPinsArgs, type EnvironmentDesiredState, type JobPinArgs, type HelmPinArgs,
  ENVIRONMENT_DESIRED_STATES, ENVIRONMENT_DEPLOYMENT_ON_DELETE,
} from "./resources/environment-deployment";
export {
  CustomDomain, type CustomDomainArgs, type CustomDomainServiceKind, CUSTOM_DOMAIN_SERVICE_KINDS,
} from "./resources/custom-domain";
export { Variable, type VariableArgs } from "./resources/variable";
export { DeploymentRule, type DeploymentRuleArgs, type DeploymentRuleComputed, type DeploymentScheduleArgs } from "./resources/deployment-rule";
export { DeploymentRuleOrder, type DeploymentRuleOrderArgs } from "./resources/deployment-rule-order";
export { EnvironmentDeploymentRule, type EnvironmentDeploymentRuleArgs } from "./resources/environment-deployment-rule";
export type { DeploymentRestrictionArgs, RestrictedServiceArgs } from "./service-kinds/restrictions";
export type { ServiceHostsComputed } from "./service-kinds/hosts";
export { Secret, type SecretArgs } from "./resources/secret";
export { type VariableScopeInput, VARIABLE_SCOPES } from "./resources/variable-family";
export { LabelsGroup, type LabelsGroupArgs, type LabelArgs } from "./resources/labels-group";
export { AnnotationsGroup, type AnnotationsGroupArgs, type AnnotationArgs, ANNOTATION_SCOPES, type AnnotationScope } from "./resources/annotations-group";
export type { AutoscalingArgs, ScalerArgs, TriggerAuthenticationArgs } from "./framework/autoscaling";
export type { ValueFileArgs } from "./framework/value-maps";
export { configureFromStack } from "./framework/credentials";
export { Credentials, type CredentialsArgs, TOKEN_SCHEMES, type TokenScheme } from "./framework/credentials-set";
export type { SecretRef, ValueFileOutput, VariableRef } from "./framework/resource";
export { OrganizationSettings, type OrganizationSettingsArgs } from "./resources/organization-settings";
export { OrganizationMember, type OrganizationMemberArgs } from "./resources/organization-member";
export {
  OrganizationInvitation, type OrganizationInvitationArgs, INVITATION_STATES, type InvitationState,
} from "./resources/organization-invitation";
export { ApiToken, type ApiTokenArgs, API_TOKEN_SCOPES, type ApiTokenScope } from "./resources/api-token";
export {
  CustomRole, type CustomRoleArgs, type CustomRoleClusterPermissionArgs, type CustomRoleProjectPermissionArgs,
  type CustomRoleEnvironmentPermissionArgs, CLUSTER_PERMISSIONS, PROJECT_PERMISSIONS, type ClusterPermission, type ProjectPermission,
} from "./resources/custom-role";
export type { EnvironmentType, ClusterPermissionEntry, ProjectPermissionEntry, EnvironmentPermissionEntry } from "./resources/organization-roles";
export {
  getOrganizationMember, getOrganizationMemberOutput, getApiToken, getApiTokenOutput, getCustomRole, getCustomRoleOutput,
  getClusterKubeconfig, getClusterKubeconfigOutput, type GetOrganizationMemberArgs, type GetOrganizationMemberOutputArgs,
  type OrganizationMemberResult, type GetApiTokenArgs, type GetApiTokenOutputArgs, type ApiTokenResult, type GetCustomRoleArgs,
  type GetCustomRoleOutputArgs, type CustomRoleResult, type GetClusterKubeconfigArgs, type GetClusterKubeconfigOutputArgs,
  type ClusterKubeconfigResult,
} from "./lookups/index";
export {
  Cluster, type ClusterArgs, type ClusterComputed, type ClusterFeatureArgs, type ClusterDnsProviderArgs, type CloudflareDnsArgs, type Route53DnsArgs,
  type ClusterMetricsParametersArgs, type ClusterMetricsConfigurationArgs, type ClusterAlertingArgs, type ClusterEnabledArgs,
  type ClusterInfrastructureChartsArgs, type ClusterNginxChartArgs, type ClusterCertManagerChartArgs, type ClusterMetalLbChartArgs,
  type ClusterEksAnywhereArgs, type ClusterEksAnywhereGitRepositoryArgs, type ClusterBackupArgs, type ClusterBackupS3Args,
  type SecretManagerAccessArgs, type SecretManagerEndpointArgs, type SecretManagerAuthenticationArgs,
} from "./resources/cluster/index";
export {
  ClusterAdvancedSettings, type ClusterAdvancedSettingsArgs, type ClusterAdvancedSettingsInput,
} from "./resources/cluster/advanced-settings";
export {
  AwsCredentials, GcpCredentials, ScalewayCredentials, AzureCredentials, OnPremiseCredentials, type CloudCredentialsArgs,
  type AwsCredentialsArgs, type GcpCredentialsArgs, type ScalewayCredentialsArgs, type AzureCredentialsArgs, type OnPremiseCredentialsArgs,
} from "./resources/cloud-credentials";
export {
  getCredentials, getCredentialsOutput, type GetCredentialsArgs, type GetCredentialsOutputArgs, type CredentialsResult,
  getInstanceTypes, getInstanceTypesOutput, type GetInstanceTypesArgs, type GetInstanceTypesOutputArgs, type InstanceTypesResult, type InstanceTypeResult,
  getClusterFeatures, getClusterFeaturesOutput, type GetClusterFeaturesArgs, type GetClusterFeaturesOutputArgs, type ClusterFeaturesResult,
  type ClusterFeatureResult, getOrganizationCost, getOrganizationCostOutput, type GetOrganizationCostArgs, type GetOrganizationCostOutputArgs,
  type OrganizationCostResult, getServiceLinks, getServiceLinksOutput, type GetServiceLinksArgs, type GetServiceLinksOutputArgs,
  type ServiceLinksResult, type ServiceLinkResult,
} from "./lookups/index";
export { type AdoptArgs, type AdoptableArgs, ENV_ADOPT } from "./framework/adoption";
export { builtInVariableKey, type BuiltInServiceType } from "./built-in-keys";
export {
  TerraformService, type TerraformServiceArgs, type TerraformServiceComputed, type TerraformGitRepositoryArgs, type TerraformBackendArgs,
  type TerraformJobResourcesArgs, type TerraformResourceOutput,
} from "./resources/terraform-service/index";
export * from "./resources/terraform-service-advanced-settings";
export {
  getTerraformService, getTerraformServiceOutput, type GetTerraformServiceArgs, type GetTerraformServiceOutputArgs,
  type TerraformServiceResult,
} from "./lookups/index";
export {
  HelmRepository, type HelmRepositoryArgs, type HelmRepositoryCredentialsArgs, type HelmRepositoryKind, HELM_REPOSITORY_KINDS,
} from "./resources/helm-repository";
export {
  Helm, type HelmArgs, type HelmComputed, type HelmPortArgs, type HelmRepositorySourceArgs, type HelmSecretValuesOverrideArgs,
  type HelmServiceSelectorArgs, type HelmSourceArgs, type HelmValuesFilesArgs, type HelmValuesOverrideArgs,
} from "./resources/helm/index";
export * from "./resources/helm-advanced-settings";
export {
  getHelmRepository, getHelmRepositoryOutput, type GetHelmRepositoryArgs, type GetHelmRepositoryOutputArgs,
  type HelmRepositoryResult, getHelm, getHelmOutput, type GetHelmArgs, type GetHelmOutputArgs, type HelmResult,
} from "./lookups/index";
