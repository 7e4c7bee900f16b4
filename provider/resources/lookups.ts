import * as pulumi from "@pulumi/pulumi";
import { DeployServiceClient } from "../../sdk";
import { resolveStackCredentials, STACK_CREDENTIAL_SOURCES } from "../framework/credentials";
import { describeFailure } from "../framework/errors";

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

/**
 * A client for lookups in the program process: `deploy-service:apiUrl` and the secret `deploy-service:apiToken`
 * from the stack configuration, else env `DEPLOY_SERVICE_API_URL` / `DEPLOY_SERVICE_API_TOKEN`.
 */
function programClient(url: string | undefined, token: string | undefined): DeployServiceClient {
  const given = { ...(url !== undefined ? { url } : {}), ...(token !== undefined ? { token } : {}) };
  const credentials = resolveStackCredentials(given);
  return new DeployServiceClient({ baseUrl: credentials.url, token: credentials.token, credentialSources: STACK_CREDENTIAL_SOURCES });
}

/** Runs a lookup with the program's credentials; the result is not secret even though the token is. */
function withClient<T>(run: (client: DeployServiceClient) => Promise<T>, ...inputs: pulumi.Input<unknown>[]): pulumi.Output<T> {
  const config = new pulumi.Config("deploy-service");
  const url = config.get("apiUrl");
  const token = config.getSecret("apiToken") ?? pulumi.output(undefined as string | undefined);
  const result = pulumi.all([token, ...inputs]).apply(([t]) => run(programClient(url, t)));
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
