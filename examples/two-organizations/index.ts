/**
 * Two organizations from one program: the same shop (a project and its staging environment) in the stack's
 * organization, with the stack's credentials, and in a second organization, with the credentials set `org-b`
 * whose token is in the environment variable DEPLOY_SERVICE_API_TOKEN_ORG_B.
 *
 *   pulumi config set deploy-service:apiUrl https://api.example.com     # the stack's credentials (organization A)
 *   pulumi config set --secret deploy-service:apiToken TOKEN_A
 *   pulumi config set orgAId <id>; pulumi config set orgAClusterId <id>
 *   pulumi config set orgBId <id>; pulumi config set orgBClusterId <id>
 *   pulumi config set orgBApiUrl https://...                            # optional: else the stack's URL
 *   pulumi config set orgBTokenScheme Bearer                            # optional: Token (default) or Bearer
 *   DEPLOY_SERVICE_API_TOKEN_ORG_B=TOKEN_B pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

/** Where one organization's shop goes. */
interface ShopArgs {
  organizationId: pulumi.Input<string>;
  clusterId: pulumi.Input<string>;
}

/** A project `shop` and its `staging` environment; the credentials are those the component is given. */
class Shop extends pulumi.ComponentResource {
  readonly projectId: pulumi.Output<string>;
  readonly environmentId: pulumi.Output<string>;

  constructor(name: string, args: ShopArgs, opts?: pulumi.ComponentResourceOptions) {
    super("two-organizations:index:Shop", name, {}, opts);
    const project = new ds.Project(`${name}-shop`, { organizationId: args.organizationId, name: "shop" }, { parent: this });
    const staging = new ds.Environment(
      `${name}-staging`,
      { projectId: project.id, clusterId: args.clusterId, name: "staging", mode: "STAGING" },
      { parent: this },
    );
    this.projectId = project.id;
    this.environmentId = staging.id;
    this.registerOutputs({ projectId: this.projectId, environmentId: this.environmentId });
  }
}

const config = new pulumi.Config();
const scheme = config.get("orgBTokenScheme");

// The second organization's credentials: no token here, only where the provider finds it at run time.
const orgB = new ds.Credentials("org-b", {
  ...(config.get("orgBApiUrl") ? { apiUrl: config.require("orgBApiUrl") } : {}),
  ...(scheme ? { tokenScheme: scheme as ds.TokenScheme } : {}),
});

const a = new Shop("org-a", { organizationId: config.require("orgAId"), clusterId: config.require("orgAClusterId") });
// Every resource in this component uses org-b's credentials.
const b = new Shop("org-b", { organizationId: config.require("orgBId"), clusterId: config.require("orgBClusterId") }, { providers: [orgB] });

export const orgAProjectId = a.projectId;
export const orgAEnvironmentId = a.environmentId;
export const orgBProjectId = b.projectId;
export const orgBEnvironmentId = b.environmentId;
