/**
 * What the control endpoints and the dashboard read of the state: a copy with every secret replaced by "***" and the
 * webhook delivery attempts. Both the state dump (`GET /_emulator/state`) and the dashboard's feed use them.
 */
import type { State, StateJson } from "../models/state";
import { SERVICE_KINDS } from "../models/service-kinds";
import { REGISTRY_SECRET_FIELDS } from "../schemas/container-registries";
import { HELM_REPOSITORY_SECRET_FIELDS } from "../schemas/helm-repositories";
import { stateToJson } from "../persistence/snapshot";

const REDACTED = "***";

/**
 * A copy of the store with secret values, token values, git tokens, webhook secrets, container and Helm registries'
 * secret config fields, each service kind's secret fields (a Terraform service's variables), clusters' Kubernetes credentials and DNS provider tokens, and
 * cloud credentials' secrets replaced by "***".
 */
export function redactedState(state: State): StateJson {
  const copy = JSON.parse(JSON.stringify(stateToJson(state))) as StateJson;
  for (const t of copy.tokens) t.value = REDACTED;
  for (const g of Object.values(copy.gitTokens)) g.token = REDACTED;
  for (const k of Object.values(copy.clusterCredentials ?? {})) Object.assign(k, { token: REDACTED, read_only_token: REDACTED });
  for (const cr of Object.values(copy.cloudCredentials ?? {})) for (const f of Object.keys(cr.secrets)) cr.secrets[f] = REDACTED;
  for (const c of copy.clusters) if (c.dns_secret !== undefined) c.dns_secret = REDACTED;
  for (const v of Object.values(copy.variables)) if (v.kind === "SECRET") v.value = REDACTED;
  for (const w of Object.values(copy.webhooks)) if (w.target_secret !== undefined) w.target_secret = REDACTED;
  for (const r of Object.values(copy.containerRegistries)) {
    for (const f of REGISTRY_SECRET_FIELDS) if (r.config[f] !== undefined) r.config[f] = REDACTED;
  }
  for (const r of Object.values(copy.helmRepositories ?? {})) {
    for (const f of HELM_REPOSITORY_SECRET_FIELDS) if (r.config[f] !== undefined) r.config[f] = REDACTED;
  }
  const byCollection = copy as unknown as Record<string, Record<string, Record<string, unknown>>>;
  for (const kind of SERVICE_KINDS) {
    for (const rec of Object.values(byCollection[kind.collection] ?? {})) for (const f of kind.secretFields) rec[f] = REDACTED;
  }
  return copy;
}

/**
 * Every recorded webhook delivery attempt, oldest first, each with its `webhook_id`: the reference's
 * `WebhookEventResponse` fields and the emulator's (`event_id`, `attempt`, `request_headers` with the signature
 * values as "***", `error`, `delivered`, `next_attempt_at`). Never a secret.
 */
export function webhookDeliveries(state: State): Array<Record<string, unknown>> {
  return [...state.webhooks.values()]
    .flatMap((w) => (w.deliveries ?? []).map((d) => ({ webhook_id: w.id, ...d })))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.attempt - b.attempt);
}
