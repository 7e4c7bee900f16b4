import { z } from "zod";
import { baseResponse, idReference, nonEmpty, referenceObject, uri } from "./common";
import { annotationsGroupResponse, labelsGroupResponse } from "./groups";
import { DATABASE_MAXIMA, resourceFields } from "./resource-limits";

/** Database engines. */
export const DATABASE_TYPES = ["MONGODB", "MYSQL", "POSTGRESQL", "REDIS"] as const;
/** Database modes. */
export const DATABASE_MODES = ["CONTAINER", "MANAGED"] as const;
/** Database accessibility. */
export const DATABASE_ACCESSIBILITY = ["PRIVATE", "PUBLIC"] as const;
/** Disk types of a MANAGED database (null for CONTAINER ones). */
export const DATABASE_DISK_TYPES = ["gp2", "gp3"] as const;

const int = z.number().int();

/** Create a database. */
export const databaseCreateRequest = z.object({
  name: nonEmpty,
  description: z.string().optional(),
  type: z.enum(DATABASE_TYPES),
  version: nonEmpty,
  mode: z.enum(DATABASE_MODES),
  accessibility: z.enum(DATABASE_ACCESSIBILITY).optional(),
  ...resourceFields(DATABASE_MAXIMA),
  storage: int.min(1).optional(),
  instance_type: z.string().optional(),
  icon_uri: uri.optional(),
  annotations_groups: z.array(idReference).optional(),
  labels_groups: z.array(idReference).optional(),
});

/** Edit a database (type and mode cannot change; the disk type of a MANAGED one can). */
export const databaseEditRequest = databaseCreateRequest.omit({ type: true, mode: true }).partial().extend({
  disk_type: z.enum(DATABASE_DISK_TYPES).nullable().optional(),
});

/** A database. */
export const databaseResponse = baseResponse.extend({
  environment: referenceObject,
  name: z.string(),
  description: z.string().optional(),
  type: z.enum(DATABASE_TYPES),
  version: z.string(),
  mode: z.enum(DATABASE_MODES),
  accessibility: z.enum(DATABASE_ACCESSIBILITY),
  cpu: int, memory: int, storage: int,
  instance_type: z.string().optional(),
  host: z.string(), port: int,
  maximum_cpu: int, maximum_memory: int, disk_encrypted: z.boolean(),
  disk_type: z.enum(DATABASE_DISK_TYPES).nullable(),
  icon_uri: z.string(),
  service_type: z.literal("DATABASE"),
  annotations_groups: z.array(annotationsGroupResponse),
  labels_groups: z.array(labelsGroupResponse),
});

/** Replace the master credentials. */
export const credentialsRequest = z.object({ login: nonEmpty, password: nonEmpty });

/** Connection data, the password included (to every token: reads are open to every scope). */
export const credentialsResponse = z.object({ host: z.string(), port: int, login: z.string(), password: z.string() });
