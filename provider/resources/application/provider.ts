import { childCalls, defineResource } from "../../framework/define";
import { serviceFromWire, serviceImpliedOutputs, serviceOutputNames, serviceParts } from "../../service-kinds/parts";
import type { ValueOwner } from "../../framework/service-values";
import { HOST_OUTPUTS } from "../../service-kinds/hosts";
import { applicationSchema, type ApplicationInputs } from "./schema";
import { withServiceChoices, type ApplicationRecord } from "./wire";

/** The application as an owner of variables (scope APPLICATION). */
const owner: ValueOwner = {
  noun: "application", scope: "APPLICATION",
  groups: (client) => ({ variables: client.environmentVariables, secrets: client.secrets }),
};

/** The application family: a git-built service with its variables, secrets, stage and optional deployment. */
export const application = defineResource({
  kind: "Application",
  noun: "application",
  schema: applicationSchema,
  outputNames: [...serviceOutputNames, ...HOST_OUTPUTS, "deployedCommitId", "deployedCommitDate", "deployedCommitContributor", "deployedCommitTag"],
  impliedOutputs: serviceImpliedOutputs,
  outputs: (record: ApplicationRecord) => {
    const repo = record.git_repository;
    return {
      deployedCommitId: repo?.deployed_commit_id ?? undefined,
      deployedCommitDate: repo?.deployed_commit_date ?? undefined,
      deployedCommitContributor: repo?.deployed_commit_contributor ?? undefined,
      deployedCommitTag: repo?.deployed_commit_tag ?? undefined,
    };
  },
  fromWire: serviceFromWire,
  fillServiceChoices: withServiceChoices,
  parts: serviceParts<ApplicationInputs, ApplicationRecord>("application", owner),
  calls: childCalls((client) => client.applications, "environmentId"),
});

/** The dynamic provider of `Application`. */
export const applicationProvider = application.provider;
