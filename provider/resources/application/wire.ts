import type { DeployServiceClient } from "../../../sdk";
import { isRecord, withRuntimeChoices } from "../../service-kinds/shape";
import { schemaWire } from "../../framework/wire";
import { applicationSchema, type ApplicationInputs } from "./schema";

/** An application record as the client returns it. */
export type ApplicationRecord = Awaited<ReturnType<DeployServiceClient["applications"]["get"]>>;

/**
 * The application's wire mapping, derived from the field facts of {@link applicationSchema}: `toWire` gives the
 * create body, or with the service's record the edit body (ports and volumes carrying the ids of the ones the
 * service has, a cleared optional text sent as `null`); `fromWire` the inputs as the service holds them.
 */
export const { toWire, fromWire } = schemaWire<ApplicationInputs, ApplicationRecord>(applicationSchema);

/**
 * The desired inputs with the parts the service chooses when the program leaves them out taken from the stored
 * state: the git branch, and each port's name, external port and default flag (matched by internal port).
 */
export function withServiceChoices(news: Record<string, unknown>, olds: Record<string, unknown>): Record<string, unknown> {
  const out = withRuntimeChoices(news, olds);
  const repo = news["gitRepository"];
  const oldRepo = olds["gitRepository"];
  if (isRecord(repo) && isRecord(oldRepo) && repo["branch"] === undefined && oldRepo["url"] === repo["url"]) {
    out["gitRepository"] = { ...repo, branch: oldRepo["branch"] };
  }
  return out;
}
