/**
 * The hosts and URLs of services, formatted as the live service formats them (`z` and the first 8 hex digits of an
 * id, lower case, name a service, an environment or a cluster in a host):
 *
 * | Kind | Internal host | External host (while it serves publicly) |
 * | --- | --- | --- |
 * | application, container | `app-z<service>` | `z<service>-z<environment>.<cluster domain>` while a port is public |
 * | Helm chart | `helm-z<service>` | `z<service>-z<environment>.<cluster domain>` while it has a port |
 * | database | `z<service>-<type>` (`z1a2b3c4d-postgresql`) | `z<service>-<type>.<cluster domain>` while PUBLIC |
 * | Terraform service | `terraform-z<service>` | none |
 * | job | none (a job serves nothing) | none |
 *
 * The cluster domain is the domain of the cluster's DNS provider when one was set, else `z<cluster>.emulator.app`
 * (`clusterDomain` in `queries.ts`). This file reads no state: it formats what it is given.
 * A service's links (`GET /<kind>/{id}/link`) are, for its default public port (the one marked default, else the
 * first), `https://<external host>` (`is_default`) and each custom domain (`is_qovery_domain` false), then for every
 * public port `https://p<port>.<external host>`; a service with no public port has none.
 */

/** `z` and the first 8 hex digits of an id, lower case: how hosts name a service, an environment or a cluster. */
export function hostId(id: string): string {
  return `z${id.replace(/-/g, "").slice(0, 8).toLowerCase()}`;
}

/** What a host is made from: the service's kind (`type` on the wire), id, environment, and what it exposes. */
export interface HostedService {
  id: string;
  environment_id: string;
  /** A database's engine. */
  type?: string;
  /** A database's accessibility. */
  accessibility?: string;
  ports?: ReadonlyArray<{ internal_port: number; external_port?: number; publicly_accessible?: boolean; is_default?: boolean }>;
}

const INTERNAL_PREFIX: Readonly<Record<string, string>> = { APPLICATION: "app", CONTAINER: "app", HELM: "helm", TERRAFORM: "terraform" };

/** A database's host inside its cluster: `z<id>-<type>`. */
export function databaseInternalHost(d: { id: string; type: string }): string {
  return `${hostId(d.id)}-${d.type.toLowerCase()}`;
}

/** A service's host inside its cluster (see the table above); undefined for a job. */
export function internalHost(type: string, svc: HostedService): string | undefined {
  if (type === "DATABASE") return databaseInternalHost({ id: svc.id, type: svc.type ?? "" });
  const prefix = INTERNAL_PREFIX[type];
  return prefix === undefined ? undefined : `${prefix}-${hostId(svc.id)}`;
}

/** The domain a cluster serves its services' public hosts under: its DNS provider's, else `z<cluster>.emulator.app`. */
export function clusterDomainOf(cluster: { id: string; dns_provider?: Record<string, unknown> }): string {
  const domain = cluster.dns_provider?.["domain"];
  return typeof domain === "string" && domain !== "" ? domain : `${hostId(cluster.id)}.emulator.app`;
}

/** The ports a service serves publicly (a Helm chart's ports all go through its ingress). */
export function publicPorts(type: string, svc: HostedService): NonNullable<HostedService["ports"]> {
  const ports = svc.ports ?? [];
  return type === "HELM" ? ports : ports.filter((p) => p.publicly_accessible);
}

/** A service's public host (see the table above); undefined while it serves nothing publicly. */
export function externalHost(type: string, svc: HostedService, domain: string): string | undefined {
  if (type === "DATABASE") return svc.accessibility === "PUBLIC" ? `${databaseInternalHost({ id: svc.id, type: svc.type ?? "" })}.${domain}` : undefined;
  if (!["APPLICATION", "CONTAINER", "HELM"].includes(type) || publicPorts(type, svc).length === 0) return undefined;
  return `${hostId(svc.id)}-${hostId(svc.environment_id)}.${domain}`;
}

/** One link of a service (the reference's `Link`). */
export interface ServiceLink {
  service_id: string;
  service_type: string;
  url: string;
  internal_port: number;
  external_port: number;
  is_qovery_domain: boolean;
  is_default: boolean;
}

/** A service's links (see the file's TSDoc), default ones first, from its cluster's domain and its custom domains. */
export function serviceLinks(type: string, svc: HostedService, domain: string, customDomains: readonly string[]): ServiceLink[] {
  const host = externalHost(type, svc, domain);
  const ports = publicPorts(type, svc);
  const main = ports.find((p) => p.is_default) ?? ports[0];
  if (host === undefined || main === undefined) return [];
  const link = (url: string, p: typeof main, isDefault: boolean, qovery = true): ServiceLink => ({
    service_id: svc.id, service_type: type, url, internal_port: p.internal_port, external_port: p.external_port ?? 443,
    is_qovery_domain: qovery, is_default: isDefault,
  });
  return [
    link(`https://${host}`, main, true),
    ...customDomains.map((d) => link(`https://${d}`, main, true, false)),
    ...ports.map((p) => link(`https://p${p.internal_port}.${host}`, p, false)),
  ];
}
