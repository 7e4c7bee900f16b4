import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { DATABASE_ACCESSIBILITIES, DATABASE_DEFAULTS, DATABASE_MODES, DATABASE_TYPES, isAuthError, type DeployServiceClient } from "../../sdk";

import { argsSchema } from "../framework/args";
import { childCalls, defineResource, type Part, type Props } from "../framework/define";
import { readOrGone } from "../framework/errors";
import { deployFields, deployPart, type DeployArgs } from "../service-kinds/deploy";
import { field } from "../framework/fields";
import { groupRefFields, groupRefsFromWire, groupRefsToWire, type GroupRefsArgs } from "../framework/group-refs";
import { idInput, MAX_CPU_MILLICORES, MAX_MEMORY_MB, MAX_STORAGE_GB, nameInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import type { ComputedRead } from "../framework/outputs";
import { stagePart } from "../framework/stage-attach";
import { isUnknown } from "../framework/unknowns";
import type { AdoptableArgs } from "../framework/adoption";

/** Database engines, run modes and reachabilities the service knows. */
export { DATABASE_ACCESSIBILITIES, DATABASE_MODES, DATABASE_TYPES };


/** Login and password of a database's master user. */
export interface DatabaseCredentialsArgs {
  /** Master user name. Wire: `login`. */
  login: pulumi.Input<string>;
  /** Master user password (a Pulumi secret, e.g. a `random.RandomPassword`'s `result`). Wire: `password`. */
  password: pulumi.Input<string>;
}

/** Inputs of a {@link Database}. */
export interface DatabaseArgs extends DeployArgs, GroupRefsArgs, AdoptableArgs {
  /** Environment holding the database (wire: the `{environmentId}` of the create path). Changing it replaces the database. */
  environmentId: pulumi.Input<string>;
  /** Database name, unique within the environment (case-insensitive), 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /** Engine: `POSTGRESQL`, `MYSQL`, `MONGODB` or `REDIS`. Changing it replaces the database. Wire: `type`. */
  type: pulumi.Input<(typeof DATABASE_TYPES)[number]>;
  /** Engine version, e.g. `"16"`. Wire: `version`. */
  version: pulumi.Input<string>;
  /** `CONTAINER` (in the cluster) or `MANAGED` (by the cloud provider). Changing it replaces the database. Wire: `mode`. */
  mode: pulumi.Input<(typeof DATABASE_MODES)[number]>;
  /** `PRIVATE` or `PUBLIC`. Default: `PRIVATE`. Wire: `accessibility`. */
  accessibility?: pulumi.Input<(typeof DATABASE_ACCESSIBILITIES)[number]>;
  /**
   * CPU in millicores (1000 = one CPU), 1 to 256000; ignored for `MANAGED`. Default: `250`. Wire: `cpu`. The API sets no
   * maximum: 256000 (256 CPUs) is this package's guard against slips such as `1e9`.
   */
  cpu?: pulumi.Input<number>;
  /**
   * Memory in MB, 1 to 4194304 (4 TiB; the API sets no maximum, this is a guard against slips); ignored for `MANAGED`.
   * Default: chosen by the service from the type (e.g. 100 for POSTGRESQL, 512 for MYSQL). Wire: `memory`.
   */
  memory?: pulumi.Input<number>;
  /** Disk size in GB, 1 to 65536 (64 TiB, the largest single cloud volume; the API sets no maximum). Default: `10`. Wire: `storage`. */
  storage?: pulumi.Input<number>;
  /** Cloud instance type, for `MANAGED` only (e.g. `db.t3.medium`): check refuses it with `CONTAINER`. Default: chosen by the service. Wire: `instance_type`. */
  instanceType?: pulumi.Input<string>;
  /** Deployment stage to put the database in (wire: `PUT /deploymentStage/{id}/service/{databaseId}`). Default: the stage the service chooses (a refresh then reads no stage: only a declared one shows drift). */
  deploymentStageId?: pulumi.Input<string>;
  /** Master user to set after creation (wire: `PUT /database/{id}/masterCredentials`). Default: the service's generated one. Stored as a secret. */
  masterCredentials?: pulumi.Input<DatabaseCredentialsArgs>;
  /**
   * Whether the master credentials the service generated are read (wire: `GET /database/{id}/masterCredentials`)
   * into the `login` and `password` outputs. Default: `true`. With `false` they are never read: the password stays
   * out of Pulumi's state altogether, and create and refresh cost one request fewer each. For programs that give
   * the database's credentials to services through aliases of its built-in variables
   * (`builtInVariableKey(type, db.id, "PASSWORD")`), not through these outputs. Credentials the program sets
   * (`masterCredentials`) are its own: written and read back whatever this says. Never sent to the service.
   */
  readMasterCredentials?: pulumi.Input<boolean>;
  /**
   * Deploy the database after create and after each update that changed anything but `deployTimeoutSeconds` (its
   * fields, its master credentials or its stage), and wait until the deployment ends (wire: `POST
   * /database/{id}/deploy`, then its status). A failure or a timeout fails the update, naming the database and its
   * final state; it is recorded as not deployed, so the next `up` deploys again. Default: `false` (the database is
   * configured, not started; an `EnvironmentDeployment` can deploy it with its environment).
   */
  deploy?: pulumi.Input<boolean>;
}

/** What the service says of a database beyond its inputs: outputs of a {@link Database}, members of a lookup's result. */
export interface DatabaseComputed {
  /** Host name to connect to. */
  host: string;
  /** Port to connect to. */
  port: number;
  /** Master user name (absent when the generated one is not read: `readMasterCredentials: false`). */
  login?: string;
  /** Master user password (secret; absent when the generated one is not read: `readMasterCredentials: false`). */
  password?: string;
  /**
   * The host the environment's services reach the database at: the record's `host` (the only host the reference's
   * database record has), read with the database itself, no request of its own.
   */
  internalHost?: string;
  /** The host to reach it from outside while `accessibility` is `PUBLIC` (the record's `host`); absent while private. No request of its own. */
  externalHost?: string;
}

/** Validated database inputs: the single source of field names, types and defaults. */
export const databaseSchema = argsSchema<DatabaseArgs>()(z
  .strictObject({
    environmentId: field(idInput(), { parent: "environment" }),
    name: nameInput(255),
    type: field(z.enum(DATABASE_TYPES), { replace: true, createOnly: true }),
    version: z.string().min(1),
    mode: field(z.enum(DATABASE_MODES), { replace: true, createOnly: true }),
    accessibility: z.enum(DATABASE_ACCESSIBILITIES).default(DATABASE_DEFAULTS.accessibility),
    cpu: z.number().int().min(1).max(MAX_CPU_MILLICORES).default(DATABASE_DEFAULTS.cpu),
    memory: field(z.number().int().min(1).max(MAX_MEMORY_MB).optional(), { computed: true }),
    storage: z.number().int().min(1).max(MAX_STORAGE_GB).default(DATABASE_DEFAULTS.storage),
    instanceType: field(z.string().min(1).optional(), { computed: true }),
    deploymentStageId: field(idInput().optional(), { wire: false, computed: true }),
    masterCredentials: field(z.strictObject({ login: z.string().min(1), password: z.string().min(1) }).optional(), { wire: false, secret: true }),
    readMasterCredentials: field(z.boolean().default(true), { wire: false }),
    ...groupRefFields,
    ...deployFields,
  })
  .superRefine((v, ctx) => {
    // The service ignores an instance type on a container database; a program setting one meant MANAGED.
    if (v.instanceType !== undefined && v.mode !== "MANAGED" && !isUnknown(v.mode) && !isUnknown(v.instanceType)) {
      ctx.addIssue({
        code: "custom",
        path: ["instanceType"],
        message: `is for MANAGED databases only (mode is ${JSON.stringify(v.mode)}); remove it or set mode to "MANAGED"`,
      });
    }
  }));
/** Database inputs after validation (defaults applied). */
export type DatabaseInputs = z.output<typeof databaseSchema>;

type DatabaseRecord = Awaited<ReturnType<DeployServiceClient["databases"]["get"]>>;

/** The address in {@link DatabaseComputed}, read from a database's record: the resource's outputs, the lookup's members. */
export const databaseComputed = (record: DatabaseRecord): ComputedRead<DatabaseComputed> => ({
  host: record.host ?? undefined, port: record.port ?? undefined, internalHost: record.host ?? undefined,
  externalHost: record.accessibility === "PUBLIC" ? (record.host ?? undefined) : undefined,
});
type Credentials = Awaited<ReturnType<DeployServiceClient["databases"]["getMasterCredentials"]>>;

/** The password in a credentials answer, unless the service masked it (`***`) or left it out. */
function readablePassword(credentials: Credentials): string | undefined {
  const p = credentials.password;
  return typeof p === "string" && p !== "" && !/^\*+$/.test(p) ? p : undefined;
}

/** Connection outputs from a credentials answer; the password falls back to the one the program set. */
function connectionOutputs(credentials: Credentials | undefined, inputs: DatabaseInputs): Props {
  const out: Props = {};
  const set = (k: string, v: unknown) => { if (v !== undefined && v !== null) out[k] = v; };
  set("host", credentials?.host);
  set("port", credentials?.port);
  set("login", credentials?.login ?? inputs.masterCredentials?.login);
  set("password", (credentials && readablePassword(credentials)) ?? inputs.masterCredentials?.password);
  return out;
}

/** The credentials and connection outputs the state holds, unchanged (a refresh whose token may not read them). */
function storedCredentials(previous: Props): { inputs: Props; outputs: Props } {
  const outputs: Props = {};
  for (const k of ["host", "port", "login", "password"]) if (previous[k] !== undefined) outputs[k] = previous[k];
  const inputs: Props = previous["masterCredentials"] !== undefined ? { masterCredentials: previous["masterCredentials"] } : {};
  return { inputs, outputs };
}

/**
 * The master user: set by its own call after create; read back, with a masked password kept from the state. The
 * generated one is not read with `readMasterCredentials: false` (its `login` and `password` outputs are left out).
 */
const credentialsPart: Part<DatabaseInputs, DatabaseRecord> = {
  action: "setting master credentials",
  keys: ["masterCredentials"],
  readAlways: true,
  async apply({ client, id, inputs }) {
    const credentials = await client.databases.setMasterCredentials(id, inputs.masterCredentials!);
    return { outputs: connectionOutputs(credentials, inputs) };
  },
  async read({ client, id, inputs, previous }) {
    // On refresh the inputs are read from the service, which does not hold this one: the stored value stands.
    const readGenerated = (inputs.readMasterCredentials ?? previous["readMasterCredentials"]) !== false;
    if (!readGenerated && inputs.masterCredentials === undefined) {
      return { inputs: { readMasterCredentials: false }, outputs: { login: undefined, password: undefined } };
    }
    // A token that may read but not read credentials (the service's Read and Deploy scopes) can still refresh:
    // the stored credentials stand, as for a database whose credentials are not read.
    const refused = Symbol("refused");
    const credentials = await readOrGone(() => client.databases.getMasterCredentials(id).catch((e: unknown) => {
      if (isAuthError(e) && (e as { status?: number }).status === 403) return refused;
      throw e;
    }));
    if (typeof credentials === "symbol") return storedCredentials(previous);
    const before = previous["masterCredentials"] as { password?: unknown } | undefined;
    if (before === undefined || credentials === undefined) return { outputs: connectionOutputs(credentials, inputs) };
    const password = readablePassword(credentials) ?? String(before.password ?? "");
    const masterCredentials = { login: credentials.login, password };
    return { inputs: { masterCredentials }, outputs: connectionOutputs(credentials, { ...inputs, masterCredentials }) };
  },
};

/** The database family. */
export const database = defineResource({
  kind: "Database",
  noun: "database",
  schema: databaseSchema,
  outputNames: ["host", "port", "login", "password", "internalHost", "externalHost"] satisfies (keyof DatabaseComputed)[],
  secretOutputNames: ["password"],
  outputs: databaseComputed,
  parts: [
    credentialsPart,
    stagePart<DatabaseInputs, DatabaseRecord>(),
    // Last, so the first deployment runs with the credentials and in the stage the program set.
    deployPart<DatabaseInputs, DatabaseRecord>("database", {
      secretValues: (inputs) => (inputs.masterCredentials ? [inputs.masterCredentials.password] : []),
    }),
  ],
  calls: childCalls((client) => client.databases, "environmentId"),
  toWire: (inputs, _purpose, derived) => ({ ...derived, ...groupRefsToWire(inputs) }),
  fromWire: (record, _previous, derived) => ({ ...derived, ...groupRefsFromWire(record) }),
});

/** The dynamic provider of {@link Database}. */
export const databaseProvider = database.provider;

/**
 * A database in an environment: a container in the cluster or a managed instance. Its connection data
 * (`host`, `port`, `login`) are outputs; `password` and `masterCredentials` are Pulumi secrets.
 *
 * @example
 * const password = new random.RandomPassword("db", { length: 24, special: false });
 * const db = new Database("db", {
 *   environmentId: env.id, name: "shop-db", type: "POSTGRESQL", version: "16", mode: "CONTAINER",
 *   masterCredentials: { login: "shop", password: password.result },
 *   deploy: true, // deployed and waited for by `pulumi up`
 * });
 *
 * @class
 */
export const Database = serviceObjectClass<DatabaseArgs, typeof databaseSchema, DatabaseComputed>(database);
/** {@link Database} as a type: its outputs are every input as stored and what the service computes. */
export type Database = InstanceType<typeof Database>;
