import * as pulumi from "@pulumi/pulumi";
import { applicationSchema } from "./schema";
import type { GitProvider } from "../git-token";
import { serviceObjectClass, type ServiceComputed } from "../../framework/resource";
import type { RuntimeArgs } from "../../service-kinds/shape";
import type { APPLICATION_ADVANCED_SETTINGS } from "../../../sdk";
import type { InlineAdvancedSettingsArgs } from "../../service-kinds/advanced-settings";
import type { RestrictedServiceArgs } from "../../service-kinds/restrictions";
import type { ServiceHostsComputed } from "../../service-kinds/hosts";

import { application } from "./provider";

export { applicationProvider } from "./provider";
export { applicationSchema };
export type { HealthchecksArgs, PortArgs, ProbeArgs, ProbeTypeArgs, StorageArgs } from "../../service-kinds/shape";

/** The git repository an application is built from. */
export interface GitRepositoryArgs {
  /**
   * Repository URL: `https://host/owner/repo` or `http://...` (the service clones over http(s); ssh addresses are refused), e.g.
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

/** Inputs of an {@link Application}. */
export interface ApplicationArgs
  extends RuntimeArgs, RestrictedServiceArgs, InlineAdvancedSettingsArgs<typeof APPLICATION_ADVANCED_SETTINGS> {
  /** Repository the application is built from. Wire: `git_repository`. */
  gitRepository: pulumi.Input<GitRepositoryArgs>;
  /** How it is built; only `DOCKER`. Default: `DOCKER`. Wire: `build_mode`. */
  buildMode?: pulumi.Input<"DOCKER">;
  /** Dockerfile path inside `rootPath`. Default: the service's (`Dockerfile`). Wire: `dockerfile_path`. */
  dockerfilePath?: pulumi.Input<string>;
  /** Target stage of a multi-stage Dockerfile. Default: the last stage. Wire: `docker_target_build_stage`. */
  dockerTargetBuildStage?: pulumi.Input<string>;
  /** Clone a preview environment for each pull request. Default: `true`. Wire: `auto_preview`. */
  autoPreview?: pulumi.Input<boolean>;
  /** Redeploy on each new commit. Default: `false`. Wire: `auto_deploy`. */
  autoDeploy?: pulumi.Input<boolean>;
}

/** What the service says of an application beyond its inputs: outputs of an {@link Application}. */
export interface ApplicationComputed extends ServiceComputed, ServiceHostsComputed {
  /** The git commit the running version was built from (after a deployment; absent before the first one). */
  deployedCommitId?: string;
  /** When the deployed commit was made (ISO 8601). */
  deployedCommitDate?: string;
  /** Who made the deployed commit. */
  deployedCommitContributor?: string;
  /** The git tag on the deployed commit, when it has one. */
  deployedCommitTag?: string;
}


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
 *   advancedSettings: { "network.ingress.proxy_body_size_mb": 100 }, // set before the first deployment
 *   deploy: true, // deployed and waited for by `pulumi up`; a change of any of the above redeploys
 * });
 *
 * @class
 */
export const Application = serviceObjectClass<ApplicationArgs, typeof applicationSchema, ApplicationComputed>(application);
/** {@link Application} as a type: its outputs are every input as stored and what the service computes. */
export type Application = InstanceType<typeof Application>;
