/**
 * A cluster's DNS provider (`GET/PUT /cluster/{clusterId}/dnsProvider`): the `dnsProvider` input of a `Cluster`,
 * its schema (what each provider needs, checked before any call) and the part that sets it after create and on each
 * change, and reads it back on refresh. The service never answers the Cloudflare token or the AWS secret key: they
 * stay as the state has them, and the whole input is a Pulumi secret.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { DNS_PROVIDERS, type ClusterDnsProvider, type ClusterDnsProviderRequest } from "../../../sdk";
import type { Part, Props } from "../../framework/define";
import { kindFieldIssues, type KindFields } from "../../framework/rules";

/** What Cloudflare takes (`provider: "CLOUDFLARE"`): `email` and `apiToken` are required there. */
export interface CloudflareDnsArgs {
  /** Cloudflare account e-mail. Wire: `dns_provider.email`. */
  email?: pulumi.Input<string>;
  /** Cloudflare API token: a credential, sent again on every edit as the service asks. Wire: `dns_provider.api_token`. */
  apiToken?: pulumi.Input<string>;
  /** Whether Cloudflare proxies the records. Default: `false`. Wire: `dns_provider.proxied`. */
  proxied?: pulumi.Input<boolean>;
}

/** What Route 53 takes (`provider: "ROUTE53"`): all but `hostedZoneId` are required there. */
export interface Route53DnsArgs {
  /** AWS region of the hosted zone. Wire: `dns_provider.aws_region`. */
  awsRegion?: pulumi.Input<string>;
  /** The hosted zone id. Default: found by the service from `domain`. Wire: `dns_provider.hosted_zone_id`. */
  hostedZoneId?: pulumi.Input<string>;
  /** AWS access key id. Wire: `dns_provider.credentials.aws_access_key_id`. */
  awsAccessKeyId?: pulumi.Input<string>;
  /** AWS secret access key: a credential, sent again on every edit. Wire: `dns_provider.credentials.aws_secret_access_key`. */
  awsSecretAccessKey?: pulumi.Input<string>;
}

/**
 * A cluster's DNS provider: the service's own domain, Cloudflare or Route 53, with the fields of that provider
 * ({@link CloudflareDnsArgs}, {@link Route53DnsArgs}); another provider's fields are refused.
 */
export interface ClusterDnsProviderArgs extends CloudflareDnsArgs, Route53DnsArgs {
  /** `QOVERY` (the service's own DNS), `CLOUDFLARE` or `ROUTE53`. Wire: `dns_provider.provider`. */
  provider: pulumi.Input<(typeof DNS_PROVIDERS)[number]>;
  /** The domain the cluster's services get their names under (`example.com`). Wire: `dns_provider.domain`. */
  domain: pulumi.Input<string>;
}

const text = z.string().min(1);

/**
 * What each provider takes besides `provider` and `domain`, which of those it needs, and how messages call it (not
 * by its value: the input is a secret, and a message shows no piece of it).
 */
const TAKES: Readonly<Record<(typeof DNS_PROVIDERS)[number], KindFields>> = {
  QOVERY: { keys: [], called: "the service's own DNS", none: "it takes only the domain" },
  CLOUDFLARE: { keys: ["email", "apiToken", "proxied"], required: ["email", "apiToken"], called: "Cloudflare" },
  ROUTE53: { keys: ["awsRegion", "hostedZoneId", "awsAccessKeyId", "awsSecretAccessKey"], required: ["awsRegion", "awsAccessKeyId", "awsSecretAccessKey"], called: "Route 53" },
};
const ALL_KEYS = Object.values(TAKES).flatMap((t) => t.keys);

/** The `dnsProvider` input: each provider's fields, the ones it needs required and the others refused, by name. */
export const dnsProviderSchema = z.strictObject({
  provider: z.enum(DNS_PROVIDERS),
  domain: text,
  email: z.email().optional(),
  apiToken: text.optional(),
  proxied: z.boolean().optional(),
  awsRegion: text.optional(),
  hostedZoneId: text.optional(),
  awsAccessKeyId: text.optional(),
  awsSecretAccessKey: text.optional(),
}).superRefine((v, ctx) => {
  const takes = TAKES[v.provider];
  if (takes !== undefined) kindFieldIssues(ctx, v, takes, ALL_KEYS);
});

/** The validated `dnsProvider` input. */
export type DnsProviderInput = z.output<typeof dnsProviderSchema>;

/** The edit's body for `input` (every secret sent again, as the service asks). */
function requestOf(d: DnsProviderInput): ClusterDnsProviderRequest {
  if (d.provider === "CLOUDFLARE") {
    return { dns_provider: { provider: "CLOUDFLARE", domain: d.domain, email: d.email!, api_token: d.apiToken!, proxied: d.proxied ?? false } };
  }
  if (d.provider === "ROUTE53") {
    return {
      dns_provider: {
        provider: "ROUTE53", domain: d.domain, aws_region: d.awsRegion!, ...(d.hostedZoneId ? { hosted_zone_id: d.hostedZoneId } : {}),
        credentials: { type: "STATIC", aws_access_key_id: d.awsAccessKeyId!, aws_secret_access_key: d.awsSecretAccessKey! },
      },
    };
  }
  return { dns_provider: { provider: "QOVERY", domain: d.domain } };
}

/** The input as the service answers it, its secrets (never answered) and what it left out kept from `known`. */
function inputOf(answer: ClusterDnsProvider, known: DnsProviderInput | undefined): Props {
  const a = answer.dns_provider;
  const provider = String(a.provider);
  const read: Props = {
    provider, domain: a.domain ?? known?.domain,
    ...(provider === "CLOUDFLARE" ? { email: a.email ?? known?.email, apiToken: known?.apiToken, proxied: a.proxied ?? known?.proxied } : {}),
    ...(provider === "ROUTE53" ? {
      awsRegion: a.aws_region ?? known?.awsRegion, hostedZoneId: a.hosted_zone_id ?? known?.hostedZoneId,
      awsAccessKeyId: a.credentials?.aws_access_key_id ?? known?.awsAccessKeyId, awsSecretAccessKey: known?.awsSecretAccessKey,
    } : {}),
  };
  if (provider === "CLOUDFLARE" && known?.proxied === undefined && read["proxied"] === false) delete read["proxied"];
  return Object.fromEntries(Object.entries(read).filter(([, v]) => v !== undefined && v !== null));
}

/**
 * `dnsProvider`: set by its own call after create and on each change (before the deploy part, so the deployment
 * uses it), read back on refresh when the program manages it. Removing it leaves the service's as it is.
 */
export const clusterDnsProviderPart: Part<{ dnsProvider?: DnsProviderInput | undefined }, unknown> = {
  action: "setting the DNS provider",
  keys: ["dnsProvider"],
  async apply({ client, id, inputs }) {
    if (inputs.dnsProvider === undefined) return;
    const answer = await client.clusters.updateDnsProvider(id, requestOf(inputs.dnsProvider));
    return { inputs: { dnsProvider: inputOf(answer, inputs.dnsProvider) } };
  },
  async read({ client, id, previous }) {
    const known = previous["dnsProvider"] as DnsProviderInput | undefined;
    if (known === undefined) return {};
    return { inputs: { dnsProvider: inputOf(await client.clusters.dnsProvider(id), known) } };
  },
};
