import type { DeployServiceClient } from "../../../sdk";
import type { Props } from "../../framework/define";
import { isRecord } from "../../service-kinds/shape";
import { schemaWire } from "../../framework/wire";
import { jobSchema, type JobInputs } from "./schema";

/** A job record as the client returns it. */
export type JobRecord = Awaited<ReturnType<DeployServiceClient["jobs"]["get"]>>;

/**
 * The job's wire mapping, derived from the field facts of {@link jobSchema}: `toWire` gives the create/edit body
 * (with `"update"`, a cleared optional value is sent as `null` so the service forgets it), `fromWire` the job's own
 * inputs as the service holds them (variables, secrets, stage and deploy settings kept from `previous`).
 */
export const { toWire, fromWire } = schemaWire<JobInputs, JobRecord>(jobSchema);

/**
 * The desired inputs with what the service chose where the program left a value out, taken from the stored
 * state: the git branch of a docker source (same URL), and the deployment stage.
 */
export function withServiceChoices(news: Props, olds: Props): Props {
  const out: Props = { ...news };
  const source = news["source"];
  const oldSource = olds["source"];
  const docker = isRecord(source) ? source["docker"] : undefined;
  const oldDocker = isRecord(oldSource) ? oldSource["docker"] : undefined;
  const repo = isRecord(docker) ? docker["gitRepository"] : undefined;
  const oldRepo = isRecord(oldDocker) ? oldDocker["gitRepository"] : undefined;
  if (isRecord(source) && isRecord(docker) && isRecord(repo) && isRecord(oldRepo) && repo["branch"] === undefined && repo["url"] === oldRepo["url"]) {
    out["source"] = { ...source, docker: { ...docker, gitRepository: { ...repo, branch: oldRepo["branch"] } } };
  }
  if (news["deploymentStageId"] === undefined) out["deploymentStageId"] = olds["deploymentStageId"];
  return out;
}
