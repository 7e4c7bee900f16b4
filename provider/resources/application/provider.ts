import type * as pulumi from "@pulumi/pulumi";
import { DEFAULT_DEPLOY_TIMEOUT_SECONDS, deployAndWait } from "./deploy";
import { applicationSchema, type ApplicationInputs } from "./schema";
import {
  APPLICATION_BODY_KEYS, existingParts, fromWire, toWire, withServiceChoices, type ApplicationRecord,
} from "./wire";
import { checkInputs } from "../../framework/check";
import { CHANGED_OUTSIDE, deleteAndWait, parseInputs, plain, step, timestamps } from "../../framework/common";
import { apiClient } from "../../framework/credentials";
import { changedKeys, diffInputs } from "../../framework/diff";
import { partialFailure, readOrGone } from "../../framework/errors";
import { attachToStage, stageOf } from "../../framework/stage-attach";
import { progressFrom, syncByKey, type KeyRef, type SyncProgress } from "./variables";

const KEYS = [
  "environmentId", ...APPLICATION_BODY_KEYS, "deploymentStageId", "environmentVariables", "secrets", "deploy", "deployTimeoutSeconds",
] as const;

/** Everything that makes the outputs of an application: inputs, stored ids of variables and secrets, timestamps. */
interface AppState {
  inputs: ApplicationInputs;
  variables: SyncProgress;
  secrets: SyncProgress;
  times: { createdAt?: string; updatedAt?: string };
}

function outputsOf(s: AppState): Record<string, unknown> {
  return plain({
    ...s.inputs,
    environmentVariables: s.variables.values,
    secrets: s.secrets.values,
    variableRefs: s.variables.refs,
    secretRefs: s.secrets.refs,
    ...s.times,
  });
}

function timesOf(props: Record<string, unknown>): AppState["times"] {
  const t: AppState["times"] = {};
  if (typeof props["createdAt"] === "string") t.createdAt = props["createdAt"];
  if (typeof props["updatedAt"] === "string") t.updatedAt = props["updatedAt"];
  return t;
}

/** Application-scoped entries of a variable or secret list (the service also lists inherited ones). */
function ownEntries<T extends { scope?: string | null | undefined }>(list: T[]): T[] {
  return list.filter((v) => v.scope === undefined || v.scope === null || v.scope === "APPLICATION");
}

/** Runs the steps after the application exists; a failure reports the application and what was done. */
async function finish(id: string, state: AppState, action: string, steps: () => Promise<void>): Promise<void> {
  try {
    await steps();
  } catch (e) {
    // Recorded with deploy=false when the deploy did not succeed, so the next `up` tries it again.
    throw partialFailure(e, action, id, outputsOf({ ...state, inputs: { ...state.inputs, deploy: false } }));
  }
}

async function updateApplication(id: string, inputs: ApplicationInputs): Promise<ApplicationRecord> {
  const client = apiClient();
  const current = await client.applications.get(id);
  return client.applications.update(id, toWire(inputs, existingParts(current)) as Parameters<typeof client.applications.update>[1]);
}

/** The dynamic provider of `Application`. */
export const applicationProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return checkInputs(applicationSchema, news, { secretKeys: ["secrets"] });
  },

  async diff(_id, olds, news) {
    return diffInputs(olds, withServiceChoices(news, olds), {
      keys: KEYS,
      replaceOn: ["environmentId"],
      deleteBeforeReplace: true,
    });
  },

  async create(raw) {
    const inputs = parseInputs(applicationSchema, raw);
    const client = apiClient();
    const record = await step(`creating application "${inputs.name}"`, () =>
      client.applications.create(inputs.environmentId, toWire(inputs)),
    );
    const id = record.id;
    const state: AppState = {
      inputs: { ...inputs, deploymentStageId: undefined } as ApplicationInputs,
      variables: progressFrom({}, {}),
      secrets: progressFrom({}, {}),
      times: timestamps(record),
    };
    await finish(id, state, `finishing application "${inputs.name}" (${id})`, async () => {
      await syncByKey(client.environmentVariables, id, inputs.environmentVariables, state.variables);
      await syncByKey(client.secrets, id, inputs.secrets, state.secrets);
      if (inputs.deploymentStageId !== undefined) {
        await attachToStage(id, inputs.deploymentStageId);
        state.inputs = { ...state.inputs, deploymentStageId: inputs.deploymentStageId };
      }
      if (inputs.deploy) await deployAndWait(id, inputs.name, inputs.deployTimeoutSeconds, Object.values(inputs.secrets));
    });
    return { id, outs: outputsOf(state) };
  },

  async read(id, props) {
    const client = apiClient();
    const record = await readOrGone(() => client.applications.get(id));
    if (record === undefined) return { id: "" };
    const [variables, secrets, stageId] = [
      ownEntries(await client.environmentVariables.list(id)),
      ownEntries(await client.secrets.list(id)),
      await stageOf(id),
    ];
    const stored = progressFrom(props["secrets"], props["secretRefs"]);
    const secretValues: Record<string, string> = {};
    const secretRefs: Record<string, KeyRef> = {};
    for (const s of secrets) {
      const before = stored.refs[s.key];
      const known = stored.values[s.key];
      const unchanged = before !== undefined && known !== undefined && (!s.updated_at || before.updatedAt === s.updated_at);
      secretValues[s.key] = unchanged ? known : CHANGED_OUTSIDE;
      secretRefs[s.key] = s.updated_at ? { id: s.id, updatedAt: s.updated_at } : { id: s.id };
    }
    const inputs = {
      ...fromWire(record, props),
      ...(stageId !== undefined ? { deploymentStageId: stageId } : {}),
      environmentVariables: Object.fromEntries(variables.map((v) => [v.key, v.value ?? ""])),
      secrets: secretValues,
      deploy: props["deploy"] === true,
      deployTimeoutSeconds: typeof props["deployTimeoutSeconds"] === "number" ? props["deployTimeoutSeconds"] : DEFAULT_DEPLOY_TIMEOUT_SECONDS,
    } as ApplicationInputs;
    const state: AppState = {
      inputs,
      variables: { values: inputs.environmentVariables, refs: Object.fromEntries(variables.map((v) => [v.key, { id: v.id }])) },
      secrets: { values: secretValues, refs: secretRefs },
      times: timestamps(record),
    };
    return { id, props: outputsOf(state), inputs: plain(inputs) };
  },

  async update(id, olds, news) {
    const inputs = parseInputs(applicationSchema, news);
    const desired = withServiceChoices(inputs, olds) as ApplicationInputs;
    const changed = new Set(changedKeys(olds, desired, KEYS));
    const client = apiClient();
    const state: AppState = {
      inputs: { ...desired, deploymentStageId: olds["deploymentStageId"] } as ApplicationInputs,
      variables: progressFrom(olds["environmentVariables"], olds["variableRefs"]),
      secrets: progressFrom(olds["secrets"], olds["secretRefs"]),
      times: timesOf(olds),
    };
    if (APPLICATION_BODY_KEYS.some((k) => changed.has(k))) {
      const record = await step(`updating application "${inputs.name}" (${id})`, () => updateApplication(id, inputs));
      state.times = timestamps(record);
    }
    await finish(id, state, `updating application "${inputs.name}" (${id})`, async () => {
      if (changed.has("environmentVariables")) await syncByKey(client.environmentVariables, id, inputs.environmentVariables, state.variables);
      if (changed.has("secrets")) await syncByKey(client.secrets, id, inputs.secrets, state.secrets);
      if (changed.has("deploymentStageId") && desired.deploymentStageId !== undefined) {
        await attachToStage(id, desired.deploymentStageId);
      }
      state.inputs = { ...state.inputs, deploymentStageId: desired.deploymentStageId } as ApplicationInputs;
      if (inputs.deploy && [...changed].some((k) => k !== "deployTimeoutSeconds")) {
        await deployAndWait(id, inputs.name, inputs.deployTimeoutSeconds, Object.values(inputs.secrets));
      }
    });
    return { outs: outputsOf(state) };
  },

  async delete(id, props) {
    const client = apiClient();
    await deleteAndWait(
      `application "${String(props["name"])}" (${id})`,
      () => client.applications.delete(id),
      () => client.applications.get(id),
    );
  },
};
