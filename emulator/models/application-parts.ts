/**
 * What the services a user configures share, and the one way a request sets it: health checks, auto-deploy, the
 * description and the groups they reference (applications, containers, jobs); ports, storage volumes, instance
 * bounds, resources, command and autoscaling (applications and containers, the services that keep running).
 */
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { badRequest } from "../server/errors";
import type { autoscalingRequest } from "../schemas/autoscaling";
import type { portRequest, storageRequest } from "../schemas/applications";
import type { AdvancedSettings } from "./advanced-settings";
import { buildAutoscaling, type AutoscalingRec } from "./autoscaling";
import { groupIds } from "./groups";
import type { ModelContext } from "./records";
import type { ServiceRecBase } from "./services";

/** Port of a service. */
export interface PortRec {
  id: string;
  name: string;
  internal_port: number;
  external_port?: number;
  publicly_accessible: boolean;
  is_default: boolean;
  protocol: string;
  public_path?: string;
  public_path_rewrite?: string;
}

/** Storage volume of a service. */
export interface StorageRec {
  id: string;
  type: "FAST_SSD";
  size: number;
  mount_point: string;
}

type Items = ReadonlyArray<{ id?: string | undefined }>;

/** 400 when item `i` names an id the service does not have, or one an earlier item names. */
function checkId(field: string, what: string, input: Items, existing: Items, i: number): void {
  const id = input[i]?.id;
  if (id === undefined) return;
  if (!existing.some((e) => e.id === id)) throw badRequest(`${field}[${i}].id`, `unknown ${what} ${id}`);
  if (input.findIndex((q) => q.id === id) !== i) throw badRequest(`${field}[${i}].id`, `${what} ${id} is given twice`);
}

/** The ports of a request, defaults applied; internal ports must be unique within the service. */
export function buildPorts(input: Array<z.output<typeof portRequest>>, existing: PortRec[]): PortRec[] {
  return input.map((p, i) => {
    checkId("ports", "port", input, existing, i);
    const first = input.findIndex((q) => q.internal_port === p.internal_port);
    if (first !== i) {
      throw badRequest(`ports[${i}].internal_port`, `${p.internal_port} is already used by ports[${first}]; internal ports must be unique within a service`);
    }
    const port: PortRec = {
      id: p.id ?? randomUUID(), name: p.name ?? `p${p.internal_port}`, internal_port: p.internal_port,
      publicly_accessible: p.publicly_accessible, is_default: p.is_default ?? i === 0, protocol: p.protocol ?? "HTTP",
    };
    const external = p.external_port ?? (p.publicly_accessible ? 443 : undefined);
    if (external !== undefined) port.external_port = external;
    if (p.public_path !== undefined) port.public_path = p.public_path;
    if (p.public_path_rewrite !== undefined) port.public_path_rewrite = p.public_path_rewrite;
    return port;
  });
}

/** The storage volumes of a request. */
export function buildStorage(input: Array<z.output<typeof storageRequest>>, existing: StorageRec[]): StorageRec[] {
  return input.map((s, i) => {
    checkId("storage", "storage", input, existing, i);
    return { id: s.id ?? randomUUID(), type: "FAST_SSD", size: s.size, mount_point: s.mount_point };
  });
}

/** Instance bounds as stored. */
interface Instances {
  min_running_instances: number;
  max_running_instances: number;
}

/**
 * 400 unless `min_running_instances <= max_running_instances` (`-1` = no limit) once the request is merged with
 * what is stored; names the field the request sent (min when both were).
 */
export function checkInstances(stored: Instances, given: { [K in keyof Instances]?: number | undefined }): void {
  const min = given.min_running_instances ?? stored.min_running_instances;
  const max = given.max_running_instances ?? stored.max_running_instances;
  if (max === -1 || min <= max) return;
  if (given.min_running_instances !== undefined) {
    throw badRequest("min_running_instances", `${min} is greater than max_running_instances ${max}`);
  }
  throw badRequest("max_running_instances", `${max} is less than min_running_instances ${min} (use -1 for no limit)`);
}

/** The fields of a service configured with health checks and auto-deploy (an application, a container, a job). */
export interface ConfiguredServiceRec extends ServiceRecBase {
  healthchecks: Record<string, unknown>;
  auto_deploy: boolean;
}

/** What a request of such a service may give of those fields (undefined: keep what is stored). */
export interface ConfiguredServiceInput {
  description?: string | null | undefined;
  healthchecks: Record<string, unknown>;
  auto_deploy?: boolean | null | undefined;
  annotations_groups?: ReadonlyArray<{ id: string }> | undefined;
  labels_groups?: ReadonlyArray<{ id: string }> | undefined;
}

/**
 * Checks what of those fields can fail (the groups a request references) and answers the change that sets them, to
 * be applied once every other check of the request passed (null clears a description; auto_deploy null is false).
 */
export function configuredFields(m: ModelContext, b: ConfiguredServiceInput): (rec: ConfiguredServiceRec) => void {
  const annotations = groupIds(m, "annotations_groups", b.annotations_groups);
  const labels = groupIds(m, "labels_groups", b.labels_groups);
  return (rec) => {
    if (b.description === null) delete rec.description;
    else if (b.description !== undefined) rec.description = b.description;
    rec.healthchecks = b.healthchecks;
    if (b.auto_deploy !== undefined) rec.auto_deploy = b.auto_deploy ?? false;
    if (annotations !== undefined) rec.annotations_groups = annotations;
    if (labels !== undefined) rec.labels_groups = labels;
  };
}

/** The fields of a service that keeps running (an application, a container). */
export interface RunningServiceRec extends ConfiguredServiceRec {
  cpu: number;
  memory: number;
  gpu: number;
  /** Absent: the platform's default. */
  ephemeral_storage_in_gib?: number;
  /** Null or absent: the cluster's default architecture. */
  cpu_architecture?: string | null;
  auto_preview: boolean;
  arguments: string[];
  entrypoint?: string;
  advanced_settings: AdvancedSettings;
  min_running_instances: number;
  max_running_instances: number;
  ports: PortRec[];
  storage: StorageRec[];
  autoscaling?: AutoscalingRec;
}

/** What a create or edit request of such a service may give of those fields (undefined: keep what is stored). */
export interface RunningServiceInput extends ConfiguredServiceInput {
  min_running_instances?: number | undefined;
  max_running_instances?: number | undefined;
  ports?: Array<z.output<typeof portRequest>> | undefined;
  storage?: Array<z.output<typeof storageRequest>> | undefined;
  autoscaling?: z.output<typeof autoscalingRequest> | undefined;
}

/**
 * Applies a request to a running service: everything that can fail is checked before the first change (so a refused
 * request changes nothing), then `assignOwn` sets the kind's own fields, then the shared ones are set.
 */
export function applyRunningFields(m: ModelContext, rec: RunningServiceRec, b: RunningServiceInput, assignOwn: () => void): void {
  checkInstances(rec, b);
  const ports = b.ports === undefined ? undefined : buildPorts(b.ports, rec.ports);
  const storage = b.storage === undefined ? undefined : buildStorage(b.storage, rec.storage);
  const setConfigured = configuredFields(m, b);
  assignOwn();
  setConfigured(rec);
  if (ports !== undefined) rec.ports = ports;
  if (storage !== undefined) rec.storage = storage;
  if (b.autoscaling !== undefined) rec.autoscaling = buildAutoscaling(m, rec.id, b.autoscaling, rec.autoscaling);
}
