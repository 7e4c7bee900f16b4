/**
 * The endpoint groups of the client, one entry a family: `client.<name>` is `new Group(core)`. A new family is its
 * file (`sdk/<family>.ts`: records, requests, secret fields, endpoint group) and its lines here: the export of the
 * file and the group's entry below, whose TSDoc is the client member's.
 */
import { ApiTokensApi } from "./api-tokens";
import { ApplicationsApi } from "./applications";
import {
  AwsCredentialsApi, AzureCredentialsApi, CloudCredentialsApi, GcpCredentialsApi, OnPremiseCredentialsApi, ScalewayCredentialsApi,
} from "./cloud-credentials";
import { CloudCataloguesApi } from "./cloud-catalogues";
import { ClustersApi } from "./cluster-endpoints";
import { ContainerRegistriesApi } from "./container-registries";
import { ContainersApi } from "./containers";
import { CostsApi } from "./costs";
import { CustomDomainsApi } from "./custom-domains";
import { CustomRolesApi } from "./custom-roles";
import { DatabasesApi } from "./databases";
import { DeploymentStagesApi } from "./deployment-stages";
import { DeploymentRestrictionsApi, LinksApi } from "./deployment-restrictions";
import { DeploymentRulesApi } from "./deployment-rules";
import { EnvironmentsApi } from "./environments";
import { GitTokensApi } from "./git-tokens";
import { HelmRepositoriesApi } from "./helm-repositories";
import { HelmsApi } from "./helms";
import { AnnotationsGroupsApi, LabelsGroupsApi } from "./groups";
import { InvitationsApi } from "./invitations";
import { JobsApi } from "./jobs";
import { MembersApi } from "./members";
import { OrganizationsApi } from "./organizations";
import { ProjectsApi } from "./projects";
import { SecretsApi } from "./secrets";
import { ServicesApi } from "./services";
import { VariablesApi } from "./variable-api";
import { EnvironmentVariablesApi } from "./variables";
import { WebhooksApi } from "./webhooks";
import { TerraformsApi } from "./terraform-endpoints";

export * from "./organizations";
export * from "./members";
export * from "./invitations";
export * from "./api-tokens";
export * from "./custom-roles";
export * from "./projects";
export * from "./environments";
export * from "./clones";
export * from "./applications";
export * from "./variables";
export * from "./secrets";
export * from "./variable-api";
export * from "./databases";
export * from "./git-tokens";
export * from "./deployment-stages";
export * from "./webhooks";
export * from "./groups";
export * from "./clusters";
export * from "./cluster-settings";
export * from "./cluster-endpoints";
export * from "./clouds";
export * from "./cloud-credentials";
export * from "./cloud-catalogues";
export * from "./services";
export * from "./containers";
export * from "./container-registries";
export * from "./jobs";
export * from "./costs";
export * from "./custom-domains";
export * from "./terraforms";
export * from "./terraform-endpoints";
export * from "./helm-repositories";
export * from "./helms";
export * from "./helm-rules";
export { helmValuesYamlProblem } from "./helm-values";
export * from "./deployment-restrictions";
export * from "./deployment-rules";

/** Every endpoint group of {@link DeployServiceClient}, by its member name. */
export const ENDPOINT_GROUPS = {
  /** Organizations: list, get, edit of the settings, available roles. */
  organizations: OrganizationsApi,
  /** Members of an organization: list, role change, removal. */
  members: MembersApi,
  /** Invitations to an organization: list, get, invite, accept, cancel. */
  invitations: InvitationsApi,
  /** API tokens of an organization: list, create (the value is answered once), delete. */
  apiTokens: ApiTokensApi,
  /** Custom roles of an organization, with their cluster and project permissions. */
  customRoles: CustomRolesApi,
  /** Projects of an organization. */
  projects: ProjectsApi,
  /**
   * Environments of a project, with status and deploy/stop/redeploy, the deploy (with pins), stop and restart of
   * selected services, cancel, and every service's status stage by stage.
   */
  environments: EnvironmentsApi,
  /** Applications of an environment, with status, actions, logs and advanced settings. */
  applications: ApplicationsApi,
  /** Environment variables of an application. */
  environmentVariables: EnvironmentVariablesApi,
  /** Secrets of an application. */
  secrets: SecretsApi,
  /** Variables and secrets of every scope (`/variable`): what a parent sees, aliases, overrides, imports. */
  variables: VariablesApi,
  /** Databases of an environment, with status, actions and master credentials. */
  databases: DatabasesApi,
  /** Git tokens of an organization. */
  gitTokens: GitTokensApi,
  /** Deployment stages of an environment, ordering and service attachment. */
  deploymentStages: DeploymentStagesApi,
  /** Webhooks of an organization. */
  webhooks: WebhooksApi,
  /** Labels groups of an organization (Kubernetes labels that services and clusters reference by id). */
  labelsGroups: LabelsGroupsApi,
  /** Annotations groups of an organization (Kubernetes annotations that services reference by id). */
  annotationsGroups: AnnotationsGroupsApi,
  /**
   * Clusters of an organization: list, get, create, edit, delete, deploy, stop, upgrade, status, advanced settings,
   * cloud provider info, routing table, DNS provider, the environments on it, logs, token, kubeconfig.
   */
  clusters: ClustersApi,
  /** AWS credentials of an organization (the secret access key write-only). */
  awsCredentials: AwsCredentialsApi,
  /** GCP credentials of an organization (the JSON key write-only). */
  gcpCredentials: GcpCredentialsApi,
  /** Scaleway credentials of an organization (the secret key write-only). */
  scalewayCredentials: ScalewayCredentialsApi,
  /** Azure credentials of an organization. */
  azureCredentials: AzureCredentialsApi,
  /** On-premise credentials of an organization. */
  onPremiseCredentials: OnPremiseCredentialsApi,
  /** The organization's credentials of every cloud, with the clusters using each. */
  cloudCredentials: CloudCredentialsApi,
  /** What each cloud offers a cluster: features, and instance types per region or zone. */
  cloudCatalogues: CloudCataloguesApi,
  /** The organization-wide service list. */
  services: ServicesApi,
  /**
   * Containers of an environment, with status, actions, logs, advanced settings, variables and secrets, and the
   * organization-wide auto-deploy of an image's new tag.
   */
  containers: ContainersApi,
  /** Container registries of an organization (credentials write-only). */
  containerRegistries: ContainerRegistriesApi,
  /** Jobs (cron and lifecycle) of an environment, with status, actions, advanced settings, variables and secrets. */
  jobs: JobsApi,
  /** The organization's current cost, and a cluster's. */
  costs: CostsApi,
  /** Custom domains of applications, containers and Helm charts (every call names the service kind and the service). */
  customDomains: CustomDomainsApi,
  /**
   * Terraform services of an environment, with deploy, redeploy, uninstall, status, advanced settings, the versions
   * offered, the resources of the last apply, commits and deployment history.
   */
  terraforms: TerraformsApi,
  /**
   * Helm charts of an environment (from a Helm repository or git), with status, deploy of a version or commit,
   * redeploy, stop, uninstall, advanced settings, commits and deployment history.
   */
  helms: HelmsApi,
  /** Helm repositories of an organization (credentials write-only), their charts, and the kinds the service supports. */
  helmRepositories: HelmRepositoriesApi,
  /** Deployment rules: a project's (ordered; create, edit, delete, order) and an environment's (read, edit). */
  deploymentRules: DeploymentRulesApi,
  /** Deployment restrictions of applications, jobs, Helm charts and Terraform services (every call names the kind and the service). */
  deploymentRestrictions: DeploymentRestrictionsApi,
  /** The URLs services are reached at: a service's links, an environment's. */
  links: LinksApi,
} as const;

/** The endpoint groups of a client, typed and documented from {@link ENDPOINT_GROUPS}. */
export type EndpointGroups = { readonly [K in keyof typeof ENDPOINT_GROUPS]: InstanceType<(typeof ENDPOINT_GROUPS)[K]> };
