/**
 * `EnvironmentDeployment`: an environment's services deployed (or stopped) by `pulumi up`, stage by stage in the
 * environment's deployment order, waited for until every service is deployed, with pins, triggers and progress.
 */
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { classifyState, isNotFound, type EnvironmentStatus } from "../../sdk";
import { argsSchema } from "../framework/args";
import { apiClient } from "../framework/credentials";
import { defineResource, withPartProgress, type DefinedResource, type Part, type Props } from "../framework/define";
import { field } from "../framework/fields";
import { idInput } from "../framework/rules";
import { DEFAULT_DEPLOY_TIMEOUT_SECONDS, MAX_DEPLOY_TIMEOUT_SECONDS } from "../service-kinds/deploy";
import { serviceObjectClass } from "../framework/resource";
import { pinsSchema, samePins } from "./environment-deployment-pins";
import { carryOut, planOf, runAndWait } from "./environment-deployment-run";

/** What an environment deployment keeps its environment at. */
export const ENVIRONMENT_DESIRED_STATES = ["RUNNING", "STOPPED"] as const;
/** `RUNNING` (deployed) or `STOPPED`. */
export type EnvironmentDesiredState = (typeof ENVIRONMENT_DESIRED_STATES)[number];

/** What destroying an environment deployment does to the environment's services. */
export const ENVIRONMENT_DEPLOYMENT_ON_DELETE = ["stop", "keep"] as const;

/** The version of a job to deploy: its image tag (a job run from an image) or its git commit (one built from git). */
export interface JobPinArgs {
  /** Image tag, for a job run from an image (sent as `image_tag`). */
  imageTag?: pulumi.Input<string>;
  /** Git commit, for a job built from a git repository (sent as `git_commit_id`). */
  gitCommitId?: pulumi.Input<string>;
}

/** The version of a Helm chart to deploy: a chart version (a chart of a repository) or a git commit (a chart from git). */
export interface HelmPinArgs {
  /** Chart version, SemVer or a constraint (sent as `chart_version`). */
  chartVersion?: pulumi.Input<string>;
  /** Git commit of a chart from git (sent as `git_commit_id`). */
  gitCommitId?: pulumi.Input<string>;
  /** Git commit of the values files (sent as `values_override_git_commit_id`). */
  valuesOverrideGitCommitId?: pulumi.Input<string>;
}

/**
 * The versions to deploy, per service id. Only the services listed are pinned; the others deploy as the service
 * decides (an application its branch's last commit, a container its `tag`). A pin is recorded by the service as the
 * service's version (a container's pinned tag becomes its tag).
 */
export interface EnvironmentDeploymentPinsArgs {
  /** Git commit to deploy, by application id (wire: `applications[].git_commit_id`). */
  applications?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Image tag to deploy, by container id (wire: `containers[].image_tag`). */
  containers?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Image tag or git commit to deploy, by job id (wire: `jobs[].image_tag` / `jobs[].git_commit_id`). */
  jobs?: pulumi.Input<Record<string, pulumi.Input<JobPinArgs>>>;
  /** Git commit of the module to plan and apply, by Terraform service id (wire: `terraforms[].git_commit_id`). */
  terraforms?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Chart version, git commit or values files' commit to deploy, by Helm chart id (wire: `helms[].chart_version`, ...). */
  helms?: pulumi.Input<Record<string, pulumi.Input<HelmPinArgs>>>;
}

/** Inputs of an {@link EnvironmentDeployment}. */
export interface EnvironmentDeploymentArgs {
  /** The environment to deploy. Changing it replaces the resource: the old environment is stopped (see `onDelete`), the new one deployed. */
  environmentId: pulumi.Input<string>;
  /**
   * `RUNNING`: deploy the environment's services and wait until every one is deployed; `STOPPED`: stop them and wait
   * until every one is stopped. A refresh reads the environment's real state: a stopped or failed environment shows as a
   * change of `desiredState` (e.g. `"DEPLOYMENT_ERROR" => "RUNNING"`), and the next `up` deploys it again. Default: `RUNNING`.
   */
  desiredState?: pulumi.Input<EnvironmentDesiredState>;
  /**
   * Any values whose change should redeploy the whole environment (an image tag, a configuration hash, a release
   * number): when one changes (with `desiredState: "RUNNING"`) every service is deployed again, stage by stage.
   * Default: none.
   */
  triggers?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * When `triggers` change, restart the running services (applications, databases, containers; wire:
   * `POST /environment/{id}/service/restart-service`) instead of redeploying them: no build, same versions. Jobs do
   * not restart. Default: `false` (redeploy).
   */
  restartOnChange?: pulumi.Input<boolean>;
  /**
   * Versions to deploy per service: an application's git commit, a container's image tag, a job's tag or commit.
   * When only pins change, only the services whose pin changed (or was added) are deployed, with their pins, through
   * the environment's service deploy (`POST /environment/{id}/service/deploy`), still stage by stage; a pin removed
   * deploys nothing (the service keeps what it runs). Default: none.
   */
  services?: pulumi.Input<EnvironmentDeploymentPinsArgs>;
  /**
   * How long to wait for the deployment (or the stop) of every service, in seconds (1-86400). Running out of time
   * fails the `up` (never a success), naming the stage and the services still moving. Default: `1800`.
   */
  timeoutSeconds?: pulumi.Input<number>;
  /**
   * What destroying this resource (or replacing it) does: `"stop"` stops the environment's services and waits until
   * they are stopped; `"keep"` leaves them running. The environment itself is never deleted. Default: `"stop"`.
   */
  onDelete?: pulumi.Input<(typeof ENVIRONMENT_DEPLOYMENT_ON_DELETE)[number]>;
  /**
   * Values blanked out (`***`) of the log lines a failure quotes, besides the API token and the secrets this package
   * sent in the same run: e.g. the secrets of the environment's services. Stored as a secret. Default: none.
   */
  secretValues?: pulumi.Input<pulumi.Input<string>[]>;
}

/** What the service says of an environment deployment beyond its inputs: outputs of an {@link EnvironmentDeployment}. */
export interface EnvironmentDeploymentComputed {
  /**
   * `RUNNING` or `STOPPED` as asked; after a refresh, what the environment's state amounts to (`DEPLOYMENT_ERROR`,
   * `CANCELED`...), and after a failed deployment the state it ended in (or `UNFINISHED`).
   */
  desiredState: string;
  /** The environment's state as last read (`DEPLOYED`, `STOPPED`, `DEPLOYMENT_ERROR`...). */
  state: string;
  /** The deployment request of the environment's last deployment (or stop). */
  deploymentRequestId?: string;
}

/** Validated inputs: the single source of field names, types and defaults. Nothing is sent as a body. */
export const environmentDeploymentSchema = argsSchema<EnvironmentDeploymentArgs>()(z.strictObject({
  environmentId: field(idInput(), { wire: false, replace: true }),
  desiredState: field(z.enum(ENVIRONMENT_DESIRED_STATES).default("RUNNING"), { wire: false }),
  triggers: field(z.record(z.string(), z.string()).default({}), { wire: false }),
  restartOnChange: field(z.boolean().default(false), { wire: false }),
  services: field(pinsSchema.optional(), { wire: false, same: samePins }),
  timeoutSeconds: field(z.number().int().min(1).max(MAX_DEPLOY_TIMEOUT_SECONDS).default(DEFAULT_DEPLOY_TIMEOUT_SECONDS), { wire: false }),
  onDelete: field(z.enum(ENVIRONMENT_DEPLOYMENT_ON_DELETE).default("stop"), { wire: false }),
  secretValues: field(z.array(z.string()).default([]), { wire: false, secret: true }),
}));
/** Environment deployment inputs after validation (defaults applied). */
export type EnvironmentDeploymentInputs = z.output<typeof environmentDeploymentSchema>;

/**
 * The `desiredState` the environment's real state amounts to, for a refresh: `RUNNING` when deployed, `STOPPED`
 * when stopped (or never deployed while `STOPPED` is asked), the stored value while something is moving, and the
 * state itself otherwise (`DEPLOYMENT_ERROR`, `CANCELED`, `READY`): anything but what the program asks shows as drift.
 */
function observedDesiredState(state: string, stored: unknown): unknown {
  if (state === "STOPPED" || (state === "READY" && stored === "STOPPED")) return "STOPPED";
  const outcome = classifyState(state, "DEPLOYED");
  if (outcome === "success") return "RUNNING";
  if (outcome === "in_progress" && state !== "READY") return stored;
  return state;
}

type EnvironmentDeploymentRecord = EnvironmentStatus;

/**
 * The deployment itself: on create, and on each update that changed `desiredState`, `triggers` or the pins, see
 * {@link planOf}. A failure records `desiredState` as the state it ended in (or `UNFINISHED`), so the next `up`
 * tries again. A refresh reads the environment's real state back into `desiredState`.
 */
const deploymentPart: Part<EnvironmentDeploymentInputs, EnvironmentDeploymentRecord> = {
  action: "deploying the environment's services",
  keys: ["desiredState", "triggers", "services"],
  applyOnUpdate: (changed) => ["desiredState", "triggers", "services"].some((k) => changed.has(k)),
  async apply({ client, id, inputs, previous }) {
    const creating = Object.keys(previous).length === 0;
    try {
      const status = await carryOut(client, id, inputs, planOf(inputs, previous, creating));
      return status === undefined ? {} : { record: status };
    } catch (e) {
      const finalState = (e as { finalState?: unknown }).finalState;
      throw withPartProgress(e, { inputs: { desiredState: typeof finalState === "string" ? finalState : "UNFINISHED" } });
    }
  },
  async read({ record, previous }) {
    return record === undefined ? {} : { inputs: { desiredState: observedDesiredState(record.state, previous["desiredState"]) } };
  },
};

/** The environment deployment family: the environment's status is its record; nothing is created or deleted at the service. */
const defined = defineResource({
  kind: "EnvironmentDeployment",
  noun: "environment deployment",
  label: (inputs) => `deployment of environment ${String(inputs["environmentId"] ?? "")}`,
  schema: environmentDeploymentSchema,
  deleteBeforeReplace: false,
  outputNames: ["state", "deploymentRequestId"] satisfies (keyof EnvironmentDeploymentComputed)[],
  outputs: (record: EnvironmentDeploymentRecord) => ({ state: record.state, deploymentRequestId: record.deployment_request_id ?? undefined }),
  parts: [deploymentPart],
  calls: {
    // Nothing to create: the environment must exist (its status answers), and the deployment part does the work.
    create: (client, inputs) => client.environments.status(inputs.environmentId),
    get: (client, id) => client.environments.status(id),
    update: (client, id) => client.environments.status(id),
    delete: async () => undefined,
  },
});

/**
 * Destroying (or replacing) stops the environment's services and waits until they are stopped, or does nothing
 * with `onDelete: "keep"`. The environment is never deleted; an environment already gone is nothing to stop.
 */
async function stopOnDelete(id: string, props: Props): Promise<void> {
  if (props["onDelete"] === "keep") return;
  const inputs = environmentDeploymentSchema.parse({
    environmentId: id,
    timeoutSeconds: props["timeoutSeconds"],
    secretValues: Array.isArray(props["secretValues"]) ? props["secretValues"] : [],
  });
  const client = apiClient();
  try {
    await runAndWait(client, id, inputs, "STOPPED", "stopping", async () => ({ after: await client.environments.stop(id) }));
  } catch (e) {
    if (isNotFound(e) || isNotFound((e as { cause?: unknown }).cause)) return;
    throw e;
  }
}

/** The environment deployment family (the framework's provider, with the delete that stops instead of deleting). */
export const environmentDeployment: DefinedResource<typeof environmentDeploymentSchema> = {
  ...defined,
  provider: { ...defined.provider, delete: stopOnDelete },
};

/** The dynamic provider of {@link EnvironmentDeployment}. */
export const environmentDeploymentProvider = environmentDeployment.provider;

/**
 * An environment's services deployed by `pulumi up`, stage by stage in the environment's deployment order (a stage
 * starts when the previous one has finished; a failure stops the later ones), and waited for until every service is
 * deployed, or stopped with `desiredState: "STOPPED"`. Each change of a stage or a state is a line of `pulumi up`'s
 * output (`staging: stage 2/3 "apps": api DEPLOYING, web QUEUED (1m20s)`).
 *
 * What an `up` deploys:
 * - on create, or when `desiredState` becomes `RUNNING` (or a refresh found the environment stopped or failed): every
 *   service (`POST /environment/{id}/deploy`; with pins, `POST /environment/{id}/service/deploy` listing every service);
 * - when `triggers` change: every service again (or a restart of the running ones with `restartOnChange`);
 * - when only pins change: only the services whose pin changed, with their pins;
 * - when only `timeoutSeconds`, `onDelete`, `restartOnChange` or `secretValues` change: nothing.
 * A change of a service's own configuration is deployed by that service's `deploy: true`; to deploy the whole
 * environment on such a change instead, put a value that follows it in `triggers`.
 *
 * A failure fails the `up`, naming the stage, the service, its final state and its last log lines (secrets blanked
 * out); a timeout is a failure too, never a success. Either way the next `up` tries again. Destroying the resource
 * stops the services (or leaves them running with `onDelete: "keep"`); it never deletes the environment.
 *
 * @example
 * const release = new EnvironmentDeployment("staging-release", {
 *   environmentId: staging.id,
 *   // Deploy the container at the tag CI built, and the API at the commit CI tested.
 *   services: {
 *     containers: pulumi.all([web.id, config.require("imageTag")]).apply(([id, tag]) => ({ [id]: tag })),
 *     applications: pulumi.all([api.id, config.require("commit")]).apply(([id, sha]) => ({ [id]: sha })),
 *   },
 *   triggers: { release: config.require("release") },
 * }, { dependsOn: [api, web, db] });
 *
 * @class
 */
export const EnvironmentDeployment = serviceObjectClass<EnvironmentDeploymentArgs, typeof environmentDeploymentSchema, EnvironmentDeploymentComputed>(environmentDeployment);
/** {@link EnvironmentDeployment} as a type: its outputs are every input as stored and what the service computes. */
export type EnvironmentDeployment = InstanceType<typeof EnvironmentDeployment>;
