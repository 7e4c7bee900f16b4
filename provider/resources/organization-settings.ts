import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { argsSchema } from "../framework/args";
import { defineResource, organizationOf } from "../framework/define";
import { field } from "../framework/fields";
import { httpUrlInput, idInput, nameInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";

/**
 * Inputs of an {@link OrganizationSettings}. Every setting is optional: one the program leaves out keeps whatever
 * the organization has (removing a setting from the program leaves the service's value as it is).
 */
export interface OrganizationSettingsArgs {
  /** The organization whose settings are managed (wire: the `{organizationId}` of the path). Changing it moves the resource. */
  organizationId: pulumi.Input<string>;
  /** Organization name (the service compares names without regard to case). Wire: `name`. */
  name?: pulumi.Input<string>;
  /** Free text. Wire: `description`. */
  description?: pulumi.Input<string>;
  /** The organization's website: an `http://` or `https://` URL. Wire: `website_url`. */
  websiteUrl?: pulumi.Input<string>;
  /** A repository of the organization (free text, e.g. its git host's address). Wire: `repository`. */
  repository?: pulumi.Input<string>;
  /** Address of the organization's logo: an `http://` or `https://` URL. Wire: `logo_url`. */
  logoUrl?: pulumi.Input<string>;
  /** Address of the organization's icon: an `http://` or `https://` URL. Wire: `icon_url`. */
  iconUrl?: pulumi.Input<string>;
  /** Addresses that receive the organization's administrative mail, in any order. Wire: `admin_emails`. */
  adminEmails?: pulumi.Input<pulumi.Input<string>[]>;
}

/** The same list of addresses, whatever the order. */
const sameAddresses = (a: unknown, b: unknown): boolean => {
  const norm = (v: unknown) => (Array.isArray(v) ? [...v].map(String).sort() : v ?? undefined);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
};

/** What the service says of an organization's settings beyond their inputs: outputs of {@link OrganizationSettings}. */
export interface OrganizationSettingsComputed {
  /** Organization name (the one given, else the one the service holds). */
  name: string;
}

/** Validated organization settings inputs: the single source of field names, types and wire spellings. */
export const organizationSettingsSchema = argsSchema<OrganizationSettingsArgs>()(z.strictObject({
  organizationId: field(idInput(), { wire: false, replace: true }),
  name: field(nameInput().optional(), { computed: true }),
  description: field(z.string().optional(), { computed: true }),
  websiteUrl: field(httpUrlInput().optional(), { computed: true }),
  repository: field(z.string().optional(), { computed: true }),
  logoUrl: field(httpUrlInput().optional(), { computed: true }),
  iconUrl: field(httpUrlInput().optional(), { computed: true }),
  adminEmails: field(z.array(z.string().min(3).includes("@", { message: "expected an e-mail address" })).optional(), {
    computed: true, same: sameAddresses,
  }),
}));
/** Organization settings inputs after validation. */
export type OrganizationSettingsInputs = z.output<typeof organizationSettingsSchema>;

/**
 * The organization settings family. The organization is neither created nor deleted through it: create takes the
 * organization's settings over (one edit), delete lets go of them (no call).
 */
export const organizationSettings = defineResource({
  kind: "OrganizationSettings",
  noun: "organization settings",
  label: (inputs) => `settings of organization ${organizationOf(inputs)}`,
  schema: organizationSettingsSchema,
  deleteBeforeReplace: false,
  deleteLetsGo: true,
  calls: {
    // The client reads the organization first and sends its other settings as they are (the edit replaces every field).
    create: (client, inputs, body) => client.organizations.update(inputs.organizationId, body),
    get: (client, id) => client.organizations.get(id),
    update: (client, id, _inputs, body) => client.organizations.update(id, body),
    // Never called: the provider's delete lets go without a call (deleteLetsGo).
    delete: async () => undefined,
  },
});

/** The dynamic provider of {@link OrganizationSettings}: its delete lets go of the settings and changes nothing. */
export const organizationSettingsProvider: pulumi.dynamic.ResourceProvider = organizationSettings.provider;

/**
 * The editable settings of an organization that already exists (name, description, website, repository, logo, icon,
 * admin addresses). The service creates and deletes organizations outside of any stack, so this resource never does:
 * its create takes the settings over (an edit of the settings the program sets; the others are kept), and its delete
 * (or `pulumi destroy`) lets go of them and changes nothing at the service: the organization keeps the values last
 * set. A setting left out of the program keeps whatever the organization has. Editing needs an Admin token.
 *
 * @example
 * new OrganizationSettings("acme", {
 *   organizationId: org.id, description: "Acme's shop", websiteUrl: "https://acme.example", adminEmails: ["ops@acme.example"],
 * });
 *
 * @class
 */
export const OrganizationSettings = serviceObjectClass<OrganizationSettingsArgs, typeof organizationSettingsSchema, OrganizationSettingsComputed>(organizationSettings);
/** {@link OrganizationSettings} as a type: its outputs are every input as stored and what the service computes. */
export type OrganizationSettings = InstanceType<typeof OrganizationSettings>;
