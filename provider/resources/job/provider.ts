import type * as pulumi from "@pulumi/pulumi";
import { childCalls, defineResource, type DefinedResource, type Props } from "../../framework/define";
import { serviceFromWire, serviceImpliedOutputs, serviceOutputNames, serviceParts } from "../../service-kinds/parts";
import type { ValueOwner } from "../../framework/service-values";
import { jobSchema, scheduleKind, type JobInputs } from "./schema";
import { withServiceChoices, type JobRecord } from "./wire";

/** The job as an owner of variables (scope JOB). */
const owner: ValueOwner = {
  noun: "job", scope: "JOB",
  groups: (client) => ({ variables: client.jobs.variables, secrets: client.jobs.secrets }),
};

/** The job family as the framework derives it from the definition (the exported {@link job} adds one diff rule). */
const defined = defineResource({
  kind: "Job",
  noun: "job",
  schema: jobSchema,
  outputNames: ["jobType", ...serviceOutputNames],
  impliedOutputs: serviceImpliedOutputs,
  outputs: (record: JobRecord) => ({ jobType: (record as unknown as { job_type?: string }).job_type }),
  fromWire: serviceFromWire,
  fillServiceChoices: withServiceChoices,
  // A job from an image runs the tag of its source; one built from git runs the branch's last commit.
  parts: serviceParts<JobInputs, JobRecord>("job", owner, {
    request: (inputs) => (inputs.source.image ? { image_tag: inputs.source.image.tag } : undefined),
  }),
  calls: childCalls((client) => client.jobs, "environmentId"),
});

/**
 * A job's type (`CRON` or `LIFECYCLE`) is set when it is created: the edit request carries a schedule but the
 * record's `job_type` never changes, so a program moving between a cron schedule and lifecycle events replaces
 * the job (deleted first: names are unique in the environment).
 */
async function diff(id: string, olds: Props, news: Props): Promise<pulumi.dynamic.DiffResult> {
  const result = await defined.provider.diff!(id, olds, news);
  const before = scheduleKind(olds["schedule"]);
  const after = scheduleKind(news["schedule"]);
  if (before === undefined || after === undefined || before === after) return result;
  return { ...result, changes: true, replaces: [...new Set([...(result.replaces ?? []), "schedule"])], deleteBeforeReplace: true };
}

/** The job family: a cron or lifecycle job from an image or a git repository, with its values, stage and deployment. */
export const job: DefinedResource<typeof jobSchema> = { ...defined, provider: { ...defined.provider, diff } };

/** The dynamic provider of `Job`. */
export const jobProvider = job.provider;
