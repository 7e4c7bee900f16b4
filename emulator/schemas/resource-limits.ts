/**
 * The most one instance may ask for on the emulator's clusters: what a service answers as `maximum_cpu`,
 * `maximum_memory` and `maximum_gpu` (a database, `maximum_cpu` and `maximum_memory`), and what a create or edit is
 * checked against. The reference sets no bound of its own on `cpu` and `memory`; the service refuses a size above
 * the maximum the cluster advertises, so the emulator does too (400 naming the field and the maximum).
 */
import { z } from "zod";

/** Maxima of an application, a container or a job: 16 CPUs, 32 GiB, 4 GPUs per instance. */
export const SERVICE_MAXIMA = { cpu: 16000, memory: 32768, gpu: 4 } as const;

/** Maxima of a database: 16 CPUs, 64 GiB. */
export const DATABASE_MAXIMA = { cpu: 16000, memory: 65536 } as const;

/** An integer from `min` to `max`; above it, a message naming the unit and the maximum the cluster advertises. */
export function boundedInt(min: number, max: number, unit: string, advertised: string) {
  return z.number().int().min(min).max(max, {
    error: (issue) => `expected at most ${max} ${unit} (the cluster's ${advertised}), got ${String(issue.input)}`,
  });
}

/** `cpu` (millicores) and `memory` (MB) of a request, up to the given maxima. */
export function resourceFields(maxima: { cpu: number; memory: number }) {
  return {
    cpu: boundedInt(1, maxima.cpu, "millicores", "maximum_cpu").optional(),
    memory: boundedInt(1, maxima.memory, "MB", "maximum_memory").optional(),
  };
}
