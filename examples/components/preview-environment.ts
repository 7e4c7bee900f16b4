import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

/** What one pull request's preview environment needs to know. */
export interface PreviewEnvironmentArgs {
  /** The project of the base environment; the preview environment is made in it. */
  projectId: pulumi.Input<string>;
  /** The environment to copy (e.g. staging): its services, variables, secrets and settings. */
  baseEnvironmentId: pulumi.Input<string>;
  /** The pull request's number: the environment is `pr-<number>`. */
  pullRequest: number;
  /** The commit of the pull request's branch to deploy on the services built from the repository. */
  commitId: string;
  /** Names of the base environment's applications built from the pull request's repository: each is pinned to `commitId`. */
  repositoryServices: string[];
  /** Name of the application whose id (and status) the component exports: the one reviewers open. */
  frontService: string;
  /** Cluster of the preview environment. Default: the base environment's. */
  clusterId?: pulumi.Input<string>;
  /** How long `up` waits for the deployment, in seconds. Default: the deployment's (1800). */
  timeoutSeconds?: number;
}

/**
 * One pull request's preview environment: the base environment cloned into `pr-<number>` in mode `PREVIEW`, the
 * pull request's commit pinned on the applications built from the repository, the whole environment deployed stage
 * by stage. Destroying it stops and deletes the environment and everything the clone copied into it; the base
 * environment is never touched.
 */
export class PreviewEnvironment extends pulumi.ComponentResource {
  /** The environment made by the clone. */
  readonly environment: ds.Environment;
  /** Its name: `pr-<number>`. */
  readonly environmentName: string;
  /** The deployment of the environment with the pins. */
  readonly deployment: ds.EnvironmentDeployment;
  /** Id of the front service's copy in the preview environment. */
  readonly frontId: pulumi.Output<string>;
  /** URL of the front service's copy (its default link; `""` when it has no public port), read once it is deployed. */
  readonly frontUrl: pulumi.Output<string>;
  /** The environment's state once deployed (`DEPLOYED`). */
  readonly state: pulumi.Output<string>;

  constructor(name: string, args: PreviewEnvironmentArgs, opts?: pulumi.ComponentResourceOptions) {
    super("shop:index:PreviewEnvironment", name, {}, opts);
    const parent = { parent: this };
    if (!Number.isInteger(args.pullRequest) || args.pullRequest < 1) {
      throw new Error(`PreviewEnvironment ${name}: pullRequest: expected a pull request's number (1 or more), got ${args.pullRequest}`);
    }
    if (args.repositoryServices.length === 0) {
      throw new Error(`PreviewEnvironment ${name}: repositoryServices: expected the names of the applications built from the repository, got none`);
    }
    this.environmentName = `pr-${args.pullRequest}`;

    this.environment = new ds.Environment(`${name}-env`, {
      projectId: args.projectId,
      name: this.environmentName,
      cloneFrom: args.baseEnvironmentId,
      mode: "PREVIEW",
      ...(args.clusterId !== undefined ? { clusterId: args.clusterId } : {}),
    }, parent);
    const environmentId = this.environment.id;

    // The copies of the base's applications, found by name in the clone (new ids, made by the service).
    const copyOf = (service: string) => ds.getApplicationOutput({ environmentId, name: service }).id;
    const pinned = args.repositoryServices.map((service) => copyOf(service));
    const applications = pulumi.all(pinned).apply((ids) => Object.fromEntries(ids.map((id) => [id, args.commitId])));

    this.deployment = new ds.EnvironmentDeployment(`${name}-deployment`, {
      environmentId,
      services: { applications },
      // The environment itself is deleted right after: no need to stop its services one by one first.
      onDelete: "keep",
      ...(args.timeoutSeconds !== undefined ? { timeoutSeconds: args.timeoutSeconds } : {}),
    }, parent);

    this.frontId = copyOf(args.frontService);
    this.state = this.deployment.state;
    // Read after the deployment, so the link is the deployed copy's.
    this.frontUrl = ds.getServiceLinksOutput({ serviceKind: "application", serviceId: pulumi.all([this.frontId, this.state]).apply(([id]) => id) }).url;
    this.registerOutputs({ environmentId, frontId: this.frontId, frontUrl: this.frontUrl, state: this.state });
  }
}
