import * as pulumi from "@pulumi/pulumi";
import { applicationSchema } from "./schema";
import type { OutputsMatch } from "../../framework/args";
import type { GitProvider } from "../git-token";
import { RunningServiceResource, familyResourceArgs } from "../../framework/resource";
import type { RuntimeArgs } from "../../service-kinds/shape";
import type { APPLICATION_ADVANCED_SETTINGS } from "../../../sdk";
import type { AdvancedSettings } from "../application-advanced-settings";
import type { InlineAdvancedSettingsArgs } from "../../service-kinds/advanced-settings";

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
  extends RuntimeArgs, InlineAdvancedSettingsArgs<typeof APPLICATION_ADVANCED_SETTINGS> {
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
 */
export class Application extends RunningServiceResource {
  /** Repository, with the provider and branch in use. */
  declare readonly gitRepository: pulumi.Output<{
    /** Repository URL. */
    url: string;
    /** Branch deployed. */
    branch?: string;
    /** Directory of the repository the application is built from. */
    rootPath: string;
    /** Id of the git token used to clone, when there is one. */
    gitTokenId?: string;
    /** Git provider of the URL. */
    provider: GitProvider;
  }>;
  /** Build mode. */
  declare readonly buildMode: pulumi.Output<string>;
  /** Dockerfile path. */
  declare readonly dockerfilePath: pulumi.Output<string | undefined>;
  /** Docker target build stage. */
  declare readonly dockerTargetBuildStage: pulumi.Output<string | undefined>;
  /** The git commit the running version was built from (after a deployment; `undefined` before the first one). */
  declare readonly deployedCommitId: pulumi.Output<string | undefined>;
  /** When the deployed commit was made (ISO 8601). */
  declare readonly deployedCommitDate: pulumi.Output<string | undefined>;
  /** Who made the deployed commit. */
  declare readonly deployedCommitContributor: pulumi.Output<string | undefined>;
  /** The git tag on the deployed commit, when it has one. */
  declare readonly deployedCommitTag: pulumi.Output<string | undefined>;
  /** The advanced settings managed inline, as the service holds them. */
  declare readonly advancedSettings: pulumi.Output<AdvancedSettings | undefined>;

  /**
   * @param name the Pulumi resource name.
   * @param args the application's inputs.
   * @param opts resource options (`secrets` is always stored as a secret).
   */
  constructor(name: string, args: ApplicationArgs, opts?: pulumi.CustomResourceOptions) {
    super(...familyResourceArgs(application, name, args, opts));
  }
}

const outputsMatchSchema: OutputsMatch<Application, typeof applicationSchema> = true;
void outputsMatchSchema;
