import * as pulumi from "@pulumi/pulumi";
import { applicationSchema, type ApplicationInputs } from "./schema";
import type { ArgsMatch } from "../../framework/args";
import type { GitProvider } from "../git-token";
import { ServiceObjectResource } from "../../framework/resource";

import { application } from "./provider";

export { applicationProvider } from "./provider";
export { applicationSchema };

/** The git repository an application is built from. */
export interface GitRepositoryArgs {
  /**
   * Repository URL: `https://host/owner/repo`, `http://...`, `ssh://...` or `git@host:owner/repo`, e.g.
   * `https://github.com/acme/api.git`; other schemes (`file:`, `javascript:`) are refused. Wire: `git_repository.url`.
   */
  url: pulumi.Input<string>;
  /** Branch to build. Default: the one the service picks (`main` or `master`). Wire: `git_repository.branch`. */
  branch?: pulumi.Input<string>;
  /** Folder of the application inside the repository. Default: `"/"`. Wire: `git_repository.root_path`. */
  rootPath?: pulumi.Input<string>;
  /** Id of a {@link GitToken} giving access to a private repository. Default: none. Wire: `git_repository.git_token_id`. */
  gitTokenId?: pulumi.Input<string>;
  /**
   * `GITHUB`, `GITLAB` or `BITBUCKET`. Default: derived from the URL host (github.com, gitlab.com, bitbucket.org);
   * required for any other host. Wire: `git_repository.provider`.
   */
  provider?: pulumi.Input<GitProvider>;
}

/** What a probe checks: give exactly one of `tcp`, `http`, `exec`, `grpc`. */
export interface ProbeTypeArgs {
  /** A TCP connection to `port` (on `host`, default the pod). */
  tcp?: pulumi.Input<{ port?: pulumi.Input<number>; host?: pulumi.Input<string> }>;
  /** An HTTP GET of `path` (default `/`) with `scheme` (`"HTTP"`, the default, or `"HTTPS"`) on `port`. */
  http?: pulumi.Input<{ path?: pulumi.Input<string>; scheme?: pulumi.Input<string>; port?: pulumi.Input<number> }>;
  /** A command run in the container; success when it exits with 0. */
  exec?: pulumi.Input<{ command: pulumi.Input<pulumi.Input<string>[]> }>;
  /** A gRPC health check of `service` on `port`. */
  grpc?: pulumi.Input<{ service?: pulumi.Input<string>; port?: pulumi.Input<number> }>;
}

/** A readiness or liveness probe (wire: snake case, e.g. `initial_delay_seconds`). */
export interface ProbeArgs {
  /** What is checked. Wire: `type`. */
  type: pulumi.Input<ProbeTypeArgs>;
  /** Seconds before the first check. Default: `30`. */
  initialDelaySeconds?: pulumi.Input<number>;
  /** Seconds between checks. Default: `10`. */
  periodSeconds?: pulumi.Input<number>;
  /** Seconds a check may take. Default: `5`. */
  timeoutSeconds?: pulumi.Input<number>;
  /** Successes in a row that make the probe pass. Default: `1`. */
  successThreshold?: pulumi.Input<number>;
  /** Failures in a row that make the probe fail. Default: `9`. */
  failureThreshold?: pulumi.Input<number>;
}

/** Health checks of an application. */
export interface HealthchecksArgs {
  /** Decides when an instance receives traffic. Wire: `readiness_probe`. */
  readinessProbe?: pulumi.Input<ProbeArgs>;
  /** Decides when an instance is restarted. Wire: `liveness_probe`. */
  livenessProbe?: pulumi.Input<ProbeArgs>;
}

/** A port an application listens on. */
export interface PortArgs {
  /** Port the application listens on (1-65535); ports are matched by it across updates. Wire: `internal_port`. */
  internalPort: pulumi.Input<number>;
  /** Port exposed to the world (1-65535). Default: 443 for public ports, chosen by the service. Wire: `external_port`. */
  externalPort?: pulumi.Input<number>;
  /** Expose the port publicly. Wire: `publicly_accessible`. */
  publiclyAccessible: pulumi.Input<boolean>;
  /** `HTTP`, `GRPC`, `TCP` or `UDP`. Default: `HTTP`. Wire: `protocol`. */
  protocol?: pulumi.Input<"HTTP" | "GRPC" | "TCP" | "UDP">;
  /** Port name, not only whitespace. Default: chosen by the service (`p<internalPort>`). Wire: `name`. */
  name?: pulumi.Input<string>;
  /** The port used for the application's domain. Default: the first port, chosen by the service. Wire: `is_default`. */
  isDefault?: pulumi.Input<boolean>;
  /** Path (or regex) public traffic must match, public HTTP/GRPC ports only. Wire: `public_path`. */
  publicPath?: pulumi.Input<string>;
  /** Path the matched traffic is rewritten to. Wire: `public_path_rewrite`. */
  publicPathRewrite?: pulumi.Input<string>;
}

/** A persistent volume of an application. */
export interface StorageArgs {
  /** Size in GB, 4 (the service's minimum) to 65536 (64 TiB, the largest single cloud volume; the API sets no maximum). Wire: `size`. */
  size: pulumi.Input<number>;
  /** Absolute path the volume is mounted at; volumes are matched by it across updates. Wire: `mount_point`. */
  mountPoint: pulumi.Input<string>;
}

/** Inputs of an {@link Application}. */
export interface ApplicationArgs {
  /** Environment holding the application (wire: the `{environmentId}` of the create path). Changing it replaces the application. */
  environmentId: pulumi.Input<string>;
  /** Application name, unique within the environment (case-insensitive), 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /** Repository the application is built from. Wire: `git_repository`. */
  gitRepository: pulumi.Input<GitRepositoryArgs>;
  /** How it is built; only `DOCKER`. Default: `DOCKER`. Wire: `build_mode`. */
  buildMode?: pulumi.Input<"DOCKER">;
  /** Dockerfile path inside `rootPath`. Default: the service's (`Dockerfile`). Wire: `dockerfile_path`. */
  dockerfilePath?: pulumi.Input<string>;
  /** Target stage of a multi-stage Dockerfile. Default: the last stage. Wire: `docker_target_build_stage`. */
  dockerTargetBuildStage?: pulumi.Input<string>;
  /**
   * CPU per instance in millicores (1000 = one CPU), 1 to 256000. Default: `500`. Wire: `cpu`. The API sets no maximum:
   * 256000 (256 CPUs) is this package's guard against slips such as `1e9`.
   */
  cpu?: pulumi.Input<number>;
  /** Memory per instance in MB, 1 to 4194304 (4 TiB; the API sets no maximum, this is a guard against slips). Default: `512`. Wire: `memory`. */
  memory?: pulumi.Input<number>;
  /** GPUs per instance, 0 to 64 (the API sets only the minimum). Default: `0`. Wire: `gpu`. */
  gpu?: pulumi.Input<number>;
  /** Fewest instances running, 0 to 1000 (0 stops the application; the API sets only the minimum). Default: `1`. Wire: `min_running_instances`. */
  minRunningInstances?: pulumi.Input<number>;
  /** Most instances running, at least `minRunningInstances` and at most 1000; `-1` means no limit. Default: `1`. Wire: `max_running_instances`. */
  maxRunningInstances?: pulumi.Input<number>;
  /** Ports the application listens on. Default: none. Wire: `ports`. */
  ports?: pulumi.Input<pulumi.Input<PortArgs>[]>;
  /** Readiness and liveness probes. Default: `{}` (none; always sent, as the service requires). Wire: `healthchecks`. */
  healthchecks?: pulumi.Input<HealthchecksArgs>;
  /** Persistent volumes. Default: none. Wire: `storage`. */
  storage?: pulumi.Input<pulumi.Input<StorageArgs>[]>;
  /** Arguments passed to the entrypoint. Default: none. Wire: `arguments`. */
  arguments?: pulumi.Input<pulumi.Input<string>[]>;
  /** Entrypoint of the container. Default: the image's. Wire: `entrypoint`. */
  entrypoint?: pulumi.Input<string>;
  /** Clone a preview environment for each pull request. Default: `true`. Wire: `auto_preview`. */
  autoPreview?: pulumi.Input<boolean>;
  /** Redeploy on each new commit. Default: `false`. Wire: `auto_deploy`. */
  autoDeploy?: pulumi.Input<boolean>;
  /** Ids of annotation groups of the organization (each a valid id: no `/`, `..`, `%` or whitespace). Default: none. Wire: `annotations_groups` (`[{id}]`). */
  annotationsGroupIds?: pulumi.Input<pulumi.Input<string>[]>;
  /** Ids of label groups of the organization (each a valid id: no `/`, `..`, `%` or whitespace). Default: none. Wire: `labels_groups` (`[{id}]`). */
  labelsGroupIds?: pulumi.Input<pulumi.Input<string>[]>;
  /** Deployment stage to put the application in (wire: `PUT /deploymentStage/{id}/service/{applicationId}`). Default: the stage the service chooses. */
  deploymentStageId?: pulumi.Input<string>;
  /**
   * Environment variables by key (letters, digits, `_`). Each changed key is one API call
   * (wire: `/application/{id}/environmentVariable`). Default: none.
   */
  environmentVariables?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Secrets by key (wire: `/application/{id}/secret`). Stored as Pulumi secrets; the service never returns the
   * values, so a secret changed outside Pulumi is detected by its `updated_at` and set again by the next `up`. Default: none.
   */
  secrets?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Deploy after create and after each update, and wait until the deployment ends. Default: `false`. */
  deploy?: pulumi.Input<boolean>;
  /** How long to wait for a deployment, in seconds (1-86400). Default: `1800`. */
  deployTimeoutSeconds?: pulumi.Input<number>;
}

const argsMatchSchema: ArgsMatch<ApplicationArgs, typeof applicationSchema> = true;
void argsMatchSchema;

/**
 * A containerized application built from a git repository, with its environment variables, secrets and
 * deployment stage. `secrets` is stored as a Pulumi secret.
 *
 * @example
 * const api = new Application("api", {
 *   environmentId: env.id,
 *   name: "api",
 *   gitRepository: { url: "https://github.com/acme/api.git", branch: "main" },
 *   ports: [{ internalPort: 8080, publiclyAccessible: true }],
 *   environmentVariables: { LOG_LEVEL: "info" },
 *   secrets: { API_KEY: config.requireSecret("apiKey") },
 * });
 */
export class Application extends ServiceObjectResource {
  /** Environment holding the application. */
  declare readonly environmentId: pulumi.Output<string>;
  /** Application name. */
  declare readonly name: pulumi.Output<string>;
  /** Repository, with the provider and branch in use. */
  declare readonly gitRepository: pulumi.Output<{ url: string; branch?: string; rootPath: string; gitTokenId?: string; provider: GitProvider }>;
  /** Build mode. */
  declare readonly buildMode: pulumi.Output<string>;
  /** Dockerfile path. */
  declare readonly dockerfilePath: pulumi.Output<string | undefined>;
  /** Docker target build stage. */
  declare readonly dockerTargetBuildStage: pulumi.Output<string | undefined>;
  /** CPU per instance in millicores. */
  declare readonly cpu: pulumi.Output<number>;
  /** Memory per instance in MB. */
  declare readonly memory: pulumi.Output<number>;
  /** GPUs per instance. */
  declare readonly gpu: pulumi.Output<number>;
  /** Fewest instances running. */
  declare readonly minRunningInstances: pulumi.Output<number>;
  /** Most instances running (-1: no limit). */
  declare readonly maxRunningInstances: pulumi.Output<number>;
  /** Ports, with the names and external ports in use. */
  declare readonly ports: pulumi.Output<ApplicationInputs["ports"]>;
  /** Probes, defaults filled in. */
  declare readonly healthchecks: pulumi.Output<ApplicationInputs["healthchecks"]>;
  /** Volumes. */
  declare readonly storage: pulumi.Output<ApplicationInputs["storage"]>;
  /** Entrypoint arguments. */
  declare readonly arguments: pulumi.Output<string[]>;
  /** Entrypoint. */
  declare readonly entrypoint: pulumi.Output<string | undefined>;
  /** Preview environments per pull request. */
  declare readonly autoPreview: pulumi.Output<boolean>;
  /** Redeploy on new commits. */
  declare readonly autoDeploy: pulumi.Output<boolean>;
  /** Annotation group ids. */
  declare readonly annotationsGroupIds: pulumi.Output<string[]>;
  /** Label group ids. */
  declare readonly labelsGroupIds: pulumi.Output<string[]>;
  /** Deployment stage the application is in. */
  declare readonly deploymentStageId: pulumi.Output<string | undefined>;
  /** Environment variables by key. */
  declare readonly environmentVariables: pulumi.Output<Record<string, string>>;
  /** Secrets by key (secret). */
  declare readonly secrets: pulumi.Output<Record<string, string>>;
  /** Ids of the variables at the service, by key. */
  declare readonly variableRefs: pulumi.Output<Record<string, { id: string }>>;
  /** Ids and last change times of the secrets at the service, by key. */
  declare readonly secretRefs: pulumi.Output<Record<string, { id: string; updatedAt?: string }>>;
  /** Whether create/update deploy. */
  declare readonly deploy: pulumi.Output<boolean>;
  /** Deploy wait limit in seconds. */
  declare readonly deployTimeoutSeconds: pulumi.Output<number>;
  /** The git commit the running version was built from (after a deployment; `undefined` before the first one). */
  declare readonly deployedCommitId: pulumi.Output<string | undefined>;
  /** When the deployed commit was made (ISO 8601). */
  declare readonly deployedCommitDate: pulumi.Output<string | undefined>;
  /** Who made the deployed commit. */
  declare readonly deployedCommitContributor: pulumi.Output<string | undefined>;
  /** The git tag on the deployed commit, when it has one. */
  declare readonly deployedCommitTag: pulumi.Output<string | undefined>;

  /**
   * @param name the Pulumi resource name.
   * @param args the application's inputs.
   * @param opts resource options (`secrets` is always stored as a secret).
   */
  constructor(name: string, args: ApplicationArgs, opts?: pulumi.CustomResourceOptions) {
    super(application, name, args, opts);
  }
}
