import * as pulumi from "@pulumi/pulumi";
import { DeployServiceClient, isNotFound } from "../../sdk";
import { resolveStackCredentials, STACK_CREDENTIAL_SOURCES, stackTokenScheme } from "../framework/credentials";
import { describeFailure } from "../framework/errors";
import type { Props } from "../framework/define";
import type { JobInputs } from "./job/schema";
import { fromWire as jobFromWire, type JobRecord } from "./job/wire";

/** Arguments of {@link getOrganization}. */
export interface GetOrganizationArgs {
  /** Organization name. Default: the token's only organization (an error when it sees several). */
  name?: pulumi.Input<string>;
}

/** An organization found by {@link getOrganization}. */
export interface OrganizationResult {
  /** Organization id. */
  id: string;
  /** Organization name. */
  name: string;
  /** When it was created (ISO 8601), when the service says. */
  createdAt?: string;
}

/** Arguments of {@link getCluster}. */
export interface GetClusterArgs {
  /** Organization owning the cluster. */
  organizationId: pulumi.Input<string>;
  /** Cluster name, e.g. `eu-west`. */
  name: pulumi.Input<string>;
}

/** A cluster found by {@link getCluster}. */
export interface ClusterResult {
  /** Cluster id (use it as an environment's `clusterId`). */
  id: string;
  /** Cluster name. */
  name: string;
  /** Cloud region, when the service says. */
  region?: string;
  /** Kubernetes version, when the service says. */
  version?: string;
}

/** How a lookup names the object: give exactly one of `name` and `id`. */
export interface NameOrIdArgs {
  /** The object's name in its parent (the service compares names without regard to case). */
  name?: pulumi.Input<string>;
  /** The object's id. */
  id?: pulumi.Input<string>;
}

/** Arguments of {@link getContainerRegistry}: the organization, and the registry's name or id. */
export interface GetContainerRegistryArgs extends NameOrIdArgs {
  /** Organization owning the registry. */
  organizationId: pulumi.Input<string>;
}

/** A container registry found by {@link getContainerRegistry}. */
export interface ContainerRegistryResult {
  /** Registry id (use it as a container's or job's `registryId`). */
  id: string;
  /** Registry name. */
  name: string;
  /** Organization owning the registry. */
  organizationId: string;
  /** Kind, e.g. `DOCKER_HUB`, `ECR`, `GENERIC_CR`. */
  kind: string;
  /** Registry URL, when the service says. */
  url?: string;
  /** Free text, when the service says. */
  description?: string;
}

/** Arguments of {@link getContainer}: the environment, and the container's name or id. */
export interface GetContainerArgs extends NameOrIdArgs {
  /** Environment holding the container. */
  environmentId: pulumi.Input<string>;
}

/** A container found by {@link getContainer}. */
export interface ContainerResult {
  /** Container id. */
  id: string;
  /** Container name. */
  name: string;
  /** Environment holding the container. */
  environmentId: string;
  /** Registry the image comes from, when the service says. */
  registryId?: string;
  /** Image name inside the registry. */
  imageName?: string;
  /** Image tag. */
  tag?: string;
}

/** Arguments of {@link getJob}: the environment, and the job's name or id. */
export interface GetJobArgs extends NameOrIdArgs {
  /** Environment holding the job. */
  environmentId: pulumi.Input<string>;
}

/** A job found by {@link getJob}. */
export interface JobResult {
  /** Job id. */
  id: string;
  /** Job name. */
  name: string;
  /** Environment holding the job. */
  environmentId: string;
  /** `CRON` or `LIFECYCLE`. */
  jobType: "CRON" | "LIFECYCLE";
  /** Where the image comes from, in the spelling of {@link JobArgs.source}. */
  source: JobInputs["source"];
  /** When the job runs, in the spelling of {@link JobArgs.schedule}. */
  schedule: JobInputs["schedule"];
}

/** Finds an organization by name, or the only one the client's token sees. */
export async function findOrganization(client: DeployServiceClient, name?: string): Promise<OrganizationResult> {
  let list;
  try {
    list = await client.organizations.list();
  } catch (e) {
    throw describeFailure(e, "listing organizations");
  }
  const names = list.map((o) => `"${o.name}"`).join(", ");
  const found = name === undefined ? list : list.filter((o) => o.name === name);
  if (name === undefined && found.length > 1) {
    throw new Error(`deploy-service: getOrganization: the API token sees several organizations (${names}); pass { name }`);
  }
  const org = found[0];
  if (org === undefined) {
    throw new Error(
      name === undefined
        ? "deploy-service: getOrganization: the API token sees no organization"
        : `deploy-service: getOrganization: no organization named "${name}" (the token sees: ${names || "none"})`,
    );
  }
  return org.created_at ? { id: org.id, name: org.name, createdAt: org.created_at } : { id: org.id, name: org.name };
}

/** Finds a cluster of an organization by name. */
export async function findCluster(client: DeployServiceClient, organizationId: string, name: string): Promise<ClusterResult> {
  let list;
  try {
    list = await client.clusters.list(organizationId);
  } catch (e) {
    throw describeFailure(e, `listing the clusters of organization ${organizationId}`);
  }
  const cluster = list.find((c) => c.name === name);
  if (cluster === undefined) {
    const names = list.map((c) => `"${c.name}"`).join(", ");
    throw new Error(`deploy-service: getCluster: no cluster named "${name}" in organization ${organizationId} (it has: ${names || "none"})`);
  }
  const out: ClusterResult = { id: cluster.id, name: cluster.name };
  if (typeof cluster.region === "string") out.region = cluster.region;
  if (typeof cluster.version === "string") out.version = cluster.version;
  return out;
}

/** A family a lookup finds in its parent by name or id. */
interface ChildFamily<R extends { id: string; name: string }> {
  /** The lookup's name for messages: `getContainer`. */
  lookup: string;
  /** The family in words: `container`, `container registry`. */
  noun: string;
  /** The plural: `containers`, `container registries`. */
  nouns: string;
  /** The parent in words, also the record's field naming it: `environment`. */
  parent: "organization" | "environment";
  list(client: DeployServiceClient, parentId: string): Promise<R[]>;
  get(client: DeployServiceClient, parentId: string, id: string): Promise<R>;
}

/** The name, or the id, of a lookup's arguments: exactly one of them. */
function nameOrId(lookup: string, args: { name?: string | undefined; id?: string | undefined }): { name: string } | { id: string } {
  const hasName = args.name !== undefined && args.name !== "";
  const hasId = args.id !== undefined && args.id !== "";
  if (hasName === hasId) {
    throw new Error(`deploy-service: ${lookup}: pass exactly one of { name } and { id }, got ${hasName ? "both" : "neither"}`);
  }
  return hasName ? { name: args.name! } : { id: args.id! };
}

const idOf = (ref: unknown): string | undefined => {
  const id = (ref as { id?: unknown } | null | undefined)?.id;
  return typeof id === "string" ? id : undefined;
};
const textOf = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/**
 * One object of a family in a parent, by id (it must belong to the parent) or by name (compared without regard to
 * case, as the service does): exactly one of `args.name` and `args.id`. A name matching none or several fails with
 * the candidates named.
 */
async function findChild<R extends { id: string; name: string }>(
  family: ChildFamily<R>, client: DeployServiceClient, parentId: string, args: { name?: string | undefined; id?: string | undefined },
): Promise<R> {
  const key = nameOrId(family.lookup, args);
  const { lookup, noun, nouns } = family;
  const parent = `${family.parent} ${parentId}`;
  if ("id" in key) {
    let record: R;
    try {
      record = await family.get(client, parentId, key.id);
    } catch (e) {
      if (isNotFound(e)) throw new Error(`deploy-service: ${lookup}: no ${noun} with id "${key.id}"`);
      throw describeFailure(e, `reading ${noun} ${key.id}`);
    }
    const holder = idOf((record as unknown as Props)[family.parent]);
    if (holder !== undefined && holder !== parentId) {
      throw new Error(`deploy-service: ${lookup}: ${noun} "${record.name}" (${record.id}) is not in ${parent}`);
    }
    return record;
  }
  let list: R[];
  try {
    list = await family.list(client, parentId);
  } catch (e) {
    throw describeFailure(e, `listing the ${nouns} of ${parent}`);
  }
  const named = (r: R) => `"${r.name}" (${r.id})`;
  const exact = list.filter((r) => r.name === key.name);
  const found = exact.length > 0 ? exact : list.filter((r) => r.name.toLowerCase() === key.name.toLowerCase());
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    const names = list.map((r) => `"${r.name}"`).join(", ");
    throw new Error(`deploy-service: ${lookup}: no ${noun} named "${key.name}" in ${parent} (it has: ${names || "none"})`);
  }
  throw new Error(`deploy-service: ${lookup}: ${found.length} ${nouns} named "${key.name}" in ${parent}: ${found.map(named).join(", ")}; pass { id }`);
}

/** Finds a container registry of an organization by name or id. */
export async function findContainerRegistry(
  client: DeployServiceClient, organizationId: string, args: { name?: string | undefined; id?: string | undefined },
): Promise<ContainerRegistryResult> {
  const r = await findChild({
    lookup: "getContainerRegistry", noun: "container registry", nouns: "container registries", parent: "organization",
    list: (c, parentId) => c.containerRegistries.list(parentId),
    get: (c, parentId, id) => c.containerRegistries.get(parentId, id),
  }, client, organizationId, args);
  const record = r as unknown as Props;
  const out: ContainerRegistryResult = { id: r.id, name: r.name, organizationId, kind: String(record["kind"] ?? "") };
  const url = textOf(record["url"]);
  const description = textOf(record["description"]);
  if (url !== undefined) out.url = url;
  if (description !== undefined) out.description = description;
  return out;
}

/** Finds a container of an environment by name or id. */
export async function findContainer(
  client: DeployServiceClient, environmentId: string, args: { name?: string | undefined; id?: string | undefined },
): Promise<ContainerResult> {
  const r = await findChild({
    lookup: "getContainer", noun: "container", nouns: "containers", parent: "environment",
    list: (c, parentId) => c.containers.list(parentId),
    get: (c, _parentId, id) => c.containers.get(id),
  }, client, environmentId, args);
  const record = r as unknown as Props;
  const out: ContainerResult = { id: r.id, name: r.name, environmentId };
  const registryId = textOf(record["registry_id"]) ?? idOf(record["registry"]);
  const imageName = textOf(record["image_name"]);
  const tag = textOf(record["tag"]);
  if (registryId !== undefined) out.registryId = registryId;
  if (imageName !== undefined) out.imageName = imageName;
  if (tag !== undefined) out.tag = tag;
  return out;
}

/** Finds a job of an environment by name or id; its source and schedule come in the spelling of the `Job` Args. */
export async function findJob(
  client: DeployServiceClient, environmentId: string, args: { name?: string | undefined; id?: string | undefined },
): Promise<JobResult> {
  const r = await findChild({
    lookup: "getJob", noun: "job", nouns: "jobs", parent: "environment",
    list: (c, parentId) => c.jobs.list(parentId),
    get: (c, _parentId, id) => c.jobs.get(id),
  }, client, environmentId, args);
  const inputs = jobFromWire(r as JobRecord, { environmentId });
  const schedule = inputs["schedule"] as JobInputs["schedule"];
  const jobType = (r as unknown as { job_type?: string }).job_type === "CRON" || schedule.cron !== undefined ? "CRON" : "LIFECYCLE";
  return { id: r.id, name: r.name, environmentId, jobType, source: inputs["source"] as JobInputs["source"], schedule };
}

/**
 * A client for lookups in the program process: `deploy-service:apiUrl` and the secret `deploy-service:apiToken`
 * from the stack configuration, else env `DEPLOY_SERVICE_API_URL` / `DEPLOY_SERVICE_API_TOKEN`.
 */
function programClient(url: string | undefined, token: string | undefined, scheme: string | undefined): DeployServiceClient {
  const given = { ...(url !== undefined ? { url } : {}), ...(token !== undefined ? { token } : {}) };
  const credentials = resolveStackCredentials(given);
  return new DeployServiceClient({
    baseUrl: credentials.url, token: credentials.token, tokenScheme: stackTokenScheme(scheme), credentialSources: STACK_CREDENTIAL_SOURCES,
  });
}

/** Runs a lookup with the program's credentials; the result is not secret even though the token is. */
function withClient<T>(run: (client: DeployServiceClient) => Promise<T>, ...inputs: pulumi.Input<unknown>[]): pulumi.Output<T> {
  const config = new pulumi.Config("deploy-service");
  const url = config.get("apiUrl");
  const scheme = config.get("tokenScheme");
  const token = config.getSecret("apiToken") ?? pulumi.output(undefined as string | undefined);
  const result = pulumi.all([token, ...inputs]).apply(([t]) => run(programClient(url, t, scheme)));
  return pulumi.unsecret(result) as pulumi.Output<T>;
}

/**
 * Looks up an organization by name, or the API token's only organization when no name is given.
 *
 * @example
 * const org = getOrganization({ name: "acme" });
 * new Project("web", { organizationId: org.id, name: "web" });
 */
export function getOrganization(args: GetOrganizationArgs = {}): pulumi.Output<OrganizationResult> {
  return pulumi.output(args.name).apply((name) => withClient((client) => findOrganization(client, name)));
}

/**
 * Looks up a cluster of an organization by name.
 *
 * @example
 * const cluster = getCluster({ organizationId: org.id, name: "eu-west" });
 */
export function getCluster(args: GetClusterArgs): pulumi.Output<ClusterResult> {
  return pulumi
    .all([args.organizationId, args.name])
    .apply(([organizationId, name]) => withClient((client) => findCluster(client, organizationId, name)));
}

/** Runs a lookup of an object in a parent by name or id (see {@link findChild}) with the program's credentials. */
function lookupIn<T>(
  parentId: pulumi.Input<string>, args: NameOrIdArgs,
  find: (client: DeployServiceClient, parentId: string, key: { name?: string | undefined; id?: string | undefined }) => Promise<T>,
): pulumi.Output<T> {
  return pulumi.all([parentId, args.name, args.id]).apply(([parent, name, id]) => withClient((client) => find(client, parent, { name, id })));
}

/**
 * Looks up a container registry of an organization by name or by id.
 *
 * @example
 * const hub = getContainerRegistry({ organizationId: org.id, name: "docker-hub" });
 * new Job("report", { ..., source: { image: { registryId: hub.id, imageName: "acme/report", tag: "1.4.0" } } });
 */
export function getContainerRegistry(args: GetContainerRegistryArgs): pulumi.Output<ContainerRegistryResult> {
  return lookupIn(args.organizationId, args, findContainerRegistry);
}

/**
 * Looks up a container of an environment by name or by id.
 *
 * @example
 * const web = getContainer({ environmentId: env.id, name: "web" });
 */
export function getContainer(args: GetContainerArgs): pulumi.Output<ContainerResult> {
  return lookupIn(args.environmentId, args, findContainer);
}

/**
 * Looks up a job of an environment by name or by id.
 *
 * @example
 * const migrate = getJob({ environmentId: env.id, name: "migrate" });
 */
export function getJob(args: GetJobArgs): pulumi.Output<JobResult> {
  return lookupIn(args.environmentId, args, findJob);
}
