/**
 * Typed client of the deployment service's REST API (undici + zod): one {@link DeployServiceClient},
 * typed records with the service's spellings, typed errors with predicates, retries, pacing and waits.
 * Usable alone (CI scripts, dashboards); knows nothing of Pulumi.
 *
 * @packageDocumentation
 */
export * from "./client";
export * from "./credentials";
export * from "./errors";
export * from "./service-kinds";
export * from "./natural-keys";
export { DEFAULT_MAX_PAGES, DEFAULT_MAX_RESPONSE_BYTES, ResponseLimitError, isLimitExceeded, type LimitName } from "./limits";
export { path, invalidIdReason, type ApiPath } from "./path";
export type { RetryInfo, HttpMethod, Query } from "./core";
export * from "./status";
export * from "./wait";
export * from "./families";
export * from "./environment-wait";
export * from "./cluster-wait";
export * from "./git";
export * from "./url-credentials";
export * from "./service-common";
export * from "./service-logs";
export * from "./advanced-settings";
export * from "./cluster-advanced-settings";
export * from "./image";
export * from "./service-values";
export * from "./owner-values";
export * from "./autoscaling";
export { openEnum, Reference } from "./schema";
