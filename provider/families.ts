/**
 * Every resource family of the provider, one line each: its kind (the `<Type>` of its type token
 * `pulumi-nodejs:dynamic/deploy-service:<Type>`), where its provider lives, how its objects are known in their parent
 * (the natural key that adoption by name, the name-conflict advice and the lookups search by) and, for the few that
 * take no `adopt`, why. The registry of `runtime.ts`, `NATURAL_KEYS` (`framework/natural-keys.ts`) and adoption's
 * refusals are derived from this list: a new family adds its line here, and nothing else is kept in step by hand.
 *
 * Providers are loaded lazily (`require` on first use), so the engine's provider host loads only the kinds a program
 * uses; this module itself loads no resource module.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { CustomDomainServiceKind } from "../sdk";
import { keyed, named, str, values, type NaturalKey } from "./framework/natural-key";

/** One line of the list. */
export interface Family {
  /** Loads the family's dynamic provider (on first use). */
  provider: () => pulumi.dynamic.ResourceProvider;
  /** How its objects are known in their parent. Absent: found by id only (`adopt: { id }`). */
  key?: NaturalKey;
  /** Why it takes no `adopt` (said in the check failure). Absent: it can adopt. */
  notAdoptable?: string;
}

/** Cloud credentials are known by name among the organization's credentials of their cloud. */
const credentials = (cloud: "AWS" | "GCP" | "SCW" | "AZURE" | "ON_PREMISE"): NaturalKey =>
  named("credentials", "organizationId", "organization", (c, id) => require("./resources/cluster/sdk-calls").listCloudCredentials(c, id, cloud));

/** The advanced-settings resource of a service kind: one provider per kind, made by the kinds' shared definition. */
const settingsProvider = (kind: "container" | "job" | "terraform" | "helm"): pulumi.dynamic.ResourceProvider =>
  require("./service-kinds/advanced-settings").advancedSettingsProviderOf(kind);

const SETTINGS = "the settings always exist with their service and are taken over by every create already";

/** The families by kind, in the order `knownKinds()` lists them. */
export const FAMILIES = {
  Project: { provider: () => require("./resources/project").projectProvider, key: named("project", "organizationId", "organization", (c, id) => c.projects.list(id)) },
  Environment: { provider: () => require("./resources/environment").environmentProvider, key: named("environment", "projectId", "project", (c, id) => c.environments.list(id)) },
  Application: { provider: () => require("./resources/application/index").applicationProvider, key: named("application", "environmentId", "environment", (c, id) => c.applications.list(id)) },
  ApplicationAdvancedSettings: { provider: () => require("./resources/application-advanced-settings").applicationAdvancedSettingsProvider, notAdoptable: SETTINGS },
  Database: { provider: () => require("./resources/database").databaseProvider, key: named("database", "environmentId", "environment", (c, id) => c.databases.list(id)) },
  GitToken: { provider: () => require("./resources/git-token").gitTokenProvider, key: named("git token", "organizationId", "organization", (c, id) => c.gitTokens.list(id)) },
  DeploymentStage: { provider: () => require("./resources/deployment-stage").deploymentStageProvider, key: named("deployment stage", "environmentId", "environment", (c, id) => c.deploymentStages.list(id)) },
  Webhook: { provider: () => require("./resources/webhook").webhookProvider, key: keyed("webhook", "organizationId", "organization", "targetUrl", "target URL", async (c, id) => (await c.webhooks.list(id)).map((w) => ({ id: w.id, key: str(w.target_url) })), true) },
  LabelsGroup: { provider: () => require("./resources/labels-group").labelsGroupProvider, key: named("labels group", "organizationId", "organization", (c, id) => c.labelsGroups.list(id)) },
  AnnotationsGroup: { provider: () => require("./resources/annotations-group").annotationsGroupProvider, key: named("annotations group", "organizationId", "organization", (c, id) => c.annotationsGroups.list(id)) },
  ContainerRegistry: { provider: () => require("./resources/container-registry").containerRegistryProvider, key: named("container registry", "organizationId", "organization", (c, id) => c.containerRegistries.list(id)) },
  Container: { provider: () => require("./resources/container").containerProvider, key: named("container", "environmentId", "environment", (c, id) => c.containers.list(id)) },
  ContainerAdvancedSettings: { provider: () => settingsProvider("container"), notAdoptable: SETTINGS },
  JobAdvancedSettings: { provider: () => settingsProvider("job"), notAdoptable: SETTINGS },
  Job: { provider: () => require("./resources/job/index").jobProvider, key: named("job", "environmentId", "environment", (c, id) => c.jobs.list(id)) },
  EnvironmentDeployment: { provider: () => require("./resources/environment-deployment").environmentDeploymentProvider, notAdoptable: "it is an action on an environment, not an object of the service: there is nothing to take over" },
  Variable: { provider: () => require("./resources/variable").variableProvider, key: values("variable", false) },
  Secret: { provider: () => require("./resources/secret").secretProvider, key: values("secret", true) },
  CustomDomain: { provider: () => require("./resources/custom-domain").customDomainProvider, key: keyed("custom domain", "serviceId", "service", "domain", "domain", async (c, id, i) => (await c.customDomains.list(str(i["serviceKind"]) as CustomDomainServiceKind, id)).map((d) => ({ id: d.id, key: d.domain }))) },
  OrganizationSettings: { provider: () => require("./resources/organization-settings").organizationSettingsProvider, notAdoptable: "its create takes over the organization's settings already: there is nothing else to take over" },
  OrganizationMember: { provider: () => require("./resources/organization-member").organizationMemberProvider, notAdoptable: "its create takes over an existing member already (people join by invitation)" },
  OrganizationInvitation: { provider: () => require("./resources/organization-invitation").organizationInvitationProvider, key: keyed("invitation", "organizationId", "organization", "email", "email", async (c, id) => (await c.invitations.list(id)).map((i) => ({ id: i.id, key: i.email }))) },
  ApiToken: { provider: () => require("./resources/api-token").apiTokenProvider, notAdoptable: "the service shows a token's value only when it is created: an existing token cannot be taken over with it" },
  CustomRole: { provider: () => require("./resources/custom-role").customRoleProvider, key: named("custom role", "organizationId", "organization", async (c, id) => (await c.customRoles.list(id)).map((r) => ({ id: r.id, name: String(r.name ?? "") }))) },
  ClusterAdvancedSettings: { provider: () => require("./resources/cluster/advanced-settings").clusterAdvancedSettingsProvider, notAdoptable: SETTINGS },
  Cluster: { provider: () => require("./resources/cluster/index").clusterProvider, key: keyed("cluster", "organizationId", "organization", "name", "name", async (c, id) => (await c.clusters.list(id)).map((r) => ({ id: r.id, key: r.name, record: r }))) },
  AwsCredentials: { provider: () => require("./resources/cloud-credentials").awsCredentialsProvider, key: credentials("AWS") },
  GcpCredentials: { provider: () => require("./resources/cloud-credentials").gcpCredentialsProvider, key: credentials("GCP") },
  ScalewayCredentials: { provider: () => require("./resources/cloud-credentials").scalewayCredentialsProvider, key: credentials("SCW") },
  AzureCredentials: { provider: () => require("./resources/cloud-credentials").azureCredentialsProvider, key: credentials("AZURE") },
  OnPremiseCredentials: { provider: () => require("./resources/cloud-credentials").onPremiseCredentialsProvider, key: credentials("ON_PREMISE") },
  TerraformService: { provider: () => require("./resources/terraform-service/index").terraformServiceProvider, key: named("terraform service", "environmentId", "environment", (c, id) => c.terraforms.list(id)) },
  TerraformServiceAdvancedSettings: { provider: () => settingsProvider("terraform"), notAdoptable: SETTINGS },
  HelmRepository: { provider: () => require("./resources/helm-repository").helmRepositoryProvider, key: named("helm repository", "organizationId", "organization", (c, id) => c.helmRepositories.list(id)) },
  Helm: { provider: () => require("./resources/helm/index").helmProvider, key: named("helm", "environmentId", "environment", (c, id) => c.helms.list(id)) },
  DeploymentRule: { provider: () => require("./resources/deployment-rule").deploymentRuleProvider, key: named("deployment rule", "projectId", "project", (c, id) => c.deploymentRules.list(id)) },
  DeploymentRuleOrder: { provider: () => require("./resources/deployment-rule-order").deploymentRuleOrderProvider, notAdoptable: "it is the order of a project's rules, not an object of the service: its create takes the project's rules over already" },
  EnvironmentDeploymentRule: { provider: () => require("./resources/environment-deployment-rule").environmentDeploymentRuleProvider, notAdoptable: "every environment has its rule from its start: its create takes it over already" },
  HelmAdvancedSettings: { provider: () => settingsProvider("helm"), notAdoptable: SETTINGS },
} satisfies Record<string, Family>;

/** A resource kind this version of the package serves. */
export type FamilyKind = keyof typeof FAMILIES;

/** The family of `kind`, or undefined for a kind this version does not serve. */
export function familyOf(kind: string): Family | undefined {
  return Object.prototype.hasOwnProperty.call(FAMILIES, kind) ? (FAMILIES as Record<string, Family>)[kind] : undefined;
}
