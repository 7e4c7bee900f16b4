import type { ApplicationCreateRequest } from "../../../sdk";
import { CHANGED_OUTSIDE } from "../../framework/common";
import { defineResource, withPartProgress, type Part, type Props } from "../../framework/define";
import { stagePart } from "../../framework/stage-attach";
import { DEFAULT_DEPLOY_TIMEOUT_SECONDS, deployAndWait } from "./deploy";
import { applicationSchema, type ApplicationInputs } from "./schema";
import { existingParts, fromWire, toWire, withServiceChoices, type ApplicationRecord } from "./wire";
import { progressFrom, syncByKey, type KeyRef, type SyncProgress } from "./variables";

type AppPart = Part<ApplicationInputs, ApplicationRecord>;

/** Application-scoped entries of a variable or secret list (the service also lists inherited ones). */
function ownEntries<T extends { scope?: string | null | undefined }>(list: T[]): T[] {
  return list.filter((v) => v.scope === undefined || v.scope === null || v.scope === "APPLICATION");
}

/** Syncs one key-value family by key; on failure the keys already synced stay recorded. */
async function sync(
  api: Parameters<typeof syncByKey>[0], id: string, desired: Record<string, string>, progress: SyncProgress,
  inputKey: string, refsKey: string,
): Promise<{ inputs: Props; outputs: Props }> {
  const result = () => ({ inputs: { [inputKey]: progress.values }, outputs: { [refsKey]: progress.refs } });
  try {
    await syncByKey(api, id, desired, progress);
  } catch (e) {
    throw withPartProgress(e, result());
  }
  return result();
}

/** Environment variables: one call per changed key; read back from the application's own variables. */
const variablesPart: AppPart = {
  action: "setting environment variables",
  keys: ["environmentVariables"],
  apply: ({ client, id, inputs, previous }) =>
    sync(client.environmentVariables, id, inputs.environmentVariables, progressFrom(previous["environmentVariables"], previous["variableRefs"]),
      "environmentVariables", "variableRefs"),
  async read({ client, id }) {
    const variables = ownEntries(await client.environmentVariables.list(id));
    return {
      inputs: { environmentVariables: Object.fromEntries(variables.map((v) => [v.key, v.value ?? ""])) },
      outputs: { variableRefs: Object.fromEntries(variables.map((v) => [v.key, { id: v.id }])) },
    };
  },
};

/** Secrets: the service never returns a value, so a secret changed outside shows through its `updated_at`. */
const secretsPart: AppPart = {
  action: "setting secrets",
  keys: ["secrets"],
  apply: ({ client, id, inputs, previous }) =>
    sync(client.secrets, id, inputs.secrets, progressFrom(previous["secrets"], previous["secretRefs"]), "secrets", "secretRefs"),
  async read({ client, id, previous }) {
    const stored = progressFrom(previous["secrets"], previous["secretRefs"]);
    const values: Record<string, string> = {};
    const refs: Record<string, KeyRef> = {};
    for (const s of ownEntries(await client.secrets.list(id))) {
      const before = stored.refs[s.key];
      const known = stored.values[s.key];
      const unchanged = before !== undefined && known !== undefined && (!s.updated_at || before.updatedAt === s.updated_at);
      values[s.key] = unchanged ? known : CHANGED_OUTSIDE;
      refs[s.key] = s.updated_at ? { id: s.id, updatedAt: s.updated_at } : { id: s.id };
    }
    return { inputs: { secrets: values }, outputs: { secretRefs: refs } };
  },
};

/**
 * The deployment `deploy: true` asks for: after create, and after an update that changed anything but the wait
 * limit. A failed deployment is recorded as `deploy: false`, so the next `up` tries it again.
 */
const deployPart: AppPart = {
  action: "deploying",
  keys: ["deploy"],
  applyOnUpdate: (changed, inputs) => inputs.deploy && [...changed].some((k) => k !== "deployTimeoutSeconds"),
  async apply({ client, id, inputs }) {
    if (!inputs.deploy) return;
    try {
      await deployAndWait(id, inputs.name, inputs.deployTimeoutSeconds, Object.values(inputs.secrets));
    } catch (e) {
      throw withPartProgress(e, { inputs: { deploy: false } });
    }
    // The record after the deployment carries the commit now running.
    return { record: await client.applications.get(id) };
  },
};

/** The application family: a git-built service with its variables, secrets, stage and optional deployment. */
export const application = defineResource({
  kind: "Application",
  noun: "application",
  schema: applicationSchema,
  outputNames: ["variableRefs", "secretRefs", "deployedCommitId", "deployedCommitDate", "deployedCommitContributor", "deployedCommitTag"],
  outputs: (record) => {
    const repo = record.git_repository;
    return {
      deployedCommitId: repo?.deployed_commit_id ?? undefined,
      deployedCommitDate: repo?.deployed_commit_date ?? undefined,
      deployedCommitContributor: repo?.deployed_commit_contributor ?? undefined,
      deployedCommitTag: repo?.deployed_commit_tag ?? undefined,
    };
  },
  toWire: (inputs) => toWire(inputs) as unknown as Props,
  fromWire: (record, previous) => ({
    ...fromWire(record, previous),
    deploy: previous["deploy"] === true,
    deployTimeoutSeconds: typeof previous["deployTimeoutSeconds"] === "number" ? previous["deployTimeoutSeconds"] : DEFAULT_DEPLOY_TIMEOUT_SECONDS,
  }),
  fillServiceChoices: withServiceChoices,
  parts: [variablesPart, secretsPart, stagePart<ApplicationInputs, ApplicationRecord>(), deployPart],
  calls: {
    create: (client, inputs, body) => client.applications.create(inputs.environmentId, body as unknown as ApplicationCreateRequest),
    get: (client, id) => client.applications.get(id),
    // An edit names the ports and volumes the service has by their ids, so it reads them first.
    update: async (client, id, inputs) => {
      const current = await client.applications.get(id);
      return client.applications.update(id, toWire(inputs, existingParts(current)) as Parameters<typeof client.applications.update>[1]);
    },
    delete: (client, id) => client.applications.delete(id),
  },
});

/** The dynamic provider of `Application`. */
export const applicationProvider = application.provider;
