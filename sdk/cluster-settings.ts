/** What a cluster has besides its record: advanced settings, routing table, DNS provider, environments, deployment logs. */
import { z } from "zod";
import { maybe, openEnum, sameFields } from "./schema";
import { secretFields } from "./sensitive";

/**
 * A cluster's advanced settings: flat dotted keys (`loki.log_retention_in_week`, `aws.vpc.enable_s3_flow_logs`); the
 * service answers every key, and `client.clusters.defaultAdvancedSettings()` the defaults.
 */
export const ClusterAdvancedSettings = z.record(z.string(), z.unknown());
/** A cluster's advanced settings. */
export type ClusterAdvancedSettings = z.infer<typeof ClusterAdvancedSettings>;

/** One route of a cluster's network: traffic to `destination` (a CIDR) goes to `target`. */
export const ClusterRoute = z.looseObject({ destination: z.string().min(1), target: z.string().min(1), description: z.string() });
/** One route of a cluster's network. */
export type ClusterRoute = z.infer<typeof ClusterRoute>;
/** Body of a routing table edit: every route (the table is replaced). */
export const ClusterRoutingTableRequest = z.looseObject({ routes: z.array(ClusterRoute) });
/** Body of a routing table edit. */
export type ClusterRoutingTableRequest = z.input<typeof ClusterRoutingTableRequest>;
/** A cluster's routing table. */
export const ClusterRoutingTable = z.looseObject({ results: maybe(z.array(ClusterRoute)) });
/** A cluster's routing table. */
export type ClusterRoutingTable = z.infer<typeof ClusterRoutingTable>;

/** DNS providers of a cluster: the service's own, Cloudflare or Route 53. */
export const DNS_PROVIDERS = ["QOVERY", "CLOUDFLARE", "ROUTE53"] as const;
const domain = z.string().min(1);

/**
 * Body of a DNS provider edit: `QOVERY` (a domain), `CLOUDFLARE` (domain, email, `api_token`, `proxied`) or
 * `ROUTE53` (domain, `aws_region`, `hosted_zone_id`, static credentials). The Cloudflare token and the AWS secret
 * key are never answered and must be sent again with every edit.
 */
export const ClusterDnsProviderRequest = z.looseObject({
  dns_provider: z.discriminatedUnion("provider", [
    z.looseObject({ provider: z.literal("QOVERY"), domain }),
    z.looseObject({ provider: z.literal("CLOUDFLARE"), domain, email: z.email(), api_token: z.string().min(1), proxied: z.boolean().optional() }),
    z.looseObject({
      provider: z.literal("ROUTE53"), domain, aws_region: z.string().min(1), hosted_zone_id: z.string().nullish(),
      credentials: z.looseObject({ type: z.literal("STATIC"), aws_access_key_id: z.string().min(1), aws_secret_access_key: z.string().min(1) }),
    }),
  ]),
});
/** Body of a DNS provider edit. */
export type ClusterDnsProviderRequest = z.input<typeof ClusterDnsProviderRequest>;
secretFields({ secret: ["api_token", "aws_secret_access_key"] });

/** A cluster's DNS provider as the service answers it (without the Cloudflare token or the AWS secret key). */
export const ClusterDnsProvider = z.looseObject({
  dns_provider: z.looseObject({
    provider: openEnum(DNS_PROVIDERS),
    ...sameFields(["domain", "email", "aws_region", "hosted_zone_id"], maybe(z.string())),
    proxied: maybe(z.boolean()),
    credentials: maybe(z.looseObject({ type: maybe(z.string()), aws_access_key_id: maybe(z.string()) })),
  }),
});
/** A cluster's DNS provider. */
export type ClusterDnsProvider = z.infer<typeof ClusterDnsProvider>;

/** An environment that runs on a cluster, with its project and services (what keeps a cluster from being deleted). */
export const ClusterEnvironment = z.looseObject({
  environment_id: z.string(),
  ...sameFields(["environment_name", "project_id", "project_name"], maybe(z.string())),
  services: maybe(z.array(z.looseObject({}))),
});
/** An environment that runs on a cluster. */
export type ClusterEnvironment = z.infer<typeof ClusterEnvironment>;

/** One line of a cluster's deployment log: its level, step, message and, for an error, what went wrong and a hint. */
export const ClusterLogLine = z.looseObject({
  type: maybe(z.string()),
  timestamp: maybe(z.string()),
  step: maybe(z.string()),
  message: maybe(z.looseObject({ safe_message: maybe(z.string()) })),
  error: maybe(z.looseObject({
    tag: maybe(z.string()), user_log_message: maybe(z.string()), hint_message: maybe(z.string()), link: maybe(z.string()),
    underlying_error: maybe(z.looseObject({ message: maybe(z.string()) })),
  })),
});
/** One line of a cluster's deployment log. */
export type ClusterLogLine = z.infer<typeof ClusterLogLine>;

/** A log line as text: `step: message` (an error's message and hint when it is one). */
export function clusterLogText(line: ClusterLogLine): string {
  const said = [line.message?.safe_message, line.error?.user_log_message, line.error?.hint_message].filter((s): s is string => !!s);
  return `${line.step ? `${line.step}: ` : ""}${said.join(" ") || line.error?.tag || ""}`;
}
