import { JOB_DEFAULTS, type DeployServiceClient } from "../../../sdk";
import { plain } from "../../framework/common";
import type { Props } from "../../framework/define";
import { isRecord, serviceFromWire, serviceToWire, text } from "../../framework/service-shape";
import { DEFAULT_CRON_TIMEZONE, LIFECYCLE_EVENT_KEYS, type JobInputs } from "./schema";

/** A job record as the client returns it. */
export type JobRecord = Awaited<ReturnType<DeployServiceClient["jobs"]["get"]>>;

/** The wire name of each lifecycle event input. */
const EVENT_WIRE = { onStart: "on_start", onStop: "on_stop", onDelete: "on_delete" } as const;

/** What of a job record the provider reads (the service's spellings; `null` where the service may answer it). */
interface WireCommand {
  arguments?: string[] | null;
  entrypoint?: string | null;
}
interface WireJob {
  name: string;
  description?: string | null;
  max_nb_restart?: number | null;
  max_duration_seconds?: number | null;
  auto_preview?: boolean | null;
  port?: number | null;
  source?: {
    image?: { image_name?: string | null; tag?: string | null; registry_id?: string | null; registry?: { id?: string | null } | null } | null;
    docker?: {
      git_repository?: {
        url?: string | null; branch?: string | null; root_path?: string | null; git_token_id?: string | null; provider?: string | null;
      } | null;
      dockerfile_path?: string | null;
      dockerfile_raw?: string | null;
      docker_target_build_stage?: string | null;
    } | null;
  } | null;
  schedule?: {
    cronjob?: (WireCommand & { scheduled_at?: string | null; timezone?: string | null }) | null;
    on_start?: WireCommand | null;
    on_stop?: WireCommand | null;
    on_delete?: WireCommand | null;
  } | null;
}

const command = (c: WireCommand) => ({ arguments: c.arguments ?? [], entrypoint: text(c.entrypoint) });

/**
 * The create/edit body of a job (the service's spellings; the edit is the whole request again). With
 * `purpose: "update"`, a cleared optional value is sent as `null` so the service forgets it.
 */
export function toWire(inputs: JobInputs, purpose: "create" | "update"): Props {
  const clear = purpose === "update" ? null : undefined;
  const { image, docker } = inputs.source;
  const { cron } = inputs.schedule;
  const source = image !== undefined
    ? { image: { image_name: image.imageName, tag: image.tag, registry_id: image.registryId } }
    : {
        docker: {
          git_repository: {
            url: docker!.gitRepository.url,
            provider: docker!.gitRepository.provider,
            branch: docker!.gitRepository.branch,
            root_path: docker!.gitRepository.rootPath,
            git_token_id: docker!.gitRepository.gitTokenId ?? clear,
          },
          dockerfile_path: docker!.dockerfilePath ?? clear,
          dockerfile_raw: docker!.dockerfileRaw ?? clear,
          docker_target_build_stage: docker!.dockerTargetBuildStage ?? clear,
        },
      };
  const schedule: Props = {};
  if (cron !== undefined) {
    schedule["cronjob"] = { scheduled_at: cron.expression, timezone: cron.timezone, arguments: cron.arguments, entrypoint: cron.entrypoint };
  }
  for (const key of LIFECYCLE_EVENT_KEYS) {
    const event = inputs.schedule[key];
    if (event !== undefined) schedule[EVENT_WIRE[key]] = { arguments: event.arguments, entrypoint: event.entrypoint };
  }
  return plain({
    name: inputs.name,
    description: inputs.description,
    max_nb_restart: inputs.maxRestarts,
    max_duration_seconds: inputs.maxDurationSeconds,
    auto_preview: inputs.autoPreview,
    port: inputs.port ?? clear,
    source,
    schedule,
    ...serviceToWire(inputs),
  });
}

/** The job's own inputs as the service holds them (no variables, secrets, stage or deploy settings). */
export function fromWire(record: JobRecord, previous: Props): Props {
  const r = record as unknown as WireJob;
  const image = r.source?.image;
  const docker = r.source?.docker;
  const repo = docker?.git_repository;
  const prevRepo = ((previous["source"] as Props | undefined)?.["docker"] as Props | undefined)?.["gitRepository"] as Props | undefined;
  const source = image
    ? { image: { registryId: image.registry_id ?? image.registry?.id ?? undefined, imageName: image.image_name ?? "", tag: image.tag ?? "" } }
    : {
        docker: {
          gitRepository: {
            url: repo?.url ?? String(prevRepo?.["url"] ?? ""),
            branch: text(repo?.branch),
            rootPath: repo?.root_path ?? "/",
            gitTokenId: text(repo?.git_token_id),
            provider: repo?.provider ?? prevRepo?.["provider"],
          },
          dockerfilePath: text(docker?.dockerfile_path),
          dockerfileRaw: text(docker?.dockerfile_raw),
          dockerTargetBuildStage: text(docker?.docker_target_build_stage),
        },
      };
  const wireSchedule = r.schedule ?? {};
  const schedule: Props = {};
  if (wireSchedule.cronjob) {
    const c = wireSchedule.cronjob;
    schedule["cron"] = { expression: c.scheduled_at ?? "", timezone: c.timezone ?? DEFAULT_CRON_TIMEZONE, ...command(c) };
  }
  for (const key of LIFECYCLE_EVENT_KEYS) {
    const event = wireSchedule[EVENT_WIRE[key]];
    if (event) schedule[key] = command(event);
  }
  return plain({
    environmentId: (record as unknown as { environment?: { id?: string } }).environment?.id ?? String(previous["environmentId"] ?? ""),
    name: r.name,
    description: r.description ?? "",
    source,
    schedule,
    maxDurationSeconds: r.max_duration_seconds ?? undefined,
    maxRestarts: r.max_nb_restart ?? JOB_DEFAULTS.max_nb_restart,
    port: r.port ?? undefined,
    autoPreview: r.auto_preview ?? undefined,
    ...serviceFromWire(record, JOB_DEFAULTS),
  });
}

/**
 * The desired inputs with what the service chose where the program left a value out, taken from the stored
 * state: the git branch of a docker source (same URL), and the deployment stage.
 */
export function withServiceChoices(news: Props, olds: Props): Props {
  const out: Props = { ...news };
  const source = news["source"];
  const oldSource = olds["source"];
  const docker = isRecord(source) ? source["docker"] : undefined;
  const oldDocker = isRecord(oldSource) ? oldSource["docker"] : undefined;
  const repo = isRecord(docker) ? docker["gitRepository"] : undefined;
  const oldRepo = isRecord(oldDocker) ? oldDocker["gitRepository"] : undefined;
  if (isRecord(source) && isRecord(docker) && isRecord(repo) && isRecord(oldRepo) && repo["branch"] === undefined && repo["url"] === oldRepo["url"]) {
    out["source"] = { ...source, docker: { ...docker, gitRepository: { ...repo, branch: oldRepo["branch"] } } };
  }
  if (news["deploymentStageId"] === undefined) out["deploymentStageId"] = olds["deploymentStageId"];
  return out;
}
