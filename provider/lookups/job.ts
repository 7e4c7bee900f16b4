import type { LookupResult } from "../framework/outputs";
import type { JobArgs, JobComputed } from "../resources/job/index";
import type { JobInputs } from "../resources/job/schema";
import { fromWire as jobFromWire, type JobRecord } from "../resources/job/wire";
import { NATURAL_KEYS } from "../framework/natural-keys";
import { idOf, type LookupFamily, type PlainArgs } from "./core";
import { lookups, type NameInParentArgs } from "./family";

/** Arguments of {@link getJobOutput}: the job's id, or its name in its environment (`environmentId`, checked when given with `id`). */
export type GetJobOutputArgs = NameInParentArgs<"environmentId">;
/** Arguments of {@link getJob}: those of {@link GetJobOutputArgs} with plain values. */
export type GetJobArgs = PlainArgs<GetJobOutputArgs>;

/** A job found by {@link getJob} or {@link getJobOutput}, in the spelling of `JobArgs`: its source and schedule with the defaults filled in. */
export interface JobResult extends LookupResult<Pick<JobArgs, "name" | "environmentId">, "name" | "environmentId", never, Pick<JobComputed, "jobType">> {
  /** `CRON` or `LIFECYCLE`. */
  jobType: JobComputed["jobType"];
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

export const { findJob,
  /**
   * Looks up a job by id, or by name in its environment (compared ignoring letter case, as the service does), with
   * plain values, in a Promise (in 0.1 it returned an Output, as {@link getJobOutput} does); its source and schedule
   * come in the spelling of the `Job` Args.
   *
   * @example
   * const migrate = getJobOutput({ environmentId: env.id, name: "migrate" });
   */
  getJob,
  /** {@link getJob} taking Inputs and answering an Output. */
  getJobOutput } = lookups<"Job", GetJobOutputArgs, JobResult>("Job", jobs);
