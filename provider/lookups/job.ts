import type * as pulumi from "@pulumi/pulumi";
import type { DeployServiceClient } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import type { JobInputs, jobSchema } from "../resources/job/schema";
import { fromWire as jobFromWire, type JobRecord } from "../resources/job/wire";
import { idOf, lookupPair, type LookupFamily, type NameOrIdArgs, type PlainArgs } from "./core";
import type { ResultMatch } from "./result-match";

/** Arguments of {@link getJobOutput}: the job's id, or its name in its environment. */
export interface GetJobOutputArgs extends NameOrIdArgs {
  /** Environment holding the job: needed with `name`, checked when given with `id`. */
  environmentId?: pulumi.Input<string>;
}

/** Arguments of {@link getJob}: those of {@link GetJobOutputArgs} with plain values. */
export type GetJobArgs = PlainArgs<GetJobOutputArgs>;

/** A job found by {@link getJob} or {@link getJobOutput}. */
export interface JobResult {
  /** Job id. */
  id: string;
  /** Job name. */
  name: string;
  /** Environment holding the job. */
  environmentId: string;
  /** `CRON` or `LIFECYCLE`. */
  jobType: "CRON" | "LIFECYCLE";
  /** Where the image comes from, in the spelling of {@link JobArgs.source}. */
  source: JobInputs["source"];
  /** When the job runs, in the spelling of {@link JobArgs.schedule}. */
  schedule: JobInputs["schedule"];
}

const jobs: LookupFamily<JobRecord, JobResult> = {
  lookup: "getJob", nouns: "jobs", key: NATURAL_KEYS["Job"]!,
  get: (client, id) => client.jobs.get(id) as Promise<JobRecord>,
  parentOf: (r) => idOf((r as { environment?: unknown }).environment),
  result: (r, environmentId) => {
    const inputs = jobFromWire(r, { environmentId });
    const schedule = inputs["schedule"] as JobInputs["schedule"];
    const jobType = (r as unknown as { job_type?: string }).job_type === "CRON" || schedule.cron !== undefined ? "CRON" : "LIFECYCLE";
    return { id: r.id, name: String((r as { name?: unknown }).name ?? ""), environmentId, jobType, source: inputs["source"] as JobInputs["source"], schedule };
  },
};

const jobLookup = lookupPair<GetJobOutputArgs, JobResult, JobRecord>(jobs);
const resultMatchesSchema: ResultMatch<JobResult, typeof jobSchema, "jobType"> = true;
void resultMatchesSchema;

/** Finds a job by id, or by name in its environment (compared ignoring letter case, as the service does); its source and schedule come in the spelling of the `Job` Args. */
export const findJob: (client: DeployServiceClient, args: GetJobArgs) => Promise<JobResult> = jobLookup.find;

/**
 * Looks up a job by id, or by name in its environment, with plain arguments, in a Promise (in 0.1 it
 * returned an Output, as {@link getJobOutput} does).
 *
 * @example
 * const migrate = await getJob({ environmentId: "5e0b...", name: "migrate" });
 */
export const getJob: (args: GetJobArgs) => Promise<JobResult> = jobLookup.get;

/**
 * Looks up a job, accepting Inputs and returning an Output.
 *
 * @example
 * const migrate = getJobOutput({ environmentId: env.id, name: "migrate" });
 */
export const getJobOutput: (args: GetJobOutputArgs) => pulumi.Output<JobResult> = jobLookup.getOutput;
