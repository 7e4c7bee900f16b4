import { z } from "zod";
import { baseResponse, nonEmpty, referenceObject } from "./common";

/** Database engines. */
export const DATABASE_TYPES = ["MONGODB", "MYSQL", "POSTGRESQL", "REDIS"] as const;
/** Database modes. */
export const DATABASE_MODES = ["CONTAINER", "MANAGED"] as const;
/** Database accessibility. */
export const DATABASE_ACCESSIBILITY = ["PRIVATE", "PUBLIC"] as const;

const int = z.number().int();

/** Create a database. */
export const databaseCreateRequest = z.object({
  name: nonEmpty,
  type: z.enum(DATABASE_TYPES),
  version: nonEmpty,
  mode: z.enum(DATABASE_MODES),
  accessibility: z.enum(DATABASE_ACCESSIBILITY).optional(),
  cpu: int.min(1).optional(),
  memory: int.min(1).optional(),
  storage: int.min(1).optional(),
  instance_type: z.string().optional(),
  icon_uri: z.string().optional(),
});

/** Edit a database (type and mode cannot change). */
export const databaseEditRequest = databaseCreateRequest.omit({ type: true, mode: true }).partial();

/** A database. */
export const databaseResponse = baseResponse.extend({
  environment: referenceObject,
  name: z.string(),
  type: z.enum(DATABASE_TYPES),
  version: z.string(),
  mode: z.enum(DATABASE_MODES),
  accessibility: z.enum(DATABASE_ACCESSIBILITY),
  cpu: int, memory: int, storage: int,
  instance_type: z.string().optional(),
  host: z.string(), port: int,
  maximum_cpu: int, maximum_memory: int, disk_encrypted: z.boolean(),
  icon_uri: z.string(),
  service_type: z.literal("DATABASE"),
});

/** Replace the master credentials. */
export const credentialsRequest = z.object({ login: nonEmpty, password: nonEmpty });

/** Connection data (the PUT answer is the one place a password is returned). */
export const credentialsResponse = z.object({ host: z.string(), port: int, login: z.string(), password: z.string() });
