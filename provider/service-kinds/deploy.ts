/**
 * How every service kind deploys from a program: `deploy: true` deploys after create and after each update that
 * changed anything but the wait limit, and waits until the deployment ends (the sdk's wait: a timeout is a failure,
 * never a success). One implementation for applications, containers, jobs and databases.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
  DEFAULT_DEPLOY_TIMEOUT_SECONDS, MAX_DEPLOY_TIMEOUT_SECONDS, SERVICE_KINDS, redact, type ActionResult, type DeployableServiceKind, type DeployServiceClient,
  type FollowedAction, type ServiceKindInfo, type Status,
} from "../../sdk";
import { withPartProgress, type Part } from "../framework/define";
import { field } from "../framework/fields";
import { flushProgress, serviceProgress } from "../framework/progress";

export { DEFAULT_DEPLOY_TIMEOUT_SECONDS, MAX_DEPLOY_TIMEOUT_SECONDS };

/** The service kinds a program deploys: the sdk's kinds that deploy (`SERVICE_KINDS`). */
export type DeployKind = DeployableServiceKind;

/**
 * The schema fields `deploy` (default `false`) and `deployTimeoutSeconds` (1 to 86400, default
 * {@link DEFAULT_DEPLOY_TIMEOUT_SECONDS}); neither is sent to the service. Spread into a service's schema.
 */
export const deployFields = {
  deploy: field(z.boolean().default(false), { wire: false }),
  deployTimeoutSeconds: field(z.number().int().min(1).max(MAX_DEPLOY_TIMEOUT_SECONDS).default(DEFAULT_DEPLOY_TIMEOUT_SECONDS), { wire: false }),
};

/** The Args of a service's deployment from the program. */
export interface DeployArgs {
  /**
   * Deploy after create and after each update that changed anything but `deployTimeoutSeconds`, and wait until the
   * deployment ends. What redeploys: a change of any of the service's own fields, of its `environmentVariables` or
   * `secrets`, of its inline `advancedSettings` (applied before the deployment, so the first one already has them)
   * or of its stage; turning `deploy` on. What does not: `deployTimeoutSeconds` alone, and changes made by other
   * resources (an `ApplicationAdvancedSettings`, `ContainerAdvancedSettings` or `JobAdvancedSettings` resource;
   * use the inline `advancedSettings` input, or an `EnvironmentDeployment` whose `triggers` change). Each state
   * the deployment goes through is a line of `pulumi up`'s output (`api: BUILDING (1m20s)`). A failure or a timeout
   * fails the update, naming the service, its final state and its last log lines (secrets removed); it is recorded
   * as not deployed, so the next `up` deploys again. Default: `false`.
   */
  deploy?: pulumi.Input<boolean>;
  /** How long to wait for a deployment, in seconds (1-86400); changing it alone deploys nothing. Default: `1800`. */
  deployTimeoutSeconds?: pulumi.Input<number>;
}

/** What the deploy part reads of a service's inputs: its name, {@link deployFields} as parsed, and its secrets (blanked out of quoted log lines). */
export type DeployInputs = { name: string; secrets?: Record<string, string> } & z.output<z.ZodObject<typeof deployFields>>;

/** How a deployment is followed: its limit, the deploy call's answer (the request followed) and progress. */
interface FollowOptions {
  timeoutMs: number;
  after: FollowedAction;
  onProgress(status: Status): void;
  secrets: string[];
}

/** The sdk calls of one service kind that a deployment needs, found through the sdk's kind table. */
interface KindCalls {
  deploy(id: string, request: object | undefined): Promise<ActionResult>;
  wait(id: string, options: FollowOptions): Promise<unknown>;
  get(id: string): Promise<unknown>;
}

function callsOf(client: DeployServiceClient, kind: DeployKind): KindCalls {
  const group = client[SERVICE_KINDS[kind].group] as unknown as {
    deploy(id: string, request?: object): Promise<ActionResult>;
    get(id: string): Promise<unknown>;
  };
  return {
    deploy: (id, request) => (request === undefined ? group.deploy(id) : group.deploy(id, request)),
    wait: (id, options) => client.waitForService(kind, id, options),
    get: (id) => group.get(id),
  };
}

/** The deploy call's body by default: what the kind's `deployVersion` names (a container's `tag` as `image_tag`); nothing for the others. */
function defaultRequest(kind: DeployKind, inputs: DeployInputs): object | undefined {
  const tag = (inputs as unknown as { tag?: unknown }).tag;
  const info: ServiceKindInfo = SERVICE_KINDS[kind];
  return info.deployVersion === "image_tag" && typeof tag === "string" ? { image_tag: tag } : undefined;
}

/** What {@link deployPart} takes beyond the kind. */
export interface DeployPartOptions<I> {
  /** The deploy call's body (a job's image tag or git commit). Default: a container's `tag` as `image_tag`; none otherwise. */
  request?(inputs: I): object | undefined;
  /** Values blanked out of a failure's message and log lines. Default: the values of `secrets`. */
  secretValues?(inputs: I): string[];
}

/**
 * Deploys a service and follows the deployment that call started to `DEPLOYED` (the sdk's wait, given the deploy
 * call's answer: a status of an earlier deployment is not taken as its outcome, and a timeout is never a success).
 * Each state change is a line of `pulumi up`'s output (`api: BUILDING (1m20s)`, see progress.ts).
 *
 * @param secretValues values to blank out of the log lines quoted in a failure.
 * @throws an error naming the kind, the service, the final state and quoting the last log lines (secrets
 *   removed), or the timeout.
 */
export async function deployAndWait(
  client: DeployServiceClient, kind: DeployKind, id: string, name: string, timeoutSeconds: number, secretValues: string[], request?: object,
): Promise<void> {
  const calls = callsOf(client, kind);
  try {
    const after = await calls.deploy(id, request);
    // The answer names the deployment request it started (when the service says): the wait follows that one.
    await calls.wait(id, { timeoutMs: timeoutSeconds * 1000, after, onProgress: serviceProgress(name), secrets: secretValues });
  } catch (e) {
    throw deployFailure(e, `deploying ${kind} "${name}" (${id})`, timeoutSeconds, secretValues);
  } finally {
    await flushProgress();
  }
}

function deployFailure(e: unknown, what: string, timeoutSeconds: number, secretValues: string[]): Error {
  const r = (e ?? {}) as { code?: unknown; finalState?: unknown; logLines?: unknown; lastState?: unknown; message?: unknown };
  if (r.code === "deployment_failed") {
    const lines = Array.isArray(r.logLines) ? r.logLines.map((l) => redact(String(l), secretValues)) : [];
    const log = lines.length > 0 ? `\nlast log lines:\n  ${lines.join("\n  ")}` : "";
    return Object.assign(new Error(`deploy-service: ${what} failed: the deployment ended in ${String(r.finalState)}${log}`, { cause: e }), {
      finalState: r.finalState,
      logLines: lines,
    });
  }
  if (r.code === "wait_timeout") {
    const last = typeof r.lastState === "string" ? ` (last state ${r.lastState})` : "";
    return new Error(`deploy-service: ${what} did not finish within ${timeoutSeconds} s${last}; raise deployTimeoutSeconds`, { cause: e });
  }
  return new Error(`deploy-service: ${what} failed: ${redact(String(r.message ?? e), secretValues)}`, { cause: e });
}

/**
 * The deployment `deploy: true` asks for: after create, and after an update that changed anything but the wait
 * limit (the service's own fields, its variables and secrets, its advanced settings, its stage). Put it last among
 * the parts: the deployment runs with everything the other parts set. A failed deployment is recorded as
 * `deploy: false`, so the next `up` tries it again. The record read after the deployment is the part's answer
 * (it carries what now runs: an application's commit).
 */
export function deployPart<I extends DeployInputs, R>(kind: DeployKind, options: DeployPartOptions<I> = {}): Part<I, R> {
  return {
    action: "deploying",
    keys: ["deploy"] as Array<keyof I & string>,
    applyOnUpdate: (changed, inputs) => inputs.deploy && [...changed].some((k) => k !== "deployTimeoutSeconds"),
    async apply({ client, id, inputs }) {
      if (!inputs.deploy) return;
      const request = options.request ? options.request(inputs) : defaultRequest(kind, inputs);
      const secretValues = options.secretValues ? options.secretValues(inputs) : Object.values(inputs.secrets ?? {});
      try {
        await deployAndWait(client, kind, id, inputs.name, inputs.deployTimeoutSeconds, secretValues, request);
      } catch (e) {
        throw withPartProgress(e, { inputs: { deploy: false } });
      }
      return { record: await callsOf(client, kind).get(id) };
    },
  };
}

/**
 * The stored `deploy` and `deployTimeoutSeconds` of a service (the service knows neither), for a family's
 * `fromWire`: a refresh keeps what the program set.
 */
export function storedDeployInputs(previous: Record<string, unknown>): { deploy: boolean; deployTimeoutSeconds: number } {
  return {
    deploy: previous["deploy"] === true,
    deployTimeoutSeconds: typeof previous["deployTimeoutSeconds"] === "number" ? previous["deployTimeoutSeconds"] : DEFAULT_DEPLOY_TIMEOUT_SECONDS,
  };
}
