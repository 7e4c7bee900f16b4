/**
 * Following an environment's deployment (or stop) stage by stage: one `statusesWithStages` read per poll, progress
 * naming the stage and its services, and a failure naming the stage, the service, its final state and its last log
 * lines. A timeout is a failure ({@link WaitTimeoutError}), never a success.
 */
import type { EnvironmentStatusesWithStages } from "./environments";
import { DeploymentFailedError, WaitTimeoutError, type FailedStage } from "./errors";
import { SERVICE_KINDS, SERVICE_KIND_NAMES, type ServiceKindName } from "./service-kinds";
import type { Status } from "./status";
import {
  PollSchedule, classifyState, isFollowedStatus, requestIdOf, type FollowedAction, type FollowedRequest, type WaitOptions,
} from "./wait";

/** Where a service of an environment deployment stands. */
export type ServiceOutcome =
  /** At the target state. */
  | "success"
  /** In a failure state (`*_ERROR`, `CANCELED`). */
  | "failure"
  /** Still moving (or not started). */
  | "in_progress"
  /** Its status still shows an earlier deployment request than the followed one: not started as far as the wait knows. */
  | "previous";

/** One service in an environment deployment's progress. */
export interface ServiceProgress {
  /** The service's id. */
  id: string;
  /** Its name, when the wait could read the environment's service names. */
  name?: string;
  /** Its kind. */
  kind: ServiceKindName;
  /** The state its status shows, e.g. `DEPLOYING` (for `outcome: "previous"`, the earlier request's state). */
  state: string;
  /** Where it stands relative to the target. */
  outcome: ServiceOutcome;
}

/** One deployment stage in an environment deployment's progress. */
export interface StageProgress {
  /** Its position, from 1. */
  index: number;
  /** Its name. */
  name: string;
  /** Its id. */
  id?: string;
  /** The services of the stage the wait follows (possibly none), by kind: applications, containers, jobs, databases, helms, terraforms. */
  services: ServiceProgress[];
}

/**
 * Progress of an environment deployment, reported after every status read. The current stage is the first one (in
 * deployment order) with a followed service not yet at the target; once all are, the last stage with a followed
 * service. A provider prints it as `stage 2/3 "apps": api DEPLOYING, web QUEUED`.
 */
export interface EnvironmentDeploymentProgress {
  /** The current stage's position, from 1 (0 when the environment has no stage). */
  stageIndex: number;
  /** How many stages the environment has. */
  stageCount: number;
  /** The current stage's name (`""` when the environment has no stage). */
  stageName: string;
  /** The followed services of the current stage. */
  services: ServiceProgress[];
  /** Every stage, in deployment order, with its followed services. */
  stages: StageProgress[];
  /** The environment's overall state, when the service reported it. */
  environmentState?: string;
  /** Milliseconds since the wait began. */
  elapsedMs: number;
}

/** Options of {@link followEnvironmentDeployment} and `DeployServiceClient.waitForEnvironmentDeployment`. */
export interface EnvironmentWaitOptions extends Omit<WaitOptions<EnvironmentDeploymentProgress>, "target" | "previous" | "onProgress"> {
  /**
   * Called after every `statusesWithStages` read with the current stage and its services (see
   * {@link describeProgress} for a one-line rendering); the caller decides what changed since the last call.
   */
  onProgress?: (progress: EnvironmentDeploymentProgress) => void;
  /** `DEPLOYED` (after a deploy, redeploy, restart or service deploy; the default) or `STOPPED` (after a stop). */
  target?: "DEPLOYED" | "STOPPED";
  /**
   * The answer of the environment action this wait follows (`deploy`, `redeploy`, `stop`, `deployServices`,
   * `stopServices`, `restartServices`). With a `deployment_request_id`: a service whose status names another request
   * has not started yet (`outcome: "previous"`), and, when `services` is absent, the services that end up outside the
   * request (skipped by their stage, not listed) are left out once the environment's status names the request and has
   * stopped moving.
   */
  after?: FollowedAction;
  /**
   * What `statusesWithStages` answered just before the action: a service whose status is still the one it showed then
   * has not started yet (see {@link isFollowedStatus}). For actions whose answer names no request id.
   */
  previous?: EnvironmentStatusesWithStages;
  /**
   * The ids of the services the action acts on (what a `deployServices`, `stopServices` or `restartServices` request
   * lists); each must reach the target. Default: every service of the environment's stages (with `after`, those the
   * request includes).
   */
  services?: ReadonlyArray<string>;
  /** The services' names by id, for progress and errors; when absent the wait reads them once as it starts. */
  serviceNames?: Readonly<Record<string, string>>;
  /** The environment's organization, which spares the read of the environment when the wait reads the names. */
  organizationId?: string;
}

/** What {@link followEnvironmentDeployment} follows. */
export interface EnvironmentDeploymentSource {
  /** The environment's id. */
  environmentId: string;
  /** Path of the status endpoint, for error context. */
  path: string;
  /** Reads `statusesWithStages`. */
  read: () => Promise<EnvironmentStatusesWithStages>;
  /** Reads the services' names once (failures are ignored: progress then shows ids alone). */
  names?: () => Promise<ReadonlyMap<string, string>>;
  /** Reads a failed service's last log lines, redacted (failures are ignored). */
  logs?: (kind: ServiceKindName, id: string) => Promise<string[]>;
}

/** The lists of `DeploymentStageWithServicesStatuses` and the kind of service each holds. */
const KIND_LISTS = SERVICE_KIND_NAMES.map((kind) => [SERVICE_KINDS[kind].plural, kind] as const);

/** Still moving: `*ING`, `*QUEUED`, `WAITING_*`. */
function moving(state: string | null | undefined): boolean {
  return typeof state === "string" && (state.endsWith("ING") || state.endsWith("QUEUED") || state.startsWith("WAITING_"));
}

interface Read {
  progress: EnvironmentDeploymentProgress;
  /** Every followed service, with its stage and status. */
  followed: Array<{ service: ServiceProgress; stage: StageProgress; status: Status }>;
  /** Listed in `services` but absent from every stage. */
  missing: string[];
  /** The environment's status still shows an earlier request. */
  environmentBehind: boolean;
}

function previousStatuses(previous: EnvironmentStatusesWithStages | undefined): Map<string, Status> {
  const out = new Map<string, Status>();
  for (const stage of previous?.stages ?? []) {
    for (const [key] of KIND_LISTS) for (const s of stage[key] ?? []) out.set(s.id, s);
  }
  return out;
}

/** Classifies one read into progress and the services the wait follows. */
function interpret(
  read: EnvironmentStatusesWithStages, options: EnvironmentWaitOptions, names: ReadonlyMap<string, string>,
  before: ReadonlyMap<string, Status>, requestId: string | undefined, elapsedMs: number,
): Read {
  const target = options.target ?? "DEPLOYED";
  const listed = options.services ? new Set(options.services) : undefined;
  const environment = read.environment ?? undefined;
  const environmentId = requestIdOf(environment);
  const environmentBehind = requestId !== undefined && environmentId !== undefined && environmentId !== requestId;
  // Without a list, services outside the request are known once the environment names it and has stopped moving.
  const requestSettled = requestId !== undefined && environmentId === requestId && !moving(environment?.state);
  const stages: StageProgress[] = [];
  const followed: Read["followed"] = [];
  const seen = new Set<string>();
  (read.stages ?? []).forEach((entry, i) => {
    const stage: StageProgress = { index: i + 1, name: entry.stage?.name ?? "", services: [] };
    if (entry.stage?.id) stage.id = entry.stage.id;
    stages.push(stage);
    for (const [key, kind] of KIND_LISTS) {
      for (const status of entry[key] ?? []) {
        seen.add(status.id);
        if (listed && !listed.has(status.id)) continue;
        if (!listed && requestSettled && requestIdOf(status) !== requestId) continue; // outside the request
        const followedRequest: FollowedRequest = { requestId, previous: before.get(status.id) };
        const ours = !environmentBehind && isFollowedStatus(status, followedRequest);
        const outcome: ServiceOutcome = ours ? classifyState(status.state, target, status.status_details?.status ?? undefined) : "previous";
        const service: ServiceProgress = { id: status.id, kind, state: status.state, outcome };
        const name = names.get(status.id);
        if (name !== undefined) service.name = name;
        stage.services.push(service);
        followed.push({ service, stage, status });
      }
    }
  });
  const withServices = stages.filter((s) => s.services.length > 0);
  const current = withServices.find((s) => s.services.some((x) => x.outcome !== "success")) ?? withServices[withServices.length - 1] ?? stages[stages.length - 1];
  const progress: EnvironmentDeploymentProgress = {
    stageIndex: current?.index ?? 0, stageCount: stages.length, stageName: current?.name ?? "", services: current?.services ?? [],
    stages, elapsedMs,
  };
  if (environment?.state) progress.environmentState = environment.state;
  const missing = listed ? [...listed].filter((id) => !seen.has(id)) : [];
  return { progress, followed, missing, environmentBehind };
}

/** `api DEPLOYING, web QUEUED`: the services of a stage with their states. */
export function describeServices(services: ReadonlyArray<ServiceProgress>): string {
  return services.map((s) => `${s.name ?? `${s.kind} ${s.id}`} ${s.outcome === "previous" ? `${s.state} (previous request)` : s.state}`).join(", ");
}

/** `stage 2/3 "apps": api DEPLOYING, web QUEUED`. */
export function describeProgress(p: EnvironmentDeploymentProgress): string {
  if (p.stageCount === 0) return "no deployment stage";
  const services = p.services.length > 0 ? describeServices(p.services) : "no service";
  return `stage ${p.stageIndex}/${p.stageCount} ${JSON.stringify(p.stageName)}: ${services}`;
}

function whoIs(s: ServiceProgress): string {
  return s.name !== undefined ? `${s.kind} ${JSON.stringify(s.name)} (${s.id})` : `${s.kind} ${s.id}`;
}

/**
 * Polls `statusesWithStages` until every followed service reaches the target (resolves with the last read), one
 * fails, or the time runs out; reports {@link EnvironmentDeploymentProgress} after every read.
 *
 * @throws DeploymentFailedError naming the stage (`error.stage`), the service (`error.service`: kind, id, name when
 *   known), its final state and its last log lines: the first failed service in deployment order, one that failed
 *   itself (`*_ERROR`) before one cancelled because an earlier one failed. WaitTimeoutError carrying the last
 *   progress (`error.lastProgress`). Both carry the last read as `lastStatus`.
 */
export async function followEnvironmentDeployment(
  source: EnvironmentDeploymentSource, options: EnvironmentWaitOptions = {},
): Promise<EnvironmentStatusesWithStages> {
  const target = options.target ?? "DEPLOYED";
  const schedule = new PollSchedule(options);
  const context = { method: "GET", path: source.path };
  const what = `environment ${source.environmentId}`;
  const requestId = requestIdOf(options.after);
  const before = previousStatuses(options.previous);
  let names: ReadonlyMap<string, string> = new Map(Object.entries(options.serviceNames ?? {}));
  if (!options.serviceNames && source.names) {
    try {
      names = await source.names();
    } catch {
      options.signal?.throwIfAborted();
    }
  }

  for (;;) {
    options.signal?.throwIfAborted();
    const read = await source.read();
    const { progress, followed, missing, environmentBehind } = interpret(read, options, names, before, requestId, schedule.elapsed());
    options.onProgress?.(progress);

    const failed = followed.filter((f) => f.service.outcome === "failure");
    const culprit = failed.find((f) => f.service.state !== "CANCELED") ?? failed[0];
    if (culprit) {
      const { service, stage } = culprit;
      const logLines = source.logs ? await source.logs(service.kind, service.id).catch(() => []) : [];
      const hint = logLines.length > 0 ? `; last ${logLines.length} log lines in error.logLines` : "";
      const where: FailedStage = { index: stage.index, count: progress.stageCount, name: stage.name };
      if (stage.id !== undefined) where.id = stage.id;
      throw new DeploymentFailedError(
        `${what}: stage ${stage.index}/${progress.stageCount} ${JSON.stringify(stage.name)}: ${whoIs(service)} ended in ${service.state} while waiting for ${target}${hint}`,
        context, service.state, read, logLines,
        { stage: where, service: { kind: service.kind, id: service.id, ...(service.name !== undefined ? { name: service.name } : {}) } },
      );
    }
    const done = !environmentBehind && missing.length === 0 && followed.every((f) => f.service.outcome === "success")
      && (requestId === undefined || options.services !== undefined || requestIdOf(read.environment) === undefined || !moving(read.environment?.state));
    if (done) return read;

    if (schedule.expired()) {
      const waitingFor = missing.length > 0 ? `; ${missing.join(", ")} not in any stage` : "";
      const behind = environmentBehind ? " (the environment's status still shows an earlier request)" : "";
      const lastState = progress.services.find((s) => s.outcome !== "success")?.state ?? read.environment?.state ?? undefined;
      throw new WaitTimeoutError(
        `${what}: still at ${describeProgress(progress)}${behind}${waitingFor} after ${schedule.timeoutMs} ms waiting for ${target}`,
        context, schedule.timeoutMs, lastState, read, progress,
      );
    }
    await schedule.pause();
  }
}
