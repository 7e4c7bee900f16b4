/**
 * What every service kind (application, container, job) shares, in the service's spelling: ports and probes, volumes,
 * the git repository of the kinds built from git, the request and record fields all kinds have, those of the
 * long-running kinds, and log lines. Which kind has which part is `SERVICE_KINDS` (`service-kinds.ts`).
 */
import { z } from "zod";
import { GIT_PROVIDERS, GIT_PROVIDER_REQUIRED_REASON, GitProvider, gitProviderOfUrl, gitUrlProblem } from "./git";
import { Reference, ReferenceRequest, maybe, openEnum } from "./schema";

/** Port protocols. */
export const PORT_PROTOCOLS = ["HTTP", "GRPC", "TCP", "UDP"] as const;
/** Highest TCP/UDP port number, for `internal_port` and `external_port` (the reference only says "integer"). */
export const MAX_PORT = 65_535;
/** Kinds of service volume. */
export const STORAGE_TYPES = ["FAST_SSD"] as const;
/** Smallest application volume, in GB (the reference: "Minimum size is 4 GB"). */
export const MIN_APPLICATION_VOLUME_GB = 4;
/** A port protocol in a request. */
export const PortProtocol = z.enum(PORT_PROTOCOLS);
/** `HTTP`, `GRPC`, `TCP` or `UDP`. */
export type PortProtocol = z.infer<typeof PortProtocol>;

/**
 * Git repository of an application create or edit. `url` must be an address the service can clone
 * ({@link gitUrlProblem}); `provider` is derived from its host when absent ({@link gitProviderOfUrl}).
 */
export const GitRepositoryRequest = z
  .looseObject({
    /** Repository URL, one the service can clone. */
    url: z.string().min(1).superRefine((url, ctx) => {
      const problem = url === "" ? undefined : gitUrlProblem(url);
      if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
    }),
    /** Git provider (derived from the URL's host when absent). */
    provider: GitProvider.optional(),
    /** Branch to deploy. */
    branch: z.string().optional(),
    /** Directory of the repository to build from (the service's default: `/`). */
    root_path: z.string().optional(),
    /** Id of the git token to clone with (private repositories). */
    git_token_id: z.string().nullable().optional(),
  })
  .transform((repo, ctx) => {
    const provider = repo.provider ?? gitProviderOfUrl(repo.url);
    if (!provider) {
      ctx.addIssue({ code: "custom", path: ["provider"], message: GIT_PROVIDER_REQUIRED_REASON });
      return z.NEVER;
    }
    return { ...repo, provider };
  });
/** Git repository of a service request (applications, jobs). */
export type GitRepositoryRequest = z.input<typeof GitRepositoryRequest>;

/** How a probe checks the container: exactly one of `tcp`, `http`, `exec`, `grpc`. */
export const ProbeType = z.looseObject({
  /** A TCP connection to `port` (on `host`, default the pod). */
  tcp: z.looseObject({
    /** Port to connect to. */
    port: z.number().int().optional(),
    /** Host to connect to (default: the pod). */
    host: z.string().nullable().optional(),
  }).nullable().optional(),
  /** An HTTP GET of `path` with `scheme` on `port`. */
  http: z.looseObject({
    /** Path to GET. */
    path: z.string().optional(),
    /** `HTTP` or `HTTPS`. */
    scheme: z.string().optional(),
    /** Port to call. */
    port: z.number().int().optional(),
  }).nullable().optional(),
  /** A command run in the container; success when it exits with 0. */
  exec: z.looseObject({
    /** The command and its arguments. */
    command: z.array(z.string()).optional(),
  }).nullable().optional(),
  /** A gRPC health check of `service` on `port`. */
  grpc: z.looseObject({
    /** The gRPC service checked. */
    service: z.string().nullable().optional(),
    /** Port to call. */
    port: z.number().int().optional(),
  }).nullable().optional(),
});
/** How a probe checks the container. */
export type ProbeType = z.input<typeof ProbeType>;

/** A readiness or liveness probe. */
export const Probe = z.looseObject({
  /** What is checked. */
  type: ProbeType.optional(),
  /** Seconds before the first check. */
  initial_delay_seconds: z.number().int().min(0).optional(),
  /** Seconds between checks. */
  period_seconds: z.number().int().min(1).optional(),
  /** Seconds a check may take. */
  timeout_seconds: z.number().int().min(1).optional(),
  /** Successes in a row that make the container healthy. */
  success_threshold: z.number().int().min(1).optional(),
  /** Failures in a row that make it unhealthy. */
  failure_threshold: z.number().int().min(1).optional(),
});
/** A readiness or liveness probe. */
export type Probe = z.input<typeof Probe>;

/** Health checks of a service; `{}` is valid (no probes). */
export const Healthchecks = z.looseObject({
  /** Until it passes, the container takes no traffic. */
  readiness_probe: Probe.nullable().optional(),
  /** Failing it restarts the container. */
  liveness_probe: Probe.nullable().optional(),
});
/** Health checks of a service. */
export type Healthchecks = z.input<typeof Healthchecks>;

/** A port in a service create. */
export const PortCreateRequest = z.looseObject({
  /** The port's id (edits: an existing port). */
  id: z.string().optional(),
  /** The port's name. */
  name: z.string().optional(),
  /** Port the container listens on (1 to 65535). */
  internal_port: z.number().int().min(1).max(MAX_PORT),
  /** Port exposed outside, for a public port (1 to 65535). */
  external_port: z.number().int().min(1).max(MAX_PORT).optional(),
  /** Whether the port is reachable from outside the cluster. */
  publicly_accessible: z.boolean(),
  /** Whether this is the service's default port. */
  is_default: z.boolean().optional(),
  /** `HTTP` (the service's default), `GRPC`, `TCP` or `UDP`. */
  protocol: PortProtocol.optional(),
  /** Public path the port is served under. */
  public_path: z.string().optional(),
  /** What the public path is rewritten to before it reaches the container. */
  public_path_rewrite: z.string().optional(),
});
/** A port in a service create. */
export type PortCreateRequest = z.input<typeof PortCreateRequest>;

/**
 * A port in a service edit: an existing port carries its `id`; a port without one is added. The list
 * replaces the application's ports, so a port left out is removed.
 */
export const PortEditRequest = PortCreateRequest.extend({ id: z.string().min(1).optional(), protocol: PortProtocol });
/** A port in a service edit. */
export type PortEditRequest = z.input<typeof PortEditRequest>;

/** A persistent volume of a service (`type` defaults to `FAST_SSD`; at least 4 GB). */
export const StorageRequest = z.looseObject({
  /** The volume's id (edits: an existing volume). */
  id: z.string().optional(),
  /** Kind of volume: `FAST_SSD`, the default. */
  type: z.enum(STORAGE_TYPES).default("FAST_SSD"),
  /** Size in GB, at least 4. */
  size: z.number().int().min(MIN_APPLICATION_VOLUME_GB),
  /** Absolute path the volume is mounted at. */
  mount_point: z.string().min(1),
});
/** A persistent volume of a service. */
export type StorageRequest = z.input<typeof StorageRequest>;

/**
 * Request fields every service kind (application, container, job) has, in the service's spelling: description,
 * resources per instance, preview and auto-deploy switches, annotation and label groups, icon.
 */
export const SERVICE_REQUEST_FIELDS = {
  /** Free text. */
  description: z.string().nullable().optional(),
  /** Millicores per instance. */
  cpu: z.number().int().min(1).optional(),
  /** MB of memory per instance. */
  memory: z.number().int().min(1).optional(),
  /** GPUs per instance. */
  gpu: z.number().int().min(0).optional(),
  /** GiB of ephemeral storage per instance. */
  ephemeral_storage_in_gib: z.number().int().min(0).optional(),
  /** Whether preview environments get the service. */
  auto_preview: z.boolean().optional(),
  /** Whether the service deploys by itself when its source changes. */
  auto_deploy: z.boolean().nullable().optional(),
  /** The annotations groups to attach (ids of the organization's groups). */
  annotations_groups: z.array(ReferenceRequest).optional(),
  /** The labels groups to attach (ids of the organization's groups). */
  labels_groups: z.array(ReferenceRequest).optional(),
  /** URI of the service's icon. */
  icon_uri: z.string().optional(),
};

/** Request fields of the long-running kinds (application, container): volumes, instance counts, command, autoscaling. */
export const RUNNING_SERVICE_REQUEST_FIELDS = {
  /** Persistent volumes. */
  storage: z.array(StorageRequest).optional(),
  /** Instances kept running at least. */
  min_running_instances: z.number().int().min(0).optional(),
  /** Instances run at most (`-1`: no limit). */
  max_running_instances: z.number().int().min(-1).optional(),
  /** Arguments of the container's command. */
  arguments: z.array(z.string()).optional(),
  /** The container's entrypoint, overriding the image's. */
  entrypoint: z.string().optional(),
  /** Autoscaling settings, sent as given. */
  autoscaling: z.looseObject({}).optional(),
};

/** The probes and ports of a long-running kind's create (application, container): probes default to none. */
export const RUNNING_SERVICE_CREATE_FIELDS = {
  /** Readiness and liveness probes (default `{}`: none). */
  healthchecks: Healthchecks.default({}),
  /** The service's ports. */
  ports: z.array(PortCreateRequest).optional(),
};

/** The probes and ports of a long-running kind's edit: probes required, and the ports' list replaces them. */
export const RUNNING_SERVICE_EDIT_FIELDS = {
  /** Readiness and liveness probes (required: send the current ones to keep them). */
  healthchecks: Healthchecks,
  /** The service's ports: the list replaces them (a port left out is removed). */
  ports: z.array(PortEditRequest).optional(),
};

/** A port as the service returns it. */
export const Port = z.looseObject({
  /** The port's id. */
  id: maybe(z.string()),
  /** The port's name. */
  name: maybe(z.string()),
  /** Port the container listens on. */
  internal_port: z.number(),
  /** Port exposed outside, for a public port. */
  external_port: maybe(z.number()),
  /** Whether the port is reachable from outside the cluster. */
  publicly_accessible: maybe(z.boolean()),
  /** Whether this is the service's default port. */
  is_default: maybe(z.boolean()),
  /** `HTTP`, `GRPC`, `TCP` or `UDP`. */
  protocol: maybe(openEnum(PORT_PROTOCOLS)),
  /** Public path the port is served under. */
  public_path: maybe(z.string()),
  /** What the public path is rewritten to before it reaches the container. */
  public_path_rewrite: maybe(z.string()),
});
/** A port as the service returns it. */
export type Port = z.infer<typeof Port>;

/** Git repository of a service built from git, as returned (deployed commit included). */
export const GitRepository = z.looseObject({
  /** Repository URL. */
  url: z.string(),
  /** Git provider of the URL. */
  provider: maybe(openEnum(GIT_PROVIDERS)),
  /** Owner of the repository, as the service reads it from the URL. */
  owner: maybe(z.string()),
  /** Repository name, as the service reads it from the URL. */
  name: maybe(z.string()),
  /** Whether the service can read the repository. */
  has_access: maybe(z.boolean()),
  /** Branch deployed. */
  branch: maybe(z.string()),
  /** Directory of the repository the service is built from. */
  root_path: maybe(z.string()),
  /** Commit running, once deployed. */
  deployed_commit_id: maybe(z.string()),
  /** Date of that commit. */
  deployed_commit_date: maybe(z.string()),
  /** Author of that commit. */
  deployed_commit_contributor: maybe(z.string()),
  /** Tag of that commit, when it has one. */
  deployed_commit_tag: maybe(z.string()),
  /** Id of the git token used to clone, when there is one. */
  git_token_id: maybe(z.string()),
  /** Name of that git token. */
  git_token_name: maybe(z.string()),
});
/** Git repository of a service built from git, as returned. */
export type GitRepository = z.infer<typeof GitRepository>;

/** A build from a git repository's Dockerfile, as the service answers it (an application's, a job's `source.docker`). */
export const DOCKER_BUILD_RECORD_FIELDS = {
  /** Repository, with the provider and branch in use and the deployed commit. */
  git_repository: maybe(GitRepository),
  /** Path of the Dockerfile in the repository. */
  dockerfile_path: maybe(z.string()),
  /** Stage of a multi-stage Dockerfile to build. */
  docker_target_build_stage: maybe(z.string()),
};

/** Health checks as the service returns them (probes kept as sent). */
export const HealthchecksRecord = z.looseObject({
  /** The readiness probe, as sent. */
  readiness_probe: maybe(z.looseObject({})),
  /** The liveness probe, as sent. */
  liveness_probe: maybe(z.looseObject({})),
});
/** Health checks as the service returns them. */
export type HealthchecksRecord = z.infer<typeof HealthchecksRecord>;

/** A persistent volume as the service returns it. */
export const StorageRecord = z.looseObject({
  /** The volume's id. */
  id: maybe(z.string()),
  /** Kind of volume, e.g. `FAST_SSD`. */
  type: maybe(z.string()),
  /** Size in GB. */
  size: z.number(),
  /** Absolute path the volume is mounted at. */
  mount_point: z.string(),
});
/** A persistent volume as the service returns it. */
export type StorageRecord = z.infer<typeof StorageRecord>;

/**
 * Record fields of every service the client deploys, databases included, as the service returns them: environment,
 * description, resources and their maximums, icon and type.
 */
export const DEPLOYED_SERVICE_RECORD_FIELDS = {
  /** The environment the service belongs to. */
  environment: maybe(Reference),
  /** Free text. */
  description: maybe(z.string()),
  /** Millicores per instance. */
  cpu: maybe(z.number()),
  /** MB of memory per instance. */
  memory: maybe(z.number()),
  /** The most millicores an instance may be given, as the service answers it. */
  maximum_cpu: maybe(z.number()),
  /** The most MB of memory an instance may be given, as the service answers it. */
  maximum_memory: maybe(z.number()),
  /** URI of the service's icon. */
  icon_uri: maybe(z.string()),
  /** The service's kind, as the service spells it. */
  service_type: maybe(z.string()),
};

/**
 * Record fields every service kind (application, container, job) has, as the service returns them: those of
 * {@link DEPLOYED_SERVICE_RECORD_FIELDS}, GPUs, ephemeral storage, probes, preview and auto-deploy switches,
 * annotation and label groups.
 */
export const SERVICE_RECORD_FIELDS = {
  ...DEPLOYED_SERVICE_RECORD_FIELDS,
  /** GPUs per instance. */
  gpu: maybe(z.number()),
  /** GiB of ephemeral storage per instance. */
  ephemeral_storage_in_gib: maybe(z.number()),
  /** Readiness and liveness probes. */
  healthchecks: maybe(HealthchecksRecord),
  /** Whether preview environments get the service. */
  auto_preview: maybe(z.boolean()),
  /** Whether the service deploys by itself when its source changes. */
  auto_deploy: maybe(z.boolean()),
  /** The annotations groups attached. */
  annotations_groups: maybe(z.array(Reference)),
  /** The labels groups attached. */
  labels_groups: maybe(z.array(Reference)),
};

/** Record fields of the long-running kinds (application, container): instance counts, ports, volumes, command, autoscaling. */
export const RUNNING_SERVICE_RECORD_FIELDS = {
  /** Instances kept running at least. */
  min_running_instances: maybe(z.number()),
  /** Instances run at most (`-1`: no limit). */
  max_running_instances: maybe(z.number()),
  /** The service's ports. */
  ports: maybe(z.array(Port)),
  /** The service's persistent volumes. */
  storage: maybe(z.array(StorageRecord)),
  /** Arguments of the container's command. */
  arguments: maybe(z.array(z.string())),
  /** The container's entrypoint, when it overrides the image's. */
  entrypoint: maybe(z.string()),
  /** Autoscaling settings, as the service answers them. */
  autoscaling: maybe(z.looseObject({})),
};

/** One line of a service's log. */
export const LogLine = z.looseObject({
  id: maybe(z.string()),
  created_at: maybe(z.string()),
  message: z.string(),
  pod_name: maybe(z.string()),
  version: maybe(z.string()),
});
/** One line of a service's log. */
export type LogLine = z.infer<typeof LogLine>;
