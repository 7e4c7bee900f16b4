/** Request bodies and records of deployment restrictions and deployment rules the emulator's tests share. */

/** The kinds the reference gives deployment restrictions. */
export const RESTRICTED_KINDS = ["application", "job", "helm", "terraform"] as const;

/** A valid deployment restriction body. */
export function restrictionBody(value = "src/", mode: "MATCH" | "EXCLUDE" = "MATCH"): Record<string, unknown> {
  return { mode, type: "PATH", value };
}

/** A valid project deployment rule body on `clusterId` (Paris office hours, Monday and Friday), `extra` overriding it. */
export function projectRuleBody(name: string, clusterId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name, mode: "DEVELOPMENT", cluster_id: clusterId, wildcard: "feat-*", ...environmentRuleBody(), ...extra,
  };
}

/** A valid environment deployment rule body (Paris office hours, Monday and Friday), `extra` overriding it. */
export function environmentRuleBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    timezone: "Europe/Paris", start_time: "1970-01-01T08:00:00.000Z", stop_time: "1970-01-01T19:00:00.000Z", weekdays: ["MONDAY", "FRIDAY"],
    ...extra,
  };
}

/** A body each deployment restriction and rule route with a request schema accepts (`probe`: an id of the right form). */
export function deploymentRuleSampleBodies(probe: string): Record<string, unknown> {
  return {
    ...Object.fromEntries(RESTRICTED_KINDS.flatMap((kind) => {
      const collection = `/${kind}/{${kind}Id}/deploymentRestriction`;
      return [[`POST ${collection}`, restrictionBody()], [`PUT ${collection}/{deploymentRestrictionId}`, restrictionBody()]];
    })),
    "POST /project/{projectId}/deploymentRule": projectRuleBody("probe", probe),
    "PUT /project/{projectId}/deploymentRule/{deploymentRuleId}": projectRuleBody("probe", probe),
    "PUT /project/{projectId}/deploymentRule/order": { project_deployment_rule_ids_in_order: [probe] },
    "PUT /environment/{environmentId}/deploymentRule/{deploymentRuleId}": environmentRuleBody(),
  };
}

/** A deployment restriction of the application `applicationId` and a rule of the project `projectId` on `clusterId`: their ids by path parameter. */
export async function deploymentRuleFixtures(
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>, // eslint-disable-line @typescript-eslint/no-explicit-any
  ids: { applicationId: string; projectId: string; clusterId: string },
): Promise<Record<string, string>> {
  const made = async (path: string, body: unknown): Promise<string> => {
    const r = await call("POST", path, body);
    if (r.status !== 201) throw new Error(`fixture ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.id as string;
  };
  return {
    deploymentRestrictionId: await made(`/application/${ids.applicationId}/deploymentRestriction`, restrictionBody("fixture/")),
    deploymentRuleId: await made(`/project/${ids.projectId}/deploymentRule`, projectRuleBody("fixture", ids.clusterId)),
  };
}

/**
 * Restriction and rule writes, checked by the models' tests rather than the round trip: a rule's fields are checked
 * together (a cluster that exists, times of day, a time zone, an auto stop's days), which the round trip's samples are not.
 */
export const DEPLOYMENT_RULES_CHECKED_ELSEWHERE: Record<string, string> = {
  ...Object.fromEntries(RESTRICTED_KINDS.flatMap((kind) => {
    const collection = `/${kind}/{${kind}Id}/deploymentRestriction`;
    return [`POST ${collection}`, `PUT ${collection}/{deploymentRestrictionId}`]
      .map((op) => [op, "deployment-restrictions.test.ts: mode, type and value come back as sent, on every kind"]);
  })),
  "POST /project/{projectId}/deploymentRule": "deployment-rules.test.ts: every field comes back as sent, last in priority",
  "PUT /project/{projectId}/deploymentRule/{deploymentRuleId}": "deployment-rules.test.ts: every field comes back as sent, its priority kept",
  "PUT /project/{projectId}/deploymentRule/order": "deployment-rules.test.ts: the rules come back in the order sent",
  "PUT /environment/{environmentId}/deploymentRule/{deploymentRuleId}": "deployment-rules.test.ts: every field comes back as sent, flags left out false",
};
