/**
 * What a cluster holds besides its configuration: where it runs and with which credentials (cloud provider info), its
 * routing table and its DNS provider (whose secret, a Cloudflare API token or Route 53 secret key, is kept apart and
 * never answered).
 */
import { badRequest } from "../server/errors";
import type { CloudProviderInfoRequest, DnsProviderRequest } from "../schemas/clusters";
import { credentialsById } from "./cloud-credentials";
import type { ClusterRec } from "./clusters";
import { touch, type ModelContext } from "./records";

/** A cluster's cloud, region and credentials (a seeded cluster has none: it is the emulator's own). */
export function cloudProviderInfo(m: ModelContext, c: ClusterRec): Record<string, unknown> {
  const creds = c.spec ? credentialsById(m, c.spec.credentials_id) : undefined;
  return {
    cloud_provider: c.spec?.cloud_provider ?? "AWS", region: c.region,
    ...(creds ? { credentials: { id: creds.id, name: creds.name } } : {}),
  };
}

/**
 * Gives a cluster other credentials of its cloud (the way out of `INVALID_CREDENTIALS`); its cloud and region cannot
 * change, and a seeded cluster keeps the emulator's own.
 */
export function setCloudProviderInfo(m: ModelContext, c: ClusterRec, b: CloudProviderInfoRequest): void {
  const spec = c.spec;
  if (!spec) throw badRequest("credentials", `cluster ${c.name} is seeded by the emulator: its credentials are the emulator's own`);
  if (b.cloud_provider !== undefined && b.cloud_provider !== spec.cloud_provider) {
    throw badRequest("cloud_provider", `a cluster cannot move from ${spec.cloud_provider} to ${b.cloud_provider}`);
  }
  if (b.region !== undefined && b.region !== c.region) throw badRequest("region", `a cluster cannot move from ${c.region} to ${b.region}`);
  if (!b.credentials) return;
  const creds = credentialsById(m, b.credentials.id);
  if (!creds) throw badRequest("credentials.id", `no credentials ${b.credentials.id} in this organization`);
  if (creds.cloud !== spec.cloud_provider) throw badRequest("credentials.id", `credentials '${creds.name}' are ${creds.cloud} credentials, not ${spec.cloud_provider} ones`);
  spec.credentials_id = creds.id;
  touch(c, m.now);
}

/** Replaces a cluster's routing table. */
export function setRoutingTable(m: ModelContext, c: ClusterRec, routes: Array<{ destination: string; target: string; description: string }>): void {
  c.routes = routes.map((r) => ({ destination: r.destination, target: r.target, description: r.description }));
  touch(c, m.now);
}

/** A cluster's DNS provider: the one set, else the service's own under the emulator's domain. Never its secret. */
export function dnsProviderOf(c: ClusterRec): Record<string, unknown> {
  return c.dns_provider ?? { provider: "QOVERY", domain: `${c.id.slice(0, 8)}.emulator.internal` };
}

/** Sets a cluster's DNS provider, keeping its secret apart. */
export function setDnsProvider(m: ModelContext, c: ClusterRec, b: DnsProviderRequest): void {
  const p = b.dns_provider;
  delete c.dns_secret;
  if (p.provider === "CLOUDFLARE") {
    c.dns_provider = { provider: p.provider, domain: p.domain, email: p.email, proxied: p.proxied };
    c.dns_secret = p.api_token;
  } else if (p.provider === "ROUTE53") {
    c.dns_provider = {
      provider: p.provider, domain: p.domain, aws_region: p.aws_region, hosted_zone_id: p.hosted_zone_id ?? null,
      credentials: { type: p.credentials.type, aws_access_key_id: p.credentials.aws_access_key_id },
    };
    c.dns_secret = p.credentials.aws_secret_access_key;
  } else {
    c.dns_provider = { provider: p.provider, domain: p.domain };
  }
  touch(c, m.now);
}
