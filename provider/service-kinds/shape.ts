/**
 * What the service kinds share field for field: every kind (application, container, job) its resources, probes,
 * auto-deploy flag, annotation and label groups, deployment stage, variables, secrets and deployment; the
 * long-running kinds (applications, containers) also their instance counts, ports, volumes, entrypoint and arguments,
 * preview flag and autoscaling policy (`autoscaling.ts`). The Args users read and the schema fields are written here
 * once; the fields' facts (wire names, ids of list members, values cleared on an edit) drive the wire mapping both ways
 * (`wire.ts`), so no kind writes its wire shape by hand.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { APPLICATION_DEFAULTS, PORT_PROTOCOLS } from "../../sdk";
import { autoscalingFields, type AutoscalingArgs } from "../framework/autoscaling";
import { field } from "../framework/fields";
import { groupRefFields } from "../framework/group-refs";
import { deployFields, type DeployArgs } from "./deploy";
import { refineValues, valuesFields, type ServiceValuesArgs } from "../framework/service-values";
import { builtInFields } from "./built-in-variables";
import { idInput, MAX_CPU_MILLICORES, MAX_GPU, MAX_INSTANCES, MAX_MEMORY_MB, MAX_PORT, MAX_STORAGE_GB, MIN_APPLICATION_VOLUME_GB, nameInput } from "../framework/rules";
import type { AdoptableArgs } from "../framework/adoption";

/** What a probe checks: give exactly one of `tcp`, `http`, `exec`, `grpc`. */
export interface ProbeTypeArgs {
  /** A TCP connection to `port` (on `host`, default the pod). */
  tcp?: pulumi.Input<{
    /** Port to connect to. */
    port?: pulumi.Input<number>;
    /** Host to connect to (default: the pod). */
    host?: pulumi.Input<string>;
  }>;
  /** An HTTP GET of `path` (default `/`) with `scheme` (`"HTTP"`, the default, or `"HTTPS"`) on `port`. */
  http?: pulumi.Input<{
    /** Path to GET. Default: `/`. */
    path?: pulumi.Input<string>;
    /** `"HTTP"` (the default) or `"HTTPS"`. */
    scheme?: pulumi.Input<string>;
    /** Port to call. */
    port?: pulumi.Input<number>;
  }>;
  /** A command run in the container; success when it exits with 0. */
  exec?: pulumi.Input<{
    /** The command and its arguments. */
    command: pulumi.Input<pulumi.Input<string>[]>;
  }>;
  /** A gRPC health check of `service` on `port`. */
  grpc?: pulumi.Input<{
    /** The gRPC service checked. */
    service?: pulumi.Input<string>;
    /** Port to call. */
    port?: pulumi.Input<number>;
  }>;
}

/** A readiness or liveness probe (wire: snake case, e.g. `initial_delay_seconds`). */
export interface ProbeArgs {
  /** What is checked. Wire: `type`. */
  type: pulumi.Input<ProbeTypeArgs>;
  /** Seconds before the first check. Default: `30`. */
  initialDelaySeconds?: pulumi.Input<number>;
  /** Seconds between checks. Default: `10`. */
  periodSeconds?: pulumi.Input<number>;
  /** Seconds a check may take. Default: `5`. */
  timeoutSeconds?: pulumi.Input<number>;
  /** Successes in a row that make the probe pass. Default: `1`. */
  successThreshold?: pulumi.Input<number>;
  /** Failures in a row that make the probe fail. Default: `9`. */
  failureThreshold?: pulumi.Input<number>;
}

/** Health checks of a service (an application or a container). */
export interface HealthchecksArgs {
  /** Decides when an instance receives traffic. Wire: `readiness_probe`. */
  readinessProbe?: pulumi.Input<ProbeArgs>;
  /** Decides when an instance is restarted. Wire: `liveness_probe`. */
  livenessProbe?: pulumi.Input<ProbeArgs>;
}

/** A port a service (an application or a container) listens on. */
export interface PortArgs {
  /** Port the service listens on (1-65535); ports are matched by it across updates. Wire: `internal_port`. */
  internalPort: pulumi.Input<number>;
  /** Port exposed to the world (1-65535). Default: 443 for public ports, chosen by the service. Wire: `external_port`. */
  externalPort?: pulumi.Input<number>;
  /** Expose the port publicly. Wire: `publicly_accessible`. */
  publiclyAccessible: pulumi.Input<boolean>;
  /** `HTTP`, `GRPC`, `TCP` or `UDP`. Default: `HTTP`. Wire: `protocol`. */
  protocol?: pulumi.Input<"HTTP" | "GRPC" | "TCP" | "UDP">;
  /** Port name, not only whitespace. Default: chosen by the service (`p<internalPort>`). Wire: `name`. */
  name?: pulumi.Input<string>;
  /** The port used for the service's domain. Default: the first port, chosen by the service. Wire: `is_default`. */
  isDefault?: pulumi.Input<boolean>;
  /** Path (or regex) public traffic must match, public HTTP/GRPC ports only. Wire: `public_path`. */
  publicPath?: pulumi.Input<string>;
  /** Path the matched traffic is rewritten to. Wire: `public_path_rewrite`. */
  publicPathRewrite?: pulumi.Input<string>;
}

/** A persistent volume of a service (an application or a container). */
export interface StorageArgs {
  /** Size in GB, 4 (the service's minimum) to 65536 (64 TiB, the largest single cloud volume; the API sets no maximum). Wire: `size`. */
  size: pulumi.Input<number>;
  /** Absolute path the volume is mounted at; volumes are matched by it across updates. Wire: `mount_point`. */
  mountPoint: pulumi.Input<string>;
}

/**
 * The Args every service kind (an application, a container, a job) shares field for field: its environment and
 * name, resources per instance, probes, annotation and label groups, deployment stage, variables and secrets
 * ({@link ServiceValuesArgs}) and deployment ({@link DeployArgs}); the schema's side is {@link serviceFields}.
 */
export interface ServiceArgs extends AdoptableArgs, ServiceValuesArgs, DeployArgs {
  /** Environment holding the service (wire: the `{environmentId}` of the create path). Changing it replaces the service. */
  environmentId: pulumi.Input<string>;
  /** Service name, unique within the environment (case-insensitive), 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /**
   * CPU per instance in millicores (1000 = one CPU), 1 to 256000. Default: `500`. Wire: `cpu`. The API sets no maximum:
   * 256000 (256 CPUs) is this package's guard against slips such as `1e9`.
   */
  cpu?: pulumi.Input<number>;
  /** Memory per instance in MB, 1 to 4194304 (4 TiB; the API sets no maximum, this is a guard against slips). Default: `512`. Wire: `memory`. */
  memory?: pulumi.Input<number>;
  /** GPUs per instance, 0 to 64 (the API sets only the minimum). Default: `0`. Wire: `gpu`. */
  gpu?: pulumi.Input<number>;
  /** Readiness and liveness probes. Default: `{}` (none; always sent, as the service requires). Wire: `healthchecks`. */
  healthchecks?: pulumi.Input<HealthchecksArgs>;
  /** Ids of annotation groups of the organization (each a valid id: no `/`, `..`, `%` or whitespace). Default: none. Wire: `annotations_groups` (`[{id}]`). */
  annotationsGroupIds?: pulumi.Input<pulumi.Input<string>[]>;
  /** Ids of label groups of the organization (each a valid id: no `/`, `..`, `%` or whitespace). Default: none. Wire: `labels_groups` (`[{id}]`). */
  labelsGroupIds?: pulumi.Input<pulumi.Input<string>[]>;
  /** Deployment stage to put the service in (wire: `PUT /deploymentStage/{id}/service/{serviceId}`). Default: the stage the service chooses (a refresh then reads no stage: only a declared one shows drift). */
  deploymentStageId?: pulumi.Input<string>;
  /**
   * Whether the `builtInVariables` output is read (its hosts and ids). Default: `true`. With `false` the output is
   * `{}` and a new service costs one request fewer: its initial variables and secrets are written in one import and
   * not listed after it (their ids are read by the next refresh, or looked up by key in one listing when an edit or
   * a delete needs them before that). Worth it in large stacks that read no built-in: 100 applications are 100
   * requests fewer of the token's hourly budget on `up`. Never sent to the service.
   */
  readBuiltInVariables?: pulumi.Input<boolean>;
}

/**
 * The Args a long-running service (an application, a container) shares field for field: {@link ServiceArgs},
 * instance counts, ports, volumes and command.
 */
export interface RuntimeArgs extends ServiceArgs {
  /** Fewest instances running, 0 to 1000 (0 stops the service; the API sets only the minimum). Default: `1`. Wire: `min_running_instances`. */
  minRunningInstances?: pulumi.Input<number>;
  /** Most instances running, at least `minRunningInstances` and at most 1000; `-1` means no limit. Default: `1`. Wire: `max_running_instances`. */
  maxRunningInstances?: pulumi.Input<number>;
  /** Ports the service listens on. Default: none. Wire: `ports`. */
  ports?: pulumi.Input<pulumi.Input<PortArgs>[]>;
  /** Persistent volumes. Default: none. Wire: `storage`. */
  storage?: pulumi.Input<pulumi.Input<StorageArgs>[]>;
  /** Arguments passed to the entrypoint. Default: none. Wire: `arguments`. */
  arguments?: pulumi.Input<pulumi.Input<string>[]>;
  /** Entrypoint of the container. Default: the image's. Wire: `entrypoint`. */
  entrypoint?: pulumi.Input<string>;
  /**
   * KEDA autoscaling policy (a Pulumi secret: trigger authentications carry credentials). Default: none; leaving it
   * out keeps whatever policy the service has (the API has no call that removes one). Wire: `autoscaling`.
   */
  autoscaling?: pulumi.Input<AutoscalingArgs>;
}

const int = z.number().int();
const PROBE = APPLICATION_DEFAULTS.probe;
const portNumber = int.min(1).max(MAX_PORT);

/** What a probe checks: exactly one of tcp, http, exec, grpc. */
export const probeTypeSchema = z
  .strictObject({
    tcp: z.strictObject({ port: portNumber.optional(), host: z.string().min(1).optional() }).optional(),
    http: z
      // `scheme` is typed `string` in the Args (a widened literal in a user's object must keep compiling), checked here.
      .strictObject({ path: z.string().min(1).default("/"), scheme: z.string().pipe(z.enum(["HTTP", "HTTPS"])).default("HTTP"), port: portNumber.optional() })
      .optional(),
    exec: z.strictObject({ command: z.array(z.string()).min(1) }).optional(),
    grpc: z.strictObject({ service: z.string().min(1).optional(), port: portNumber.optional() }).optional(),
  })
  .superRefine((t, ctx) => {
    const kinds = (["tcp", "http", "exec", "grpc"] as const).filter((k) => t[k] !== undefined);
    if (kinds.length !== 1) {
      ctx.addIssue({ code: "custom", message: `expected exactly one of tcp, http, exec, grpc, got ${kinds.length === 0 ? "none" : kinds.join(" and ")}` });
    }
  });

/** A readiness or liveness probe, with the service's defaults. */
export const probeSchema = z.strictObject({
  type: probeTypeSchema,
  initialDelaySeconds: int.min(0).default(PROBE.initial_delay_seconds),
  periodSeconds: int.min(1).default(PROBE.period_seconds),
  timeoutSeconds: int.min(1).default(PROBE.timeout_seconds),
  successThreshold: int.min(1).default(PROBE.success_threshold),
  failureThreshold: int.min(1).default(PROBE.failure_threshold),
});

/** A port of a service. */
export const portSchema = z.strictObject({
  internalPort: portNumber,
  externalPort: portNumber.optional(),
  publiclyAccessible: z.boolean(),
  protocol: z.enum(PORT_PROTOCOLS).default(APPLICATION_DEFAULTS.port_protocol),
  name: nameInput().optional(),
  isDefault: z.boolean().optional(),
  publicPath: z.string().min(1).optional(),
  publicPathRewrite: z.string().min(1).optional(),
});

/** A storage volume (always a fast SSD on the wire). */
export const storageSchema = field(
  z.strictObject({
    size: int.min(MIN_APPLICATION_VOLUME_GB).max(MAX_STORAGE_GB),
    mountPoint: z.string().regex(/^\//, "expected an absolute path (starting with /)"),
  }),
  { wireConstants: { type: "FAST_SSD" } },
);

/** The readiness and liveness probes of a service (default `{}`: none). */
export const healthchecksSchema = z.strictObject({ readinessProbe: probeSchema.optional(), livenessProbe: probeSchema.optional() });

/** What the service sets for every service kind's resources when a request leaves them out. */
export interface ResourceDefaults {
  cpu: number;
  memory: number;
  gpu: number;
}

/** What the service sets for a long-running service when a request leaves a field out. */
export interface RuntimeDefaults extends ResourceDefaults {
  min_running_instances: number;
  max_running_instances: number;
  auto_preview: boolean;
}

/** The schema fields `cpu`, `memory` and `gpu` of every service kind, with the kind's defaults. */
export function resourceFields(defaults: ResourceDefaults) {
  return {
    cpu: int.min(1).max(MAX_CPU_MILLICORES).default(defaults.cpu),
    memory: int.min(1).max(MAX_MEMORY_MB).default(defaults.memory),
    gpu: int.min(0).max(MAX_GPU).default(defaults.gpu),
  };
}

/** The schema fields `annotationsGroupIds` and `labelsGroupIds` of every service kind (`[{id}]` on the wire). */
export const groupFields = groupRefFields;

/**
 * The schema fields every service kind has that are not in its body: `deploymentStageId` ({@link stagePart}),
 * `environmentVariables` and `secrets` ({@link valuesParts}), `readBuiltInVariables` ({@link builtInsPart}), `deploy`
 * and `deployTimeoutSeconds` ({@link deployPart}).
 * Check them with {@link refineValues}.
 */
export const serviceFields = {
  deploymentStageId: field(idInput().optional(), { wire: false }),
  ...valuesFields,
  ...builtInFields,
  ...deployFields,
};

/**
 * The schema fields of a long-running service, from `cpu` to `labelsGroupIds`, with the kind's defaults. Spread
 * into the family's schema; check them together with {@link refineRuntime}.
 */
export function runtimeFields(defaults: RuntimeDefaults) {
  return {
    ...resourceFields(defaults),
    minRunningInstances: int.min(0).max(MAX_INSTANCES).default(defaults.min_running_instances),
    maxRunningInstances: int.min(-1).max(MAX_INSTANCES).default(defaults.max_running_instances),
    // An edit names the ports and volumes the service has by their ids, matched by internal port and mount point.
    ports: field(z.array(portSchema).default([]), { idBy: "internalPort" }),
    healthchecks: healthchecksSchema.default({}),
    storage: field(z.array(storageSchema).default([]), { idBy: "mountPoint" }),
    arguments: z.array(z.string()).default([]),
    entrypoint: field(z.string().min(1).optional(), { cleared: "" }),
    autoPreview: z.boolean().default(defaults.auto_preview),
    autoDeploy: z.boolean().default(false),
    ...groupFields,
    ...autoscalingFields,
  };
}

/** The runtime inputs after validation. */
export type RuntimeInputs = z.output<z.ZodObject<ReturnType<typeof runtimeFields>>>;

/**
 * Every schema field a long-running service has besides its own: {@link runtimeFields} and {@link serviceFields}.
 * Check them with {@link refineRunningService}.
 */
export function runningServiceFields(defaults: RuntimeDefaults) {
  return { ...runtimeFields(defaults), ...serviceFields };
}

/** The cross-field rules of {@link runningServiceFields}: instance counts, ports, variables against secrets. */
export function refineRunningService(
  v: Pick<RuntimeInputs, "minRunningInstances" | "maxRunningInstances" | "ports"> & Parameters<typeof refineValues>[0],
  ctx: z.RefinementCtx,
): void {
  refineRuntime(v, ctx);
  refineValues(v, ctx);
}

/** Cross-field rules of the runtime fields: max instances not below min (or -1), each internal port once. */
export function refineRuntime(v: Pick<RuntimeInputs, "minRunningInstances" | "maxRunningInstances" | "ports">, ctx: z.RefinementCtx): void {
  if (v.maxRunningInstances !== -1 && v.maxRunningInstances < v.minRunningInstances) {
    ctx.addIssue({
      code: "custom",
      path: ["maxRunningInstances"],
      message: `expected >= minRunningInstances (${v.minRunningInstances}) or -1 (no limit), got ${v.maxRunningInstances}`,
    });
  }
  const seen = new Set<number>();
  v.ports.forEach((p, i) => {
    if (seen.has(p.internalPort)) {
      ctx.addIssue({ code: "custom", path: ["ports", i, "internalPort"], message: `expected each internalPort once, got ${p.internalPort} twice` });
    }
    seen.add(p.internalPort);
  });
}

/** True for a plain object (not null, not an array). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/**
 * The desired inputs with what the service chooses when the program leaves it out taken from the stored state:
 * each port's name, external port and default flag (matched by internal port), the deployment stage, and the
 * autoscaling policy (left out, the service keeps the one it has).
 */
export function withRuntimeChoices(news: Record<string, unknown>, olds: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...news };
  const ports = news["ports"];
  const oldPorts = Array.isArray(olds["ports"]) ? (olds["ports"] as unknown[]).filter(isRecord) : [];
  if (Array.isArray(ports)) {
    out["ports"] = ports.map((p) => {
      if (!isRecord(p)) return p;
      const old = oldPorts.find((o) => o["internalPort"] === p["internalPort"]);
      if (old === undefined) return p;
      const filled: Record<string, unknown> = { ...p };
      for (const k of ["name", "externalPort", "isDefault"]) if (filled[k] === undefined) filled[k] = old[k];
      return filled;
    });
  }
  if (news["deploymentStageId"] === undefined) out["deploymentStageId"] = olds["deploymentStageId"];
  if (news["autoscaling"] === undefined) out["autoscaling"] = olds["autoscaling"];
  return out;
}
