import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { badRequest } from "../errors";
import type { portRequest, storageRequest } from "../schemas/applications";

/** Application port. */
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

/** Application storage volume. */
export interface StorageRec {
  id: string;
  type: "FAST_SSD";
  size: number;
  mount_point: string;
}

type Items = ReadonlyArray<{ id?: string | undefined }>;

/** 400 when item `i` names an id the application does not have, or one an earlier item names. */
function checkId(field: string, what: string, input: Items, existing: Items, i: number): void {
  const id = input[i]?.id;
  if (id === undefined) return;
  if (!existing.some((e) => e.id === id)) throw badRequest(`${field}[${i}].id`, `unknown ${what} ${id}`);
  if (input.findIndex((q) => q.id === id) !== i) throw badRequest(`${field}[${i}].id`, `${what} ${id} is given twice`);
}

/** The ports of a request, defaults applied; internal ports must be unique within the application. */
export function buildPorts(input: Array<z.output<typeof portRequest>>, existing: PortRec[]): PortRec[] {
  return input.map((p, i) => {
    checkId("ports", "port", input, existing, i);
    const first = input.findIndex((q) => q.internal_port === p.internal_port);
    if (first !== i) {
      throw badRequest(`ports[${i}].internal_port`, `${p.internal_port} is already used by ports[${first}]; internal ports must be unique within an application`);
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
