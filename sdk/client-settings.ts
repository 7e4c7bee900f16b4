/**
 * The client's options checked and resolved into the request core's settings: credentials and the base URL rule,
 * the token scheme, and every number option with its default.
 */
import type { ClientOptions } from "./client";
import type { CoreConfig } from "./core";
import { CLIENT_CREDENTIAL_SOURCES, type CredentialSourceNames, credentialPlaces, resolveCredentials } from "./credentials";
import { DEFAULT_MAX_PAGES, DEFAULT_MAX_RESPONSE_BYTES } from "./limits";
import { Pacer } from "./pacing";

function positive(name: string, value: number | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min) {
    const got = typeof value === "number" ? String(value) : `a ${typeof value}`;
    throw new RangeError(`DeployServiceClient: option "${name}": expected a number >= ${min}, got ${got}`);
  }
  return value;
}

function wholeNumber(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    const got = typeof value === "number" ? String(value) : `a ${typeof value}`;
    throw new RangeError(`DeployServiceClient: option "${name}": expected a whole number >= 1, got ${got}`);
  }
  return value;
}

const URL_EXAMPLE = "expected the service's root, e.g. https://api.example.com";

/** First path segments of the API's own endpoints: a base URL holding one points into the API, not at its root. */
const API_SEGMENTS = [
  "organization", "project", "environment", "application", "database", "deploymentStage", "service", "cluster",
  "container", "job", "helm", "variable", "account", "openapi.json",
];

/**
 * Checks the base URL and returns it without trailing slash. Messages never quote the value, which may be a
 * token when URL and token were swapped; only the origin of a value that parsed as an http(s) URL is quoted.
 */
function checkBaseUrl(value: string, token: string, names: CredentialSourceNames): string {
  const places = credentialPlaces(names);
  const who = names.who;
  const swapped = /^https?:\/\//i.test(token) ? "; the API token looks like a URL: were the base URL and the token swapped?" : "";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${who}: ${places.url} is not a URL; ${URL_EXAMPLE}${swapped}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`${who}: ${places.url} must start with http:// or https://; ${URL_EXAMPLE}${swapped}`);
  }
  const at = `${places.url} (${url.origin})`;
  if (url.username !== "" || url.password !== "") {
    throw new Error(`${who}: ${at} must not hold user:password@ credentials; pass ${places.token} instead`);
  }
  if (url.search !== "" || url.hash !== "" || value.includes("?") || value.includes("#")) {
    throw new Error(`${who}: ${at} must not have a query string or a fragment; ${URL_EXAMPLE}`);
  }
  const segments = url.pathname.split("/").filter((s) => s !== "").map((s) => s.toLowerCase());
  const apiSegment = API_SEGMENTS.find((name) => segments.includes(name.toLowerCase()));
  if (apiSegment !== undefined) {
    throw new Error(`${who}: ${at} has /${apiSegment} in its path, a path of the API itself; ${URL_EXAMPLE} (a reverse-proxy prefix is fine)`);
  }
  const lastSegment = segments[segments.length - 1];
  if (lastSegment !== undefined && /^(api|v\d{1,3})$/.test(lastSegment)) {
    throw new Error(`${who}: ${at} ends with /${lastSegment}, a version prefix, but the service's paths have none; ${URL_EXAMPLE}`);
  }
  return value.replace(/\/+$/, "");
}

/**
 * The request core's settings for `options`.
 * @throws Error for missing credentials, a token with whitespace, a bad base URL or token scheme; RangeError for a
 *   bad number option.
 */
export function coreConfig(options: ClientOptions): CoreConfig {
  const sources = options.credentialSources ?? CLIENT_CREDENTIAL_SOURCES;
  const { url: baseUrl, token } = resolveCredentials({ url: options.baseUrl, token: options.token }, process.env, sources);
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(token)) {
    throw new Error(`${sources.who}: ${credentialPlaces(sources).token} holds whitespace or control characters; expected the token alone`);
  }
  const checkedUrl = checkBaseUrl(baseUrl, token, sources);
  const scheme = options.tokenScheme ?? "Token";
  if (scheme !== "Token" && scheme !== "Bearer") {
    throw new Error(`DeployServiceClient: option "tokenScheme": expected "Token" or "Bearer"`);
  }
  const maxRateLimitWaitMs = positive("maxRateLimitWaitMs", options.maxRateLimitWaitMs, 65 * 60_000);
  return {
    baseUrl: checkedUrl,
    baseUrlPlace: credentialPlaces(sources).url,
    token,
    tokenScheme: scheme,
    timeoutMs: positive("timeoutMs", options.timeoutMs, 30_000, 1),
    callDeadlineMs: positive("callDeadlineMs", options.callDeadlineMs, 120_000, 1),
    retry: {
      maxRetries: Math.floor(positive("maxRetries", options.maxRetries, 4)),
      baseDelayMs: positive("retryBaseDelayMs", options.retryBaseDelayMs, 500),
      maxDelayMs: positive("retryMaxDelayMs", options.retryMaxDelayMs, 8_000),
      maxRateLimitWaitMs,
      random: options.random ?? Math.random,
    },
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    pacer: new Pacer({ enabled: options.pacing ?? true, threshold: positive("pacingThreshold", options.pacingThreshold, 0.1), maxDelayMs: maxRateLimitWaitMs }),
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    ...(options.onRateLimitWait ? { onRateLimitWait: options.onRateLimitWait } : {}),
    rateLimitNoticeMs: positive("rateLimitNoticeMs", options.rateLimitNoticeMs, 5_000),
    userAgent: options.userAgent ?? "pulumi-deploy-service-sdk",
    maxPages: wholeNumber("maxPages", options.maxPages, DEFAULT_MAX_PAGES),
    maxResponseBytes: wholeNumber("maxResponseBytes", options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES),
  };
}
