/**
 * The one component every customer's stack is built from: a project of its own in the service and its `production`
 * environment.
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

/** What one customer's environment needs. */
export interface CustomerEnvironmentArgs {
  organizationId: pulumi.Input<string>;
  clusterId: pulumi.Input<string>;
  /** The project's name in the service: the customer's id. */
  projectName: string;
  /** The project's description, e.g. the customer's plan. */
  description: string;
}

/** One customer: a project named after it and a `production` environment in it. */
export class CustomerEnvironment extends pulumi.ComponentResource {
  readonly project: ds.Project;
  readonly environment: ds.Environment;

  constructor(name: string, args: CustomerEnvironmentArgs, opts?: pulumi.ComponentResourceOptions) {
    super("fleet:index:CustomerEnvironment", name, {}, opts);
    this.project = new ds.Project(`${name}-project`, {
      organizationId: args.organizationId,
      name: args.projectName,
      description: args.description,
    }, { parent: this });
    this.environment = new ds.Environment(`${name}-production`, {
      projectId: this.project.id,
      clusterId: args.clusterId,
      name: "production",
      mode: "PRODUCTION",
      // The project's delete takes its environment: a teardown sends one delete instead of two (and their waits).
    }, { parent: this, deletedWith: this.project });
    this.registerOutputs({ projectId: this.project.id, environmentId: this.environment.id });
  }
}
