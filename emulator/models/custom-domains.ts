/**
 * Custom domains of applications and containers: a domain name the user owns, served by the service once its DNS
 * holds a CNAME to the service's `validation_domain`.
 *
 * - Syntax: a host name of at least two labels, each 1 to 63 letters, digits or hyphens (no hyphen first or
 *   last), 253 characters at most, the last label not all digits (an IP address is not a domain); a leading `*.`
 *   asks for a wildcard domain.
 * - Uniqueness: a domain points at one load balancer, so it is unique in the organization (and so on every
 *   cluster), compared ignoring case (DNS names are case-insensitive); a taken domain is a 409 naming the service.
 * - `validation_domain`: derived from the service's and its cluster's ids
 *   (`z<service>.<cluster>.emulator.internal`), the same for every domain of the service.
 * - `status` is `VALIDATION_PENDING`, the one state the reference names: the emulator resolves no DNS, and its
 *   check of a service's domains reports each one `DOMAIN_NOT_CONFIGURED`.
 * - Deleting the service deletes its domains: they answer nowhere and free their names at once, and every write of
 *   the family removes the records of services no longer stored (the store's cascade needs no entry for them).
 */
import { z } from "zod";
import { badRequest, conflict, notFound } from "../server/errors";
import type { customDomainRequest } from "../schemas/custom-domains";
import { baseFields, createFrom, replaceFrom, type BaseRec, type ModelContext, type RequestWriter } from "./records";
import type { ServiceRecBase } from "./services";
import { base, str } from "./record-forms";
import { read, slice } from "./slice";
import type { environmentSlice } from "./environments";

/** A custom domain of a service. */
export interface CustomDomainRec extends BaseRec {
  /** The application or container it routes to. */
  service_id: string;
  domain: string;
  generate_certificate: boolean;
  use_cdn: boolean;
  /** The CNAME target the user sets in DNS. */
  validation_domain: string;
}

/** The customDomains of the state (see `slice.ts`). */
export const customDomainSlice = slice<CustomDomainRec>().keyed("customDomains", z.looseObject({
  ...base, service_id: str, domain: str, generate_certificate: z.boolean(), use_cdn: z.boolean(), validation_domain: str,
}));

type Input = z.output<typeof customDomainRequest>;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** What is wrong with a domain's syntax, or undefined. */
export function domainProblem(domain: string): string | undefined {
  const host = domain.startsWith("*.") ? domain.slice(2) : domain;
  if (host.length > 253) return "must be 253 characters at most";
  const labels = host.split(".");
  if (labels.length < 2) return "expected a domain name of at least two labels, e.g. app.example.com";
  const bad = labels.find((l) => !LABEL.test(l));
  if (bad !== undefined) {
    return `label '${bad}' must be 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen (a wildcard only as a leading '*.')`;
  }
  if (/^\d+$/.test(labels[labels.length - 1] as string)) return "expected a domain name, not an IP address";
  return undefined;
}

/** The custom domains of a service, oldest first. */
export function domainsOf(m: ModelContext, serviceId: string): CustomDomainRec[] {
  return [...customDomainSlice.of(m.world.store).values()].filter((d) => d.service_id === serviceId);
}

/** The custom domain `id` of the service, or 404. */
export function domainOf(m: ModelContext, serviceId: string, id: string): CustomDomainRec {
  const d = customDomainSlice.of(m.world.store).get(id);
  if (d === undefined || d.service_id !== serviceId) throw notFound("custom domain", id);
  return d;
}

function check(m: ModelContext, b: Input, self?: string): void {
  const problem = domainProblem(b.domain);
  if (problem !== undefined) throw badRequest("domain", problem);
  const wanted = b.domain.toLowerCase();
  const taken = [...customDomainSlice.of(m.world.store).values()].find((d) => d.id !== self && d.domain.toLowerCase() === wanted);
  if (taken !== undefined) {
    const owner = m.world.store.service(taken.service_id)?.name ?? taken.service_id;
    throw conflict(`domain: custom domain '${b.domain}' is already used in this organization (by service '${owner}')`);
  }
}

function short(id: string): string {
  return id.replace(/-/g, "").slice(0, 8).toLowerCase();
}

/** The CNAME target of a service's domains. */
function validationDomain(m: ModelContext, svc: ServiceRecBase): string {
  const clusterId = read<typeof environmentSlice>(m.world.store, "environments").get(svc.environment_id)?.cluster_id ?? svc.environment_id;
  return `z${short(svc.id)}.${short(clusterId)}.emulator.internal`;
}

/** Sets every field from a full request (`use_cdn` left out is false). */
function apply(d: CustomDomainRec, b: Input): void {
  d.domain = b.domain;
  d.generate_certificate = b.generate_certificate;
  d.use_cdn = b.use_cdn ?? false;
}

const writer: RequestWriter<CustomDomainRec, Input> = { check, apply };

/** Adds a custom domain to an application or a container. */
export function createCustomDomain(m: ModelContext, svc: ServiceRecBase, b: Input): CustomDomainRec {
  return createFrom(m, writer, customDomainSlice.of(m.world.store), b, (): CustomDomainRec => ({
    ...baseFields(m.now), service_id: svc.id, domain: "", generate_certificate: true, use_cdn: false,
    validation_domain: validationDomain(m, svc),
  }));
}

/** Replaces a custom domain with a full request. */
export function editCustomDomain(m: ModelContext, d: CustomDomainRec, b: Input): void {
  replaceFrom(m, writer, d, b);
}

/** Deletes a custom domain. */
export function deleteCustomDomain(m: ModelContext, d: CustomDomainRec): void {
  customDomainSlice.of(m.world.store).delete(d.id);
}
