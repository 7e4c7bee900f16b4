/**
 * The organization's team as code: its settings, its members and invitations (from lists in the stack config), a
 * custom role, a Deploy-scope API token per environment written into that environment's `DEPLOY_SERVICE_API_TOKEN`
 * secret variable (what its CI pipeline deploys with), and a Read-scope token for a dashboard.
 *
 *   pulumi config set members '[{"email":"alice@acme.example","role":"Admin"}]'      # people already members
 *   pulumi config set invitations '[{"email":"bob@acme.example","role":"Read"}]'     # people to invite
 *   pulumi config set tokenGeneration 2                                               # rotates every token
 *   pulumi config set organizationId <id>        # optional: else the token's only organization
 *   pulumi config set clusterId <id>             # optional: else the cluster named by `cluster` (eu-west)
 *   pulumi up
 *
 * `kubernetes.mts` hands a cluster's kubeconfig to the Kubernetes provider (see README.md).
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

/** A person and the role they have (or get on accepting): a role's name as the organization lists it. */
interface Person {
  email: string;
  role: string;
}

const config = new pulumi.Config();
// Ids from config skip the lookups, so a preview with no change sends no request at all.
const organizationId: pulumi.Input<string> = config.get("organizationId") ?? ds.getOrganizationOutput({}).id;
const clusterId: pulumi.Input<string> =
  config.get("clusterId") ?? ds.getClusterOutput({ organizationId, name: config.get("cluster") ?? "eu-west" }).id;
/** Change it to rotate every token: each new token is made before the old one is deleted. */
const tokenGeneration = config.get("tokenGeneration") ?? "1";

new ds.OrganizationSettings("organization", {
  organizationId,
  description: config.get("description") ?? "Managed by Pulumi: see examples/team-and-tokens",
  ...(config.get("websiteUrl") ? { websiteUrl: config.get("websiteUrl")! } : {}),
});

for (const person of config.getObject<Person[]>("members") ?? []) {
  new ds.OrganizationMember(`member-${person.email}`, { organizationId, email: person.email, role: person.role });
}
const invitations = (config.getObject<Person[]>("invitations") ?? []).map((person) => ({
  email: person.email,
  invitation: new ds.OrganizationInvitation(`invite-${person.email}`, { organizationId, email: person.email, role: person.role }),
}));

const project = new ds.Project("platform", { organizationId, name: config.get("projectName") ?? "platform" });

const deployers = new ds.CustomRole("staging-deployers", {
  organizationId,
  name: "staging-deployers",
  description: "Deploys the platform's staging environments",
  clusterPermissions: [{ clusterId, permission: "ENV_CREATOR" }],
  projectPermissions: [{ projectId: project.id, permissions: [{ environmentType: "STAGING", permission: "DEPLOYER" }] }],
});

const environments = (["staging", "production"] as const).map((name) => {
  const environment = new ds.Environment(name, {
    projectId: project.id, clusterId, name, mode: name === "production" ? "PRODUCTION" : "STAGING",
  });
  // The environment's CI pipeline deploys with its own token; a new `tokenGeneration` rotates it.
  const token = new ds.ApiToken(`ci-${name}`, {
    organizationId, name: `ci-${name}`, description: `CI of ${name}`, scope: "Deploy", triggers: [tokenGeneration],
  });
  new ds.Secret(`ci-token-${name}`, {
    scope: "ENVIRONMENT", parentId: environment.id, key: "DEPLOY_SERVICE_API_TOKEN", value: token.token,
  });
  return { name, environment, token };
});

const dashboard = new ds.ApiToken("dashboard", {
  organizationId, name: "dashboard", description: "Read-only dashboard", scope: "Read", triggers: [tokenGeneration],
});

export const projectId = project.id;
export const customRoleId = deployers.id;
export const environmentIds = Object.fromEntries(environments.map((e) => [e.name, e.environment.id]));
/** The CI tokens by environment (secrets: `pulumi stack output ciTokens --show-secrets`). */
export const ciTokens = pulumi.secret(Object.fromEntries(environments.map((e) => [e.name, e.token.token])));
export const ciTokenIds = Object.fromEntries(environments.map((e) => [e.name, e.token.id]));
/** The dashboard's read-only token (a secret). */
export const dashboardToken = dashboard.token;
/** `PENDING` until each invited person accepts, then `ACCEPTED`. */
export const invitationStatuses = Object.fromEntries(invitations.map((i) => [i.email, i.invitation.status]));
