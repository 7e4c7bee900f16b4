import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { DeployServiceClient } from "../../sdk";
import { checkInputs } from "../framework/check";
import { deleteAndWait, parseInputs, plain, step, timestamps, withSecretOutputs, type SameKeys, outputSlots } from "../framework/common";
import { apiClient } from "../framework/credentials";
import { changedKeys, diffInputs } from "../framework/diff";
import { partialFailure, readOrGone } from "../framework/errors";
import { idInput, MAX_CPU_MILLICORES, MAX_MEMORY_MB, MAX_STORAGE_GB, nameInput } from "../framework/rules";
import { DeployServiceResource } from "../framework/shim";
import { attachToStage, stageOf } from "../framework/stage-attach";
import { isUnknown } from "../framework/unknowns";

/** Database engines. */
export const DATABASE_TYPES = ["MONGODB", "MYSQL", "POSTGRESQL", "REDIS"] as const;
/** How a database is run: in the cluster, or by the cloud provider. */
export const DATABASE_MODES = ["CONTAINER", "MANAGED"] as const;
/** Network reachability of a database. */
export const DATABASE_ACCESSIBILITIES = ["PRIVATE", "PUBLIC"] as const;

/** Login and password of a database's master user. */
export interface DatabaseCredentialsArgs {
  /** Master user name. Wire: `login`. */
  login: pulumi.Input<string>;
  /** Master user password (a Pulumi secret, e.g. a `random.RandomPassword`'s `result`). Wire: `password`. */
  password: pulumi.Input<string>;
}

/** Inputs of a {@link Database}. */
export interface DatabaseArgs {
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
  /** Deployment stage to put the database in (wire: `PUT /deploymentStage/{id}/service/{databaseId}`). Default: the stage the service chooses. */
  deploymentStageId?: pulumi.Input<string>;
  /** Master user to set after creation (wire: `PUT /database/{id}/masterCredentials`). Default: the service's generated one. Stored as a secret. */
  masterCredentials?: pulumi.Input<DatabaseCredentialsArgs>;
}

/** Validated database inputs: the single source of field names, types and defaults. */
export const databaseSchema = z
  .strictObject({
    environmentId: idInput(),
    name: nameInput(255),
    type: z.enum(DATABASE_TYPES),
    version: z.string().min(1),
    mode: z.enum(DATABASE_MODES),
    accessibility: z.enum(DATABASE_ACCESSIBILITIES).default("PRIVATE"),
    cpu: z.number().int().min(1).max(MAX_CPU_MILLICORES).default(250),
    memory: z.number().int().min(1).max(MAX_MEMORY_MB).optional(),
    storage: z.number().int().min(1).max(MAX_STORAGE_GB).default(10),
    instanceType: z.string().min(1).optional(),
    deploymentStageId: idInput().optional(),
    masterCredentials: z.strictObject({ login: z.string().min(1), password: z.string().min(1) }).optional(),
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
  });
/** Database inputs after validation (defaults applied). */
export type DatabaseInputs = z.output<typeof databaseSchema>;
const argsMatchSchema: SameKeys<DatabaseArgs, DatabaseInputs> = true;
void argsMatchSchema;

type DatabaseRecord = Awaited<ReturnType<DeployServiceClient["databases"]["get"]>>;
type Credentials = Awaited<ReturnType<DeployServiceClient["databases"]["getMasterCredentials"]>>;

const KEYS = [
  "environmentId", "name", "type", "version", "mode", "accessibility", "cpu", "memory", "storage", "instanceType",
  "deploymentStageId", "masterCredentials",
] as const;
/** Keys sent by the database edit request. */
const EDITABLE = ["name", "version", "accessibility", "cpu", "memory", "storage", "instanceType"] as const;

function editBody(inputs: DatabaseInputs) {
  return plain({
    name: inputs.name,
    version: inputs.version,
    accessibility: inputs.accessibility,
    cpu: inputs.cpu,
    memory: inputs.memory,
    storage: inputs.storage,
    instance_type: inputs.instanceType,
  });
}

function fromWire(
  record: DatabaseRecord,
  credentials: Credentials | undefined,
  stageId: string | undefined,
  previous: Record<string, unknown>,
): DatabaseInputs {
  const inputs: DatabaseInputs = {
    environmentId: record.environment?.id ?? String(previous["environmentId"] ?? ""),
    name: record.name,
    type: (record.type ?? previous["type"]) as DatabaseInputs["type"],
    version: record.version ?? String(previous["version"] ?? ""),
    mode: (record.mode ?? previous["mode"]) as DatabaseInputs["mode"],
    accessibility: (record.accessibility ?? "PRIVATE") as DatabaseInputs["accessibility"],
    cpu: record.cpu ?? 250,
    storage: record.storage ?? 10,
  };
  if (typeof record.memory === "number") inputs.memory = record.memory;
  if (record.instance_type) inputs.instanceType = record.instance_type;
  if (stageId !== undefined) inputs.deploymentStageId = stageId;
  const before = previous["masterCredentials"] as { login?: unknown; password?: unknown } | undefined;
  if (before !== undefined && credentials !== undefined) {
    // A password the service masks on read is kept from the state (only a changed login shows as drift).
    const password = readablePassword(credentials) ?? String(before.password ?? "");
    inputs.masterCredentials = { login: credentials.login, password };
  }
  return inputs;
}

/** The password in a credentials answer, unless the service masked it (`***`) or left it out. */
function readablePassword(credentials: Credentials): string | undefined {
  const p = credentials.password;
  return typeof p === "string" && p !== "" && !/^\*+$/.test(p) ? p : undefined;
}

function outputsOf(inputs: DatabaseInputs, record: DatabaseRecord, credentials: Credentials | undefined): Record<string, unknown> {
  return plain({
    ...inputs,
    memory: record.memory ?? inputs.memory,
    host: credentials?.host ?? record.host ?? undefined,
    port: credentials?.port ?? record.port ?? undefined,
    login: credentials?.login ?? inputs.masterCredentials?.login,
    password: (credentials && readablePassword(credentials)) ?? inputs.masterCredentials?.password,
    ...timestamps(record),
  });
}

/** The dynamic provider of {@link Database}. */
export const databaseProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return checkInputs(databaseSchema, news, { secretKeys: ["masterCredentials"] });
  },
  async diff(_id, olds, news) {
    return diffInputs(olds, news, {
      keys: KEYS,
      replaceOn: ["environmentId", "type", "mode"],
      deleteBeforeReplace: true,
      computed: ["memory", "instanceType", "deploymentStageId"],
    });
  },
  async create(raw) {
    const inputs = parseInputs(databaseSchema, raw);
    const client = apiClient();
    const record = await step(`creating database "${inputs.name}"`, () =>
      client.databases.create(inputs.environmentId, plain({ ...editBody(inputs), type: inputs.type, mode: inputs.mode })),
    );
    const id = record.id;
    let credentials: Credentials | undefined;
    let stageId: string | undefined;
    try {
      if (inputs.masterCredentials !== undefined) {
        credentials = await client.databases.setMasterCredentials(id, inputs.masterCredentials);
      } else {
        credentials = await readOrGone(() => client.databases.getMasterCredentials(id));
      }
      if (inputs.deploymentStageId !== undefined) {
        await attachToStage(id, inputs.deploymentStageId);
        stageId = inputs.deploymentStageId;
      }
    } catch (e) {
      // Keep what was really set: credentials and stage only once their call succeeded.
      const done = { ...inputs, masterCredentials: credentials ? inputs.masterCredentials : undefined, deploymentStageId: stageId };
      throw partialFailure(e, `finishing database "${inputs.name}" (${id})`, id, outputsOf(done, record, credentials));
    }
    return { id, outs: outputsOf(inputs, record, credentials) };
  },
  async read(id, props) {
    const client = apiClient();
    const record = await readOrGone(() => client.databases.get(id));
    if (record === undefined) return { id: "" };
    const credentials = await readOrGone(() => client.databases.getMasterCredentials(id));
    const stageId = await stageOf(id);
    const inputs = fromWire(record, credentials, stageId, props);
    return { id, props: outputsOf(inputs, record, credentials), inputs: plain(inputs) };
  },
  async update(id, olds, news) {
    const inputs = parseInputs(databaseSchema, news);
    const changed = changedKeys(olds, inputs, KEYS);
    const client = apiClient();
    let record: DatabaseRecord;
    if (EDITABLE.some((k) => changed.includes(k))) {
      record = await step(`updating database "${inputs.name}" (${id})`, () => client.databases.update(id, editBody(inputs)));
    } else {
      record = await step(`reading database (${id})`, () => client.databases.get(id));
    }
    let credentials: Credentials | undefined;
    try {
      if (changed.includes("masterCredentials") && inputs.masterCredentials !== undefined) {
        credentials = await client.databases.setMasterCredentials(id, inputs.masterCredentials);
      } else {
        credentials = await readOrGone(() => client.databases.getMasterCredentials(id));
      }
      if (changed.includes("deploymentStageId") && inputs.deploymentStageId !== undefined) {
        await attachToStage(id, inputs.deploymentStageId);
      }
    } catch (e) {
      const done = { ...inputs, masterCredentials: olds["masterCredentials"], deploymentStageId: olds["deploymentStageId"] };
      throw partialFailure(e, `updating database "${inputs.name}" (${id})`, id, outputsOf(done as DatabaseInputs, record, credentials));
    }
    return { outs: outputsOf(inputs, record, credentials) };
  },
  async delete(id, props) {
    const client = apiClient();
    await deleteAndWait(`database "${String(props["name"])}" (${id})`, () => client.databases.delete(id), () => client.databases.get(id));
  },
};

/**
 * A database in an environment: a container in the cluster or a managed instance. Its connection data
 * (`host`, `port`, `login`) are outputs; `password` and `masterCredentials` are Pulumi secrets.
 *
 * @example
 * const password = new random.RandomPassword("db", { length: 24, special: false });
 * const db = new Database("db", {
 *   environmentId: env.id, name: "shop-db", type: "POSTGRESQL", version: "16", mode: "CONTAINER",
 *   masterCredentials: { login: "shop", password: password.result },
 * });
 */
export class Database extends DeployServiceResource {
  /** Environment holding the database. */
  declare readonly environmentId: pulumi.Output<string>;
  /** Database name. */
  declare readonly name: pulumi.Output<string>;
  /** Engine. */
  declare readonly type: pulumi.Output<string>;
  /** Engine version. */
  declare readonly version: pulumi.Output<string>;
  /** `CONTAINER` or `MANAGED`. */
  declare readonly mode: pulumi.Output<string>;
  /** `PRIVATE` or `PUBLIC`. */
  declare readonly accessibility: pulumi.Output<string>;
  /** CPU in millicores. */
  declare readonly cpu: pulumi.Output<number>;
  /** Memory in MB (the service's choice when not set). */
  declare readonly memory: pulumi.Output<number | undefined>;
  /** Disk size in GB. */
  declare readonly storage: pulumi.Output<number>;
  /** Cloud instance type (`MANAGED`). */
  declare readonly instanceType: pulumi.Output<string | undefined>;
  /** Deployment stage the database is in. */
  declare readonly deploymentStageId: pulumi.Output<string | undefined>;
  /** Master user (secret). */
  declare readonly masterCredentials: pulumi.Output<{ login: string; password: string } | undefined>;
  /** Host name to connect to. */
  declare readonly host: pulumi.Output<string>;
  /** Port to connect to. */
  declare readonly port: pulumi.Output<number>;
  /** Master user name. */
  declare readonly login: pulumi.Output<string | undefined>;
  /** Master user password (secret). */
  declare readonly password: pulumi.Output<string | undefined>;
  /** When the service created the database (ISO 8601). */
  declare readonly createdAt: pulumi.Output<string | undefined>;
  /** When the service last changed the database (ISO 8601). */
  declare readonly updatedAt: pulumi.Output<string | undefined>;

  /**
   * @param name the Pulumi resource name.
   * @param args the database's inputs.
   * @param opts resource options (`password` and `masterCredentials` are always stored as secrets).
   */
  constructor(name: string, args: DatabaseArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "Database",
      name,
      {
        ...outputSlots(Object.keys(databaseSchema.shape)),
        ...args,
        host: undefined,
        port: undefined,
        login: undefined,
        password: undefined,
        createdAt: undefined,
        updatedAt: undefined,
      },
      withSecretOutputs(opts, ["password", "masterCredentials"]),
    );
  }
}
