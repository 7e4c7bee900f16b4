/**
 * What one `up` of an `EnvironmentDeployment` does to its environment (the {@link Plan}) and how it is carried out:
 * the service's deploy, restart or stop, followed stage by stage until it ends.
 */
import {
  describeProgress, redact, type DeployAllRequest, type DeployServiceClient, type EnvironmentDeploymentProgress,
  type EnvironmentStatus, type EnvironmentStatusesWithStages, type FollowedAction,
} from "../../sdk";
import type { Props } from "../framework/define";
import { describeFailure } from "../framework/errors";
import { environmentProgress, flushProgress } from "../framework/progress";
import type { EnvironmentDeploymentInputs } from "./environment-deployment";
import { isRecord } from "../service-kinds/shape";
import { changedPins, PIN_KINDS, pinKey, pinsOf, type Pin, type PinKey } from "./environment-deployment-pins";

/** What one `up` does to the environment. */
export type Plan =
  | { kind: "deploy-all" }
  | { kind: "deploy-pins"; pins: Pin[]; restart: boolean }
  | { kind: "restart" }
  | { kind: "stop" }
  | { kind: "none" };

/**
 * What to do, from the inputs and what the state says was done (`previous`, `{}` on create): stop when `STOPPED`
 * is asked and the environment is not known stopped; deploy everything when `RUNNING` is asked and it was not (or
 * on create), or when `triggers` changed (restart instead with `restartOnChange`); else deploy the services whose
 * pins changed.
 */
export function planOf(inputs: EnvironmentDeploymentInputs, previous: Props, creating: boolean): Plan {
  if (inputs.desiredState === "STOPPED") return creating || previous["desiredState"] !== "STOPPED" ? { kind: "stop" } : { kind: "none" };
  if (creating || previous["desiredState"] !== "RUNNING") return { kind: "deploy-all" };
  const before = isRecord(previous["triggers"]) ? previous["triggers"] : {};
  const triggersChanged = JSON.stringify(Object.entries(before).sort()) !== JSON.stringify(Object.entries(inputs.triggers).sort());
  if (triggersChanged && !inputs.restartOnChange) return { kind: "deploy-all" };
  const pins = changedPins(previous["services"], inputs.services);
  if (pins.length > 0) return { kind: "deploy-pins", pins, restart: triggersChanged };
  return triggersChanged ? { kind: "restart" } : { kind: "none" };
}

/** The services of an environment by kind (the deploy request's keys), from `statusesWithStages`. */
function servicesByKind(statuses: EnvironmentStatusesWithStages): Record<PinKey | "databases", string[]> {
  const keys = [...(Object.keys(PIN_KINDS) as PinKey[]), "databases" as const];
  const out = Object.fromEntries(keys.map((key) => [key, [] as string[]])) as Record<PinKey | "databases", string[]>;
  for (const stage of statuses.stages ?? []) for (const key of keys) for (const s of stage[key] ?? []) out[key].push(s.id);
  return out;
}

/** A service deploy request: `pins` (and, with `all`, every other service of the environment unpinned; databases have no pin). */
function deployRequest(pins: Pin[], all?: ReturnType<typeof servicesByKind>): DeployAllRequest {
  const pinned = new Map(pins.map((p) => [pinKey(p), p.pin]));
  const request: Record<string, unknown> = {};
  for (const key of Object.keys(PIN_KINDS) as PinKey[]) {
    const { kind, idMember } = PIN_KINDS[key];
    const ids = [...new Set([...pins.filter((p) => p.kind === kind).map((p) => p.id), ...(all?.[key] ?? [])])];
    if (ids.length > 0) request[key] = ids.map((id) => ({ [idMember]: id, ...pinned.get(`${kind}/${id}`) }));
  }
  if (all && all.databases.length > 0) request["databases"] = all.databases;
  return request as DeployAllRequest;
}

/** The ids a request lists, for the wait's `services`. */
function listedIds(request: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const v of Object.values(request)) {
    if (!Array.isArray(v)) continue;
    for (const item of v) out.push(typeof item === "string" ? item : String((item as Record<string, unknown>)["application_id"] ?? (item as Record<string, unknown>)["id"]));
  }
  return out;
}

/** What a failure of the wait says: the stage, the service, its final state and its last log lines, or the timeout. */
function waitFailure(e: unknown, what: string, timeoutSeconds: number, secretValues: string[]): Error {
  const r = (e ?? {}) as {
    code?: unknown; finalState?: unknown; logLines?: unknown; lastProgress?: unknown; message?: unknown;
    stage?: { index: number; count: number; name: string }; service?: { kind: string; id: string; name?: string };
  };
  const clean = (text: string) => redact(text, secretValues);
  if (r.code === "deployment_failed") {
    const stage = r.stage ? `stage ${r.stage.index}/${r.stage.count} ${JSON.stringify(r.stage.name)}: ` : "";
    const service = r.service ? `${r.service.kind} ${r.service.name !== undefined ? `${JSON.stringify(r.service.name)} ` : ""}(${r.service.id})` : "a service";
    const lines = Array.isArray(r.logLines) ? r.logLines.map((l) => clean(String(l))) : [];
    const log = lines.length > 0 ? `\nlast log lines:\n  ${lines.join("\n  ")}` : "";
    return Object.assign(new Error(`${what}: ${stage}${service} ended in ${String(r.finalState)}${log}`, { cause: e }), {
      finalState: r.finalState, logLines: lines, ...(r.stage ? { stage: r.stage } : {}), ...(r.service ? { service: r.service } : {}),
    });
  }
  if (r.code === "wait_timeout") {
    const progress = r.lastProgress as EnvironmentDeploymentProgress | undefined;
    const last = progress && Array.isArray(progress.services) ? ` (last: ${describeProgress(progress)})` : "";
    return Object.assign(new Error(`${what}: not finished within ${timeoutSeconds} s${last}; raise timeoutSeconds`, { cause: e }), { finalState: "UNFINISHED" });
  }
  return describeFailure(e, what);
}

/** Runs one action on the environment and follows it stage by stage to `target`. */
export async function runAndWait(
  client: DeployServiceClient, environmentId: string, inputs: EnvironmentDeploymentInputs, target: "DEPLOYED" | "STOPPED",
  what: string, start: () => Promise<{ after: FollowedAction | undefined; services?: string[] }>,
): Promise<EnvironmentStatusesWithStages> {
  const environment = await client.environments.get(environmentId);
  const described = `${what} environment ${JSON.stringify(environment.name)} (${environmentId})`;
  try {
    const { after, services } = await start();
    const organizationId = environment.organization?.id;
    return await client.waitForEnvironmentDeployment(environmentId, {
      target,
      timeoutMs: inputs.timeoutSeconds * 1000,
      secrets: inputs.secretValues,
      onProgress: environmentProgress(`${environment.name}: `),
      ...(after === undefined ? {} : { after }),
      ...(services === undefined ? {} : { services }),
      ...(organizationId ? { organizationId } : {}),
    });
  } catch (e) {
    throw waitFailure(e, described, inputs.timeoutSeconds, inputs.secretValues);
  } finally {
    await flushProgress();
  }
}

/** Deploys the listed pins (and, with `all`, every service of the environment) through the service deploy. */
async function deployServices(client: DeployServiceClient, envId: string, inputs: EnvironmentDeploymentInputs, pins: Pin[], all: boolean) {
  return runAndWait(client, envId, inputs, "DEPLOYED", "deploying", async () => {
    const request = deployRequest(pins, all ? servicesByKind(await client.environments.statusesWithStages(envId)) : undefined);
    const ids = listedIds(request as Record<string, unknown>);
    if (ids.length === 0) return { after: undefined, services: [] };
    return { after: await client.environments.deployServices(envId, request), services: ids };
  });
}

/** Restarts the running services (applications, databases, containers). */
async function restartServices(client: DeployServiceClient, envId: string, inputs: EnvironmentDeploymentInputs) {
  return runAndWait(client, envId, inputs, "DEPLOYED", "restarting", async () => {
    const all = servicesByKind(await client.environments.statusesWithStages(envId));
    const request = { application_ids: all.applications, database_ids: all.databases, container_ids: all.containers };
    const ids = [...all.applications, ...all.databases, ...all.containers];
    if (ids.length === 0) return { after: undefined, services: [] };
    return { after: await client.environments.restartServices(envId, request), services: ids };
  });
}

/** Carries out a {@link Plan}; answers the environment's status afterwards. */
export async function carryOut(client: DeployServiceClient, envId: string, inputs: EnvironmentDeploymentInputs, plan: Plan): Promise<EnvironmentStatus | undefined> {
  let last: EnvironmentStatusesWithStages | undefined;
  switch (plan.kind) {
    case "none":
      return undefined;
    case "stop":
      last = await runAndWait(client, envId, inputs, "STOPPED", "stopping", async () => ({ after: await client.environments.stop(envId) }));
      break;
    case "deploy-all": {
      const pins = pinsOf(inputs.services);
      last = pins.length > 0
        ? await deployServices(client, envId, inputs, pins, true)
        : await runAndWait(client, envId, inputs, "DEPLOYED", "deploying", async () => ({ after: await client.environments.deploy(envId) }));
      break;
    }
    case "deploy-pins":
      last = await deployServices(client, envId, inputs, plan.pins, false);
      if (plan.restart) last = await restartServices(client, envId, inputs);
      break;
    case "restart":
      last = await restartServices(client, envId, inputs);
      break;
  }
  return last?.environment ?? (await client.environments.status(envId));
}
