import { childCalls, defineResource } from "../../framework/define";
import { deployPart, storedDeployInputs } from "../../framework/service-deploy";
import { builtInsPart, BUILT_IN_OUTPUT } from "../../framework/built-in-variables";
import { ownerValuesPart, valueRefOutputs, type ValueOwner } from "../../framework/service-values";
import { stagePart } from "../../framework/stage-attach";
import { advancedSettingsPart } from "../service-advanced-settings";
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
  outputNames: [...valueRefOutputs, BUILT_IN_OUTPUT, "deployedCommitId", "deployedCommitDate", "deployedCommitContributor", "deployedCommitTag"],
  outputs: (record) => {
    const repo = record.git_repository;
    return {
      deployedCommitId: repo?.deployed_commit_id ?? undefined,
      deployedCommitDate: repo?.deployed_commit_date ?? undefined,
      deployedCommitContributor: repo?.deployed_commit_contributor ?? undefined,
      deployedCommitTag: repo?.deployed_commit_tag ?? undefined,
    };
  },
  fromWire: (_record, previous, derived) => ({ ...derived, ...storedDeployInputs(previous) }),
  fillServiceChoices: withServiceChoices,
  parts: [
    ownerValuesPart<ApplicationInputs, ApplicationRecord>(owner),
    builtInsPart<ApplicationInputs, ApplicationRecord>(owner),
    stagePart<ApplicationInputs, ApplicationRecord>(),
    // Before the deployment, so the first one runs with them.
    advancedSettingsPart<ApplicationInputs, ApplicationRecord>("application", (client) => client.applications),
    deployPart<ApplicationInputs, ApplicationRecord>("application"),
  ],
  calls: childCalls((client) => client.applications, "environmentId"),
});

/** The dynamic provider of `Application`. */
export const applicationProvider = application.provider;
