import type * as pulumi from "@pulumi/pulumi";
import type { DeployServiceClient } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import type { JobInputs } from "../resources/job/schema";
import { fromWire as jobFromWire, type JobRecord } from "../resources/job/wire";
import { findIn, idOf, outputForm, type LookupFamily, type NameOrIdArgs, type PlainArgs } from "./core";

/** Arguments of {@link getJob} and {@link getJobOutput}: the job's id, or its name in its environment. */
export interface GetJobArgs extends NameOrIdArgs {
  /** Environment holding the job: needed with `name`, checked when given with `id`. */
  environmentId?: pulumi.Input<string>;
}

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

/** Finds a job by id, or by name in its environment (compared ignoring letter case, as the service does); its source and schedule come in the spelling of the `Job` Args. */
export function findJob(
  client: DeployServiceClient, environmentId: string | undefined, args: { name?: string | undefined; id?: string | undefined },
): Promise<JobResult> {
  return findIn(jobs, client, environmentId, args);
}

/**
 * Looks up a job by id, or by name in its environment. Returns an Output (as it always has), like {@link getJobOutput}.
 *
 * @example
 * const migrate = getJob({ environmentId: env.id, name: "migrate" });
 */
export function getJob(args: GetJobArgs): pulumi.Output<JobResult> {
  return getJobOutput(args);
}

/**
 * Looks up a job, accepting Inputs and returning an Output.
 *
 * @example
 * const migrate = getJobOutput({ environmentId: env.id, name: "migrate" });
 */
export function getJobOutput(args: GetJobArgs): pulumi.Output<JobResult> {
  return outputForm((client, plain: PlainArgs<GetJobArgs>) => findJob(client, plain.environmentId, plain), args);
}
