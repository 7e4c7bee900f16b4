/**
 * Project deployment rules: what a project's new environments get when their name matches a rule's `wildcard`
 * (`?` one character, `*` any run of characters, the whole name, ignoring case): the first matching rule by
 * `priority_index` gives the environment's deployment rule its schedule (`environment-rules.ts`).
 *
 * - `name`: unique in the project ignoring case (the reference: "name is case insensitive"), 409 otherwise.
 * - `cluster_id`: a cluster of the organization (400 otherwise); `mode` the reference's four, PREVIEW included.
 * - `wildcard`: letters, digits, `-`, `_`, `.`, `?` and `*` (400 otherwise); empty matches no name.
 * - the schedule: see `rule-schedule.ts`.
 * - `priority_index`: 0 for the first rule; a new rule comes last, a delete closes the gap, and
 *   `PUT /project/{id}/deploymentRule/order` takes every rule of the project once (400 otherwise).
 * - Deleting the project deletes its rules (`Store.removeProject`).
 */
import { z } from "zod";
import { badRequest, notFound } from "../server/errors";
import type { projectRuleRequest } from "../schemas/deployment-rules";
import { baseFields, createFrom, replaceFrom, type BaseRec, type ModelContext, type RequestWriter } from "./records";
import { base, str } from "./record-forms";
import { fromProjectRule, type RuledEnvironment } from "./environment-rules";
import { checkSchedule, scheduleOf, type ScheduleRec } from "./rule-schedule";
import { read, slice } from "./slice";
import { assertNameFree } from "./uniqueness";
import type { clusterSlice } from "./clusters";

/** A deployment rule of a project. */
export interface ProjectRuleRec extends BaseRec, ScheduleRec {
  project_id: string;
  name: string;
  description: string | null;
  mode: string;
  cluster_id: string;
  wildcard: string;
  priority_index: number;
}

/** The projectDeploymentRules of the state (see `slice.ts`). */
export const projectRuleSlice = slice<ProjectRuleRec>().keyed("projectDeploymentRules", z.looseObject({
  ...base, project_id: str, name: str, description: str.nullable(), mode: str, cluster_id: str, wildcard: str,
  priority_index: z.number().int(), auto_stop: z.boolean(), timezone: str, start_time: str, stop_time: str, weekdays: z.array(str),
}));

type Input = z.output<typeof projectRuleRequest>;

const WILDCARD = /^[A-Za-z0-9._?*-]*$/;

/** The rules of a project, by `priority_index`. */
export function rulesOf(m: ModelContext, projectId: string): ProjectRuleRec[] {
  return [...projectRuleSlice.of(m.world.store).values()].filter((r) => r.project_id === projectId).sort((a, b) => a.priority_index - b.priority_index);
}

/** The rule `id` of the project, or 404. */
export function ruleOf(m: ModelContext, projectId: string, id: string): ProjectRuleRec {
  const r = projectRuleSlice.of(m.world.store).get(id);
  if (r === undefined || r.project_id !== projectId) throw notFound("deployment rule", id);
  return r;
}

/** True when a wildcard matches the whole name, ignoring case (`?` one character, `*` any run). */
export function wildcardMatches(wildcard: string, name: string): boolean {
  if (wildcard === "") return false;
  const pattern = wildcard.replace(/[.+^${}()|[\]\\-]/g, "\\$&").replace(/\?/g, ".").replace(/\*/g, ".*");
  return new RegExp(`^${pattern}$`, "i").test(name);
}

/** The first rule of the project, by priority, whose wildcard matches an environment's name. */
export function matchingRule(m: ModelContext, projectId: string, name: string): ProjectRuleRec | undefined {
  return rulesOf(m, projectId).find((r) => wildcardMatches(r.wildcard, name));
}

function writer(projectId: string): RequestWriter<ProjectRuleRec, Input> {
  return {
    check: (m, b, self) => {
      assertNameFree(rulesOf(m, projectId), b.name, "case-insensitive", "deployment rule", "this project", self);
      if (!read<typeof clusterSlice>(m.world.store, "clusters").some((c) => c.id === b.cluster_id)) throw badRequest("cluster_id", `unknown cluster ${b.cluster_id}`);
      if (!WILDCARD.test(b.wildcard)) throw badRequest("wildcard", `expected letters, digits, '-', '_', '.', '?' and '*', got '${b.wildcard}'`);
      checkSchedule(scheduleOf(b));
    },
    apply: (r, b) => {
      Object.assign(r, scheduleOf(b));
      r.name = b.name;
      r.description = b.description ?? null;
      r.mode = b.mode;
      r.cluster_id = b.cluster_id;
      r.wildcard = b.wildcard;
    },
  };
}

/** Adds a rule to a project, last in its order. */
export function createRule(m: ModelContext, projectId: string, b: Input): ProjectRuleRec {
  const index = rulesOf(m, projectId).length;
  return createFrom(m, writer(projectId), projectRuleSlice.of(m.world.store), b, (): ProjectRuleRec => ({
    ...baseFields(m.now), project_id: projectId, priority_index: index, ...scheduleOf(b),
    name: b.name, description: null, mode: b.mode, cluster_id: b.cluster_id, wildcard: b.wildcard,
  }));
}

/** Replaces a rule with a full request (its place in the order kept). */
export function editRule(m: ModelContext, r: ProjectRuleRec, b: Input): void {
  replaceFrom(m, writer(r.project_id), r, b);
}

/** Deletes a rule; the later ones move up. */
export function deleteRule(m: ModelContext, r: ProjectRuleRec): void {
  projectRuleSlice.of(m.world.store).delete(r.id);
  rulesOf(m, r.project_id).forEach((x, i) => { x.priority_index = i; });
}

/** Orders a project's rules as listed: every rule of the project exactly once. */
export function orderRules(m: ModelContext, projectId: string, ids: readonly string[]): ProjectRuleRec[] {
  const rules = rulesOf(m, projectId);
  const field = "project_deployment_rule_ids_in_order";
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw badRequest(field, `rule ${twice} is listed twice`);
  const unknown = ids.find((id) => !rules.some((r) => r.id === id));
  if (unknown !== undefined) throw badRequest(field, `rule ${unknown} is not a deployment rule of this project`);
  const missing = rules.find((r) => !ids.includes(r.id));
  if (missing !== undefined) throw badRequest(field, `expected every rule of the project; '${missing.name}' (${missing.id}) is missing`);
  ids.forEach((id, i) => { (rules.find((r) => r.id === id) as ProjectRuleRec).priority_index = i; });
  return rulesOf(m, projectId);
}

/** Gives a new environment the schedule of the first project rule its name matches, if any (`ruleNow`: the rules' clock). */
export function applyProjectRule(m: ModelContext, e: RuledEnvironment & { project_id: string; name: string }, ruleNow: number): void {
  const rule = matchingRule(m, e.project_id, e.name);
  if (rule !== undefined) fromProjectRule(m, e, rule, ruleNow);
}
