/**
 * The `deploymentRestrictions` input of the kinds that have them (`deploymentRestrictions` in `sdk/service-kinds.ts`:
 * applications, jobs, Helm charts, Terraform services): deploy a service built from git only when files under given
 * paths change. Synced by one part with the fewest requests: the service's list is read once and only what differs
 * is edited, created or deleted; an update that leaves the input alone sends nothing.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
  DEPLOYMENT_RESTRICTION_MODES, DEPLOYMENT_RESTRICTION_TYPES, deploymentRestrictionValueProblem, kindHas,
  type DeployServiceClient, type DeploymentRestriction, type DeploymentRestrictionServiceKind,
} from "../../sdk";
import { field } from "../framework/fields";
import type { Part, PartResult } from "../framework/parts";
import { ruledInput } from "../framework/rules";

/** One deployment restriction of a service. */
export interface DeploymentRestrictionArgs {
  /** `MATCH`: deploy on a new commit only when it changes a file under `value`; `EXCLUDE`: not when it changes only such files. Wire: `mode`. */
  mode: pulumi.Input<(typeof DEPLOYMENT_RESTRICTION_MODES)[number]>;
  /** What `value` is: only `PATH`. Default: `PATH`. Wire: `type`. */
  type?: pulumi.Input<(typeof DEPLOYMENT_RESTRICTION_TYPES)[number]>;
  /** A path in the repository, not starting with `/`, e.g. `"api/src/"`. Wire: `value`. */
  value: pulumi.Input<string>;
}

/** The Args of a kind with deployment restrictions. */
export interface RestrictedServiceArgs {
  /**
   * Deploy on a new commit only when files under these paths change (`MATCH`), or not when only such files change
   * (`EXCLUDE`): for services of a monorepo. Each restriction once (the service refuses two alike). Default: left
   * out, the service's restrictions are not managed (and no request is made for them); `[]` removes them all.
   * Requests: on create one POST a restriction; on an update that changes the list one GET, then one PUT a changed
   * restriction, one POST an added one, one DELETE a removed one; nothing when it does not change; one GET on refresh
   * (read back in the program's order, a restriction added outside shows as drift). Wire:
   * `/<kind>/{id}/deploymentRestriction`.
   */
  deploymentRestrictions?: pulumi.Input<pulumi.Input<DeploymentRestrictionArgs>[]>;
}

const restrictionSchema = z.strictObject({
  mode: z.enum(DEPLOYMENT_RESTRICTION_MODES),
  type: z.enum(DEPLOYMENT_RESTRICTION_TYPES).default("PATH"),
  value: ruledInput(deploymentRestrictionValueProblem),
});
/** A restriction after validation. */
type Restriction = z.output<typeof restrictionSchema>;

const keyOf = (r: { mode: string; type: string; value: string }): string => `${r.mode} ${r.type} ${r.value}`;

/** The schema field (never in the service's body: the part sends it); two alike are refused, naming the second. */
export const restrictionFields = {
  deploymentRestrictions: field(
    z.array(restrictionSchema).optional().superRefine((list, ctx) => {
      const seen = new Set<string>();
      list?.forEach((r, i) => {
        if (seen.has(keyOf(r))) ctx.addIssue({ code: "custom", path: [i], message: `expected each restriction once: ${r.mode} "${r.value}" is given twice` });
        seen.add(keyOf(r));
      });
    }),
    { wire: false },
  ),
};

const INPUT = "deploymentRestrictions";
const inInputForm = (r: DeploymentRestriction): Restriction => ({ mode: r.mode as Restriction["mode"], type: r.type as Restriction["type"], value: r.value });

/** What to send to turn `listed` into `wanted`: restrictions kept, edited in place, created and deleted. */
export function restrictionChanges(listed: readonly DeploymentRestriction[], wanted: readonly Restriction[]) {
  const wantedKeys = new Set(wanted.map(keyOf));
  const listedKeys = new Set(listed.map((r) => keyOf(inInputForm(r))));
  const stale = listed.filter((r) => !wantedKeys.has(keyOf(inInputForm(r))));
  const missing = wanted.filter((w) => !listedKeys.has(keyOf(w)));
  const pairs = Math.min(stale.length, missing.length);
  return {
    edit: stale.slice(0, pairs).map((r, i) => ({ id: r.id, to: missing[i] as Restriction })),
    create: missing.slice(pairs),
    remove: stale.slice(pairs).map((r) => r.id),
  };
}

/** The listed restrictions in input form, those the program names first in its order, others after. */
function readBack(listed: readonly DeploymentRestriction[], order: readonly Restriction[] | undefined): Restriction[] {
  const rank = new Map((order ?? []).map((r, i) => [keyOf(r), i]));
  const mine = listed.map(inInputForm);
  return mine.sort((a, b) => (rank.get(keyOf(a)) ?? rank.size) - (rank.get(keyOf(b)) ?? rank.size));
}

async function sync(client: DeployServiceClient, kind: DeploymentRestrictionServiceKind, id: string, wanted: Restriction[], fresh: boolean): Promise<void> {
  const api = client.deploymentRestrictions;
  // A service just made has none: nothing to list.
  const changes = restrictionChanges(fresh ? [] : await api.list(kind, id), wanted);
  for (const { id: rid, to } of changes.edit) await api.update(kind, id, rid, to);
  for (const r of changes.create) await api.create(kind, id, r);
  for (const rid of changes.remove) await api.delete(kind, id, rid);
}

/** The part syncing `deploymentRestrictions` of a service of `kind`; no part for a kind without them. */
export function restrictionParts<I, R>(kind: string): Array<Part<I, R>> {
  if (!kindHas(kind, "deploymentRestrictions")) return [];
  return [{
    action: "setting deployment restrictions",
    keys: [INPUT] as Array<keyof I & string>,
    async apply({ client, id, inputs, previous }): Promise<PartResult> {
      const wanted = (inputs as Record<string, unknown>)[INPUT] as Restriction[] | undefined;
      if (wanted === undefined) return {};
      await sync(client, kind, id, wanted, Object.keys(previous).length === 0);
      return { inputs: { [INPUT]: wanted } };
    },
    async read({ client, id, previous }): Promise<PartResult> {
      const stored = previous[INPUT] as Restriction[] | undefined;
      if (stored === undefined) return {};
      return { inputs: { [INPUT]: readBack(await client.deploymentRestrictions.list(kind, id), stored) } };
    },
  }];
}
