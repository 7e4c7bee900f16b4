/**
 * A local emulator of the deployment service's REST API: real HTTP on 127.0.0.1, real auth
 * (`Token`/`Bearer`, scopes Admin/Read/Deploy/Write), a per-token rate limit with `X-RateLimit-*` headers,
 * a deployment clock, webhooks, fault injection and control endpoints under `/_emulator`.
 *
 * Behaviour worth knowing:
 * - Collections live under their parent (`/environment/{id}/application`), items at top level (`/application/{id}`).
 * - Deletes cascade like the live service: a project takes its environments, an environment its services and
 *   deployment stages, an application its variables, secrets and logs. Children of a deleted parent answer 404.
 * - Services are applications, databases, containers, jobs, Helm charts and Terraform services (one table of kinds:
 *   `models/service-kinds.ts`). A Helm service installs a chart of a Helm repository of the organization (a repository
 *   a chart uses cannot be deleted: 400 naming the charts) or from git; a Terraform service builds from git, then plans
 *   and applies, and `/terraform/{id}/terraformResources` answers what the last apply left (none before it, nor after an
 *   uninstall). Their variables and secrets are the `/variable` routes' (scopes `HELM`, `TERRAFORM`), as the service has them.
 *   Deletes of services and environments answer 204 at once; with `stepMs > 0` the object stays
 *   readable in DELETE_QUEUED then DELETING for one step each before it answers 404; with `stepMs: 0` it is gone at once.
 * - Every new environment gets one deployment stage named `DEFAULT`; new services join the environment's first stage.
 *   A stage with services attached cannot be deleted (400).
 * - Deploys walk QUEUED, BUILDING (services built from git: applications, jobs with a `docker` source), DEPLOYING,
 *   DEPLOYED; stops STOP_QUEUED, STOPPING, STOPPED; restarts RESTART_QUEUED, RESTARTING, DEPLOYED (jobs have no
 *   restart); uninstalls DELETE_QUEUED, DELETING, DELETED (the configuration stays); one `stepMs` per state, computed
 *   from elapsed time. A new action on a service cancels the one still running (CANCELED in its history). A job's
 *   deploy is its run: DEPLOYED when it succeeded, DEPLOYMENT_ERROR when it failed (`failDeploys`).
 * - Containers and jobs with an `image` source pull from a container registry of the organization (every organization
 *   starts with `Docker Hub`); a deploy may name a new `image_tag`, which the service keeps, and
 *   `POST /organization/{id}/container/deploy` (`/job/deploy`) gives a new tag to, and deploys, every container (job)
 *   with `auto_deploy` running the image. A registry in use cannot be deleted (400).
 * - Environment requests (`/environment/{id}/deploy`, `/redeploy`, `/stop`, and `/service/deploy`, `/service/stop`,
 *   `/service/restart-service` for listed services) run stage by stage in `deployment_order`: a stage's services start
 *   together once every service of the stage before has finished, waiting in QUEUED until then; a deploy that fails
 *   stops the later stages, whose services end CANCELED without building or deploying (see `deployments/actions.ts`). Every
 *   service a request acts on carries the request's `deployment_request_id`. `/service/deploy` takes pins (an
 *   application's or git job's `git_commit_id`, a container's or image job's `image_tag`, which the service keeps);
 *   `/cancelDeployment` ends the unfinished deploys CANCELED (every unfinished action with `force_cancel`);
 *   `/statusesWithStages` answers the environment's status and each stage with its services' statuses.
 * - Deployments leave traces: an application's deploy rolls out the commit it names (`git_commit_id`) or its branch's
 *   head, shown as `git_repository.deployed_commit_*` once DEPLOYED; `/<kind>/{id}/deploymentHistory` and
 *   `/environment/{id}/deploymentHistory` list every action, newest first, 20 per page (query `startId`).
 * - Deployment restrictions (`/application|job|helm|terraform/{id}/deploymentRestriction`) are kept and answered
 *   (no git push is modelled). Project deployment rules are ordered; a new environment matching one's wildcard takes
 *   its schedule; every environment has a rule (`/environment/{id}/deploymentRule`). One with `auto_stop` stops its
 *   environment at its stop time and deploys it again at its start time on the rules' clock, real time unless
 *   `PUT /_emulator/config` sets it (`ruleTime`) or shortens its day (`ruleDayMs`); see `deployments/rule-clock.ts`.
 * - Webhooks: every deploy of every service kind that started sends DEPLOYMENT_STARTED and exactly one final event:
 *   SUCCESSFUL, FAILURE, or CANCELLED when a newer action replaces it or its service is deleted mid-deploy. Targets
 *   are loopback only unless `webhookAllowHosts` allows more (never a metadata host), checked at create and at each
 *   delivery (see `deployments/webhook-targets.ts`); a target's answer body is never kept nor answered.
 * - Secret values, git tokens, webhook secrets, container and Helm registries' credentials and secret Terraform
 *   variables are kept but never answered. Database passwords are answered by
 *   the master-credentials read and edit (to every token scope, as the live service does). All of them are redacted
 *   in the state dump.
 * - Every field a request may set comes back on the next read (`annotations_groups` / `labels_groups` as the whole
 *   groups of `/organization/{id}/annotationsGroups` and `/labelsGroups`, whose ids must exist).
 * - Validation as the service does it: the reference's enums (an environment `mode` of `PREVIEW` is the service's to
 *   set), ids that must name existing records (400), edits of records that do not exist (404, never a create),
 *   `min_running_instances <= max_running_instances` (`-1` = no limit), unique
 *   internal ports per application, absolute storage mount points (400 naming the field); name uniqueness per family
 *   as decided in `models/uniqueness.ts` (409). A malformed JSON body is a 400 that quotes none of it; a body holding a
 *   `__proto__` key anywhere is a 400. Ids are looked up as own entries only (`__proto__`, `constructor`... are 404).
 * - Faults (`POST /_emulator/faults`): request faults (an answer status, latency, a lost connection) and stale
 *   statuses (`{"kind": "stale_status", "reads": 3}`: status reads after a deploy keep answering the previous
 *   deployment for a while, the service's known race); see `server/faults.ts`.
 * - Control endpoints (`/_emulator/...`) take no token, so they answer only a loopback `Host` (403 otherwise), refuse
 *   a non-loopback `Origin` (403), and every request but GET must carry `content-type: application/json` (415),
 *   which a web page cannot send cross-origin without a CORS preflight the emulator never grants. `control/control-client.ts`
 *   (exported here: `control`, `requests`, `stateDump`, `injectFault`, `injectStaleStatus`, `failDeploys`...) is a client of them.
 * - The API routes allow CORS (any origin; `server/cors.ts`), the control endpoints never. With `strictAgainst`
 *   (`--strict-against FILE`) every API answer is checked against that OpenAPI document and each mismatch is reported
 *   (`server/strict.ts`): in the log the CLI prints, `GET /_emulator/strict` and the dashboard.
 * - The `--data` file holds every token and secret in clear: it is written with mode 0600 (through a temporary file
 *   created 0600, then renamed), and an existing file is narrowed to 0600 when loaded (a symbolic link is refused).
 *   Every change a request makes is on disk before its answer; a save that fails answers 503 and undoes the change.
 *
 * @packageDocumentation
 */
import { EmulatorServer } from "./server/server";
import { adoptLegacyOnPremise } from "./models/cloud-credentials";
import { ensureClusterCredentials } from "./models/kubeconfig";
import { loadData, Saver } from "./persistence/persistence";
import { newSeedInfo, seedState } from "./persistence/seed";
import { normalizeAllowHost } from "./deployments/webhook-targets";
import type { FlightFigures } from "./server/latency";
import { loadStrictDocument, StrictCheck, type StrictMismatch } from "./server/strict";

export * from "./control/control-client";
export type { FlightFigures } from "./server/latency";
export type { StrictMismatch, StrictReport } from "./server/strict";

/** How {@link startEmulator} runs the emulator. */
export interface EmulatorOptions {
  /** 0 or absent = a free port; always binds 127.0.0.1. */
  port?: number;
  /** Requests per hour per token (default 1000); per window when `rateLimitWindowSeconds` is set. */
  rateLimitPerHour?: number;
  /** Length of the rate-limit window in seconds (default 3600, the service's hour; tests shorten it). */
  rateLimitWindowSeconds?: number;
  /** Duration of each deployment-clock step in ms; 0 = instant (default 0 here; the CLI defaults to 300). */
  stepMs?: number;
  /**
   * Persist state to this file (mode 0600; a symbolic link is refused); absent = in memory. A change a request makes
   * is on disk (temporary file written and fsynced, renamed, directory fsynced) before the answer, or the answer is
   * a 503 and the change is undone. Changes made later by timers (webhook deliveries) are saved within 50 ms.
   */
  dataFile?: string;
  /** Told of a failed save of a change made by a timer (the next request's save retries it); default: ignored. */
  onSaveError?: (message: string) => void;
  /** Print nothing (the library never prints; kept for the CLI). */
  quiet?: boolean;
  /**
   * Hosts (names or IP addresses, no port) webhooks may be delivered to besides loopback, the only default; a name
   * allows whatever it resolves to. Cloud metadata hosts and 0.0.0.0/`::` are never allowed (startEmulator throws).
   */
  webhookAllowHosts?: string[];
  /**
   * Milliseconds every API request waits before it is handled, as a slow network or a distant service would make it
   * (default 0); the control endpoints (`/_emulator/...`) and `/openapi.json` never wait.
   */
  latencyMs?: number;
  /** How the latency waits (default: a timer); a test passes its own to observe the wait without timing it. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Strict mode: an OpenAPI document (a JSON file) every API answer is checked against, e.g. the service's published
   * one; each mismatch (an unknown operation, an undeclared status, a body off its schema) is told to
   * `onStrictMismatch`, listed by `GET /_emulator/strict` and shown on the dashboard. The answers are sent as they are.
   * startEmulator throws, naming the option, when the file is not a JSON OpenAPI document.
   */
  strictAgainst?: string;
  /** Told of each mismatch strict mode finds (the CLI prints it on stderr); default: kept for the dashboard only. */
  onStrictMismatch?: (mismatch: StrictMismatch) => void;
}

/** A running emulator. */
export interface RunningEmulator {
  /** "http://127.0.0.1:<port>" (no trailing slash). */
  url: string;
  /** The seeded API token values by name. */
  tokens: {
    /** Scope Admin: every request. */
    admin: string;
    /** Scope Read: reads only. */
    read: string;
    /** Scope Deploy. */
    deploy: string;
    /** Scope Write. */
    write: string;
  };
  /** Seeded ids: the organization and the clusters `eu-west`, `us-east` (in that order). */
  ids: {
    /** The seeded organization. */
    organizationId: string;
    /** The clusters `eu-west` and `us-east`. */
    clusterIds: [string, string];
  };
  /**
   * The API requests in flight since the emulator started or since the last `reset` argument: the most at once, the
   * time with at least one in flight and the mean count over that time (the control endpoints are not counted).
   */
  inFlight(reset?: boolean): FlightFigures;
  /** Stops serving, flushes the data file and clears pending timers. */
  close(): Promise<void>;
}

function allowedHosts(hosts: readonly string[]): string[] {
  return hosts.map((h) => {
    try {
      return normalizeAllowHost(h);
    } catch (e) {
      throw new Error(`webhookAllowHosts: ${(e as Error).message}`);
    }
  });
}

/** Starts an emulator on 127.0.0.1 (a free port unless `port` is given). */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const now = Date.now();
  const stored = options.dataFile ? loadData(options.dataFile) : undefined;
  const strictDoc = options.strictAgainst === undefined ? undefined : loadStrictDocument(options.strictAgainst);
  const seed = stored?.seed ?? newSeedInfo(now);
  const state = stored?.state ?? seedState(seed);
  ensureClusterCredentials({ state }, seed.tokens.admin, seed.createdAt); // a data file of an older emulator has none
  adoptLegacyOnPremise({ state }, seed.createdAt); // nor the one table of cloud credentials
  const server = new EmulatorServer(seed, state, {
    stepMs: options.stepMs ?? 0,
    rateLimitPerHour: options.rateLimitPerHour ?? 1000,
    ...(options.rateLimitWindowSeconds !== undefined ? { rateLimitWindowSeconds: options.rateLimitWindowSeconds } : {}),
    ...(options.webhookAllowHosts !== undefined ? { webhookAllowHosts: allowedHosts(options.webhookAllowHosts) } : {}),
  });
  if (options.latencyMs !== undefined) {
    if (!Number.isInteger(options.latencyMs) || options.latencyMs < 0) throw new Error(`latencyMs: expected a non-negative integer, got ${options.latencyMs}`);
    server.latencyMs = options.latencyMs;
  }
  if (options.sleep) server.sleep = options.sleep;
  if (options.strictAgainst !== undefined && strictDoc) server.strict = new StrictCheck(options.strictAgainst, strictDoc, options.onStrictMismatch);
  if (options.dataFile) {
    const onError = options.onSaveError;
    server.saver = new Saver(options.dataFile, {
      snapshot: () => server.snapshot(), restore: (s) => server.restore(s), ...(onError ? { onError } : {}),
    });
    if (!stored) server.saver.flush(true);
  }
  await new Promise<void>((resolve, reject) => {
    server.http.once("error", reject);
    server.http.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.http.address();
  const port = typeof address === "object" && address ? address.port : 0;
  let closed = false;
  return {
    url: `http://127.0.0.1:${port}`,
    tokens: { ...seed.tokens },
    ids: { organizationId: seed.organizationId, clusterIds: [seed.clusterIds[0], seed.clusterIds[1]] },
    inFlight: (reset = false) => {
      const figures = server.flight.figures();
      if (reset) server.flight.reset();
      return figures;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      for (const t of server.world.timers) clearTimeout(t);
      server.world.timers.clear();
      let failed: unknown;
      try {
        server.saver?.flush();
      } catch (e) {
        failed = e;
      }
      await new Promise<void>((resolve) => {
        server.http.close(() => resolve());
        server.http.closeAllConnections();
      });
      if (failed) throw failed;
    },
  };
}
