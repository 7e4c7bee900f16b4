/** Applications: containerized services built from a git repository, inside an environment. */
import { z } from "zod";
import { AdvancedSettingsRequest } from "./advanced-settings";
import { action, kindRecords, services } from "./deployables";
import { GitProvider, gitProviderOfUrl } from "./git";
import { path } from "./path";
import { maybe, namedRecord } from "./schema";
import {
  DOCKER_BUILD_RECORD_FIELDS, GitRepositoryRequest, RUNNING_SERVICE_CREATE_FIELDS, RUNNING_SERVICE_EDIT_FIELDS, RUNNING_SERVICE_RECORD_FIELDS,
  RUNNING_SERVICE_REQUEST_FIELDS, SERVICE_RECORD_FIELDS, SERVICE_REQUEST_FIELDS, type LogLine,
} from "./service-common";
import { readLogs, type LogOptions } from "./service-logs";
import type { ActionResult } from "./status";

/** Build modes of an application (`DOCKER`, which needs a Dockerfile). */
export const BUILD_MODES = ["DOCKER"] as const;

/**
 * What the service sets when an application request leaves a field out (the reference's defaults), in the
 * service's spelling: resources per instance, instance counts, the repository's root path, a port's protocol and
 * a probe's timings.
 */
export const APPLICATION_DEFAULTS = {
  /** Millicores per instance. */
  cpu: 500,
  /** MB of memory per instance. */
  memory: 512,
  /** GPUs per instance. */
  gpu: 0,
  /** How the application is built. */
  build_mode: "DOCKER",
  /** Instances kept running at least. */
  min_running_instances: 1,
  /** Instances run at most (`-1`: no limit). */
  max_running_instances: 1,
  /** Preview environments are made for pull requests. */
  auto_preview: true,
  /** `git_repository.root_path`. */
  root_path: "/",
  /** A port's `protocol`. */
  port_protocol: "HTTP",
  /** A readiness or liveness probe's timings, and an `http` probe's path and scheme. */
  probe: {
    initial_delay_seconds: 30,
    period_seconds: 10,
    timeout_seconds: 5,
    success_threshold: 1,
    failure_threshold: 9,
    http: { path: "/", scheme: "HTTP" },
  },
} as const;

/**
 * @deprecated use {@link gitProviderOfUrl}, the one rule the client and the Pulumi provider share.
 */
export const gitProviderFromUrl: (url: string) => GitProvider | undefined = gitProviderOfUrl;



const { description, ...serviceFields } = SERVICE_REQUEST_FIELDS;
const { storage, ...runningFields } = RUNNING_SERVICE_REQUEST_FIELDS;
const applicationFields = {
  description,
  storage,
  /** How the application is built: `DOCKER`. */
  build_mode: z.enum(BUILD_MODES).optional(),
  /** Path of the Dockerfile in the repository. */
  dockerfile_path: z.string().nullable().optional(),
  /** Stage of a multi-stage Dockerfile to build. */
  docker_target_build_stage: z.string().nullable().optional(),
  ...serviceFields,
  ...runningFields,
};

/**
 * Body of an application create. `healthchecks` defaults to `{}` and `git_repository.provider` is derived
 * from the URL host when absent (the service requires both).
 */
export const ApplicationCreateRequest = z.looseObject({
  /** Application name. */
  name: z.string().min(1),
  /** The repository to build from. */
  git_repository: GitRepositoryRequest,
  ...RUNNING_SERVICE_CREATE_FIELDS,
  ...applicationFields,
});
/** Body of an application create. */
export type ApplicationCreateRequest = z.input<typeof ApplicationCreateRequest>;

/** Body of an application edit. `healthchecks` is required by the service (send the current ones to keep them). */
export const ApplicationEditRequest = z.looseObject({
  /** New application name. */
  name: z.string().min(1).optional(),
  /** The repository to build from. */
  git_repository: GitRepositoryRequest.optional(),
  ...RUNNING_SERVICE_EDIT_FIELDS,
  ...applicationFields,
});
/** Body of an application edit. */
export type ApplicationEditRequest = z.input<typeof ApplicationEditRequest>;

/** An application record. */
export const Application = namedRecord({
  ...SERVICE_RECORD_FIELDS,
  ...RUNNING_SERVICE_RECORD_FIELDS,
  ...DOCKER_BUILD_RECORD_FIELDS,
  /** The most GPUs an instance may be given (the service's spelling). */
  maximun_gpu: maybe(z.number()),
  /** How the application is built (`DOCKER`). */
  build_mode: maybe(z.string()),
});
/**
 * An application record.
 * @interface
 */
export type Application = z.infer<typeof Application>;


/** Body of a deploy: a commit to deploy, or nothing for the branch head. */
export const DeployRequest = z.looseObject({ git_commit_id: z.string().min(1).optional() });
/** Body of a deploy. */
export type DeployRequest = z.input<typeof DeployRequest>;

/**
 * Endpoints of applications (records, actions, logs, advanced settings). An update needs `healthchecks`; ports need
 * their `id` and `protocol`.
 */
export class ApplicationsApi extends services({
  ...kindRecords("application"), record: Application,
  createRequest: ApplicationCreateRequest, editRequest: ApplicationEditRequest, advancedSettings: AdvancedSettingsRequest,
}) {
  /** Starts a deployment (of `git_commit_id`, or the branch head). Follow it with `waitForApplication`. */
  override deploy(applicationId: string, request?: DeployRequest): Promise<ActionResult> {
    const body = request?.git_commit_id !== undefined ? request : undefined;
    return action(this.core, path`/application/${applicationId}/deploy`, body && { body, requestSchema: DeployRequest });
  }

  /** Restarts the running containers without a new build (`/restart-service`). */
  restart(applicationId: string): Promise<ActionResult> {
    return action(this.core, path`/application/${applicationId}/restart-service`);
  }

  /** Reads the application's log lines, oldest first; `tail` keeps the last ones. */
  logs(applicationId: string, options: LogOptions = {}): Promise<LogLine[]> {
    return readLogs(this.core, path`/application/${applicationId}/log`, options);
  }
}

export interface ApplicationsApi {
  // Any keys, as this signature has always taken: known ones are checked, unknown ones passed on as given.
  /** Sets advanced settings (flat dotted keys; only the keys given are sent). Answers with all keys. */
  updateAdvancedSettings(applicationId: string, settings: Record<string, unknown>): Promise<Record<string, unknown>>;
}
