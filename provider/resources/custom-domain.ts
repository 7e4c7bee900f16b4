import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
  CUSTOM_DOMAIN_SERVICE_KINDS, customDomainProblem, type CustomDomain as CustomDomainRecord, type CustomDomainServiceKind,
} from "../../sdk";
import { argsSchema } from "../framework/args";
import { computedOutputs, defineResource, type FamilyCalls, type Props } from "../framework/define";
import { field } from "../framework/fields";
import { idInput, ruledInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import type { AdoptableArgs } from "../framework/adoption";

/** The service kinds a custom domain can route to. */
export { CUSTOM_DOMAIN_SERVICE_KINDS, type CustomDomainServiceKind };

/** Inputs of a {@link CustomDomain}. */
export interface CustomDomainArgs extends AdoptableArgs {
  /**
   * Kind of the service the domain routes to: `"application"`, `"container"` or `"helm"` (wire: the first segment of
   * the path, `/<kind>/{id}/customDomain`). Changing it replaces the domain.
   */
  serviceKind: pulumi.Input<CustomDomainServiceKind>;
  /** Id of the application, container or Helm chart (wire: the `{applicationId}` / `{containerId}` / `{helmId}` of the path). Changing it replaces the domain. */
  serviceId: pulumi.Input<string>;
  /**
   * The domain, e.g. `shop.example.com` or the wildcard `*.example.com`: at least two labels of 1 to 63 letters,
   * digits or hyphens, 253 characters at most, unique in the organization. Changing it replaces the custom domain
   * (the old one is removed first). Wire: `domain`.
   */
  domain: pulumi.Input<string>;
  /**
   * Whether the service issues the domain's TLS certificate; set `false` when a CDN or a proxy in front manages
   * it. Default: `true`. Wire: `generate_certificate`.
   */
  generateCertificate?: pulumi.Input<boolean>;
  /**
   * Whether the domain is behind a CDN (e.g. Cloudflare): the service then checks only that the domain resolves to
   * an IP instead of to the service's load balancer. Default: `false`. Wire: `use_cdn`.
   */
  useCdn?: pulumi.Input<boolean>;
}

/** What the service says of a custom domain beyond its inputs: outputs of a {@link CustomDomain}, members of a lookup's result. */
export interface CustomDomainComputed {
  /** The CNAME target to set in the domain's DNS, when the service says. */
  validationDomain?: string;
  /** Validation status, e.g. `VALIDATION_PENDING`, when the service says. */
  status?: string;
}

/** Validated custom domain inputs: the single source of field names, types, defaults and wire spellings. */
export const customDomainSchema = argsSchema<CustomDomainArgs>()(z.strictObject({
  serviceKind: field(z.enum(CUSTOM_DOMAIN_SERVICE_KINDS), { wire: false, replace: true }),
  serviceId: field(idInput(), { wire: false, replace: true }),
  domain: field(ruledInput(customDomainProblem), { replace: true }),
  generateCertificate: z.boolean().default(true),
  useCdn: z.boolean().default(false),
}));
/** Custom domain inputs after validation (defaults applied). */
export type CustomDomainInputs = z.output<typeof customDomainSchema>;

/** {@link CustomDomainComputed} read from a custom domain's record: the resource's outputs, the lookup's members. */
export const customDomainComputed = computedOutputs<CustomDomainComputed>("validationDomain", "status");

/** The service a stored or desired custom domain belongs to. */
const serviceOf = (props: Props): [CustomDomainServiceKind, string] =>
  [String(props["serviceKind"] ?? "") as CustomDomainServiceKind, String(props["serviceId"] ?? "")];

/** Every call names the service kind and the service; the service reads one domain through its `/status`. */
const calls: FamilyCalls<CustomDomainInputs, CustomDomainRecord> = {
  create: (client, inputs, body) => client.customDomains.create(inputs.serviceKind, inputs.serviceId, body as never),
  get: (client, id, state) => client.customDomains.status(...serviceOf(state), id),
  update: (client, id, inputs, body) => client.customDomains.update(inputs.serviceKind, inputs.serviceId, id, body as never),
  delete: (client, id, state) => client.customDomains.delete(...serviceOf(state), id),
};

/** The custom domain family. A domain is unique in the organization, so a replacement is made after the old one is removed. */
export const customDomain = defineResource({
  kind: "CustomDomain",
  noun: "custom domain",
  label: (inputs) => `custom domain "${String(inputs["domain"] ?? "")}"`,
  schema: customDomainSchema,
  ...customDomainComputed,
  calls,
});

/** The dynamic provider of {@link CustomDomain}. */
export const customDomainProvider = customDomain.provider;

/**
 * A domain of your own served by an application or a container. Once created, point the domain's DNS at
 * `validationDomain` with a CNAME record; the service then validates it and, unless `generateCertificate` is
 * false, issues its certificate.
 *
 * @example
 * const shop = new CustomDomain("shop", { serviceKind: "application", serviceId: app.id, domain: "shop.example.com" });
 * export const cnameTarget = shop.validationDomain;
 *
 * @class
 */
export const CustomDomain = serviceObjectClass<CustomDomainArgs, typeof customDomainSchema, CustomDomainComputed>(customDomain);
/** {@link CustomDomain} as a type: its outputs are every input as stored and what the service computes. */
export type CustomDomain = InstanceType<typeof CustomDomain>;
