import { APPLICATION_DEFAULTS, type ApplicationCreateRequest, type DeployServiceClient } from "../../../sdk";
import type { ApplicationInputs } from "./schema";
import { plain } from "../../framework/common";
import { isRecord, runtimeFromWire, runtimeToWire, text, withRuntimeChoices, type ExistingParts } from "../../framework/service-shape";

/** An application record as the client returns it. */
export type ApplicationRecord = Awaited<ReturnType<DeployServiceClient["applications"]["get"]>>;

/**
 * The create/edit body of an application (the service's spellings). `healthchecks` is always sent (`{}` is
 * valid); with `existing`, ports and volumes carry the ids of the ones the service has (matched by internal
 * port and mount point), and a cleared optional text is sent as `null` so the service forgets it.
 */
export function toWire(inputs: ApplicationInputs, existing?: ExistingParts): ApplicationCreateRequest {
  const repo = inputs.gitRepository;
  const clear = existing !== undefined ? null : undefined;
  const runtime = runtimeToWire(inputs, existing);
  return plain({
    name: inputs.name,
    git_repository: {
      url: repo.url,
      provider: repo.provider,
      branch: repo.branch,
      root_path: repo.rootPath,
      git_token_id: repo.gitTokenId ?? clear,
    },
    build_mode: inputs.buildMode,
    dockerfile_path: inputs.dockerfilePath ?? clear,
    docker_target_build_stage: inputs.dockerTargetBuildStage ?? clear,
    ...runtime,
  }) as ApplicationCreateRequest;
}

/** Inputs read back from the service (no variables, secrets, stage, advanced or deploy settings: the caller adds those). */
export type ApplicationBodyInputs = Omit<
  ApplicationInputs,
  "environmentVariables" | "secrets" | "deploymentStageId" | "deploy" | "deployTimeoutSeconds" | "advancedSettings" | "readBuiltInVariables"
>;

/** The application's own inputs as the service holds them (camel case, `null`s dropped). */
export function fromWire(record: ApplicationRecord, previous: Record<string, unknown>): ApplicationBodyInputs {
  const repo = record.git_repository;
  const prevRepo = (previous["gitRepository"] ?? {}) as Record<string, unknown>;
  return plain({
    environmentId: record.environment?.id ?? String(previous["environmentId"] ?? ""),
    name: record.name,
    gitRepository: {
      url: repo?.url ?? String(prevRepo["url"] ?? ""),
      branch: text(repo?.branch),
      rootPath: repo?.root_path ?? "/",
      gitTokenId: text(repo?.git_token_id),
      provider: (repo?.provider ?? prevRepo["provider"]) as ApplicationInputs["gitRepository"]["provider"],
    },
    buildMode: (record.build_mode ?? "DOCKER") as "DOCKER",
    dockerfilePath: text(record.dockerfile_path),
    dockerTargetBuildStage: text(record.docker_target_build_stage),
    ...runtimeFromWire(record, APPLICATION_DEFAULTS),
  });
}

/**
 * The desired inputs with the parts the service chooses when the program leaves them out taken from the stored
 * state: the git branch, and each port's name, external port and default flag (matched by internal port).
 */
export function withServiceChoices(news: Record<string, unknown>, olds: Record<string, unknown>): Record<string, unknown> {
  const out = withRuntimeChoices(news, olds);
  const repo = news["gitRepository"];
  const oldRepo = olds["gitRepository"];
  if (isRecord(repo) && isRecord(oldRepo) && repo["branch"] === undefined && oldRepo["url"] === repo["url"]) {
    out["gitRepository"] = { ...repo, branch: oldRepo["branch"] };
  }
  return out;
}
