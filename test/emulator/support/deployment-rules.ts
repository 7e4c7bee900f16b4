/** Request bodies and records of deployment restrictions (and, later, rules) the emulator's tests share. */

/** The kinds the reference gives deployment restrictions. */
export const RESTRICTED_KINDS = ["application", "job", "helm", "terraform"] as const;

/** A valid deployment restriction body. */
export function restrictionBody(value = "src/", mode: "MATCH" | "EXCLUDE" = "MATCH"): Record<string, unknown> {
  return { mode, type: "PATH", value };
}

/** A body each deployment restriction route with a request schema accepts. */
export function deploymentRuleSampleBodies(): Record<string, unknown> {
  return Object.fromEntries(RESTRICTED_KINDS.flatMap((kind) => {
    const collection = `/${kind}/{${kind}Id}/deploymentRestriction`;
    return [[`POST ${collection}`, restrictionBody()], [`PUT ${collection}/{deploymentRestrictionId}`, restrictionBody()]];
  }));
}

/** A deployment restriction of the application `applicationId`: its id by path parameter. */
export async function deploymentRuleFixtures(
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>, // eslint-disable-line @typescript-eslint/no-explicit-any
  applicationId: string,
): Promise<Record<string, string>> {
  const r = await call("POST", `/application/${applicationId}/deploymentRestriction`, restrictionBody("fixture/"));
  if (r.status !== 201) throw new Error(`fixture deploymentRestriction: ${r.status} ${JSON.stringify(r.body)}`);
  return { deploymentRestrictionId: r.body.id as string };
}

/** Restriction writes, checked by `deployment-restrictions.test.ts` (every field comes back as sent) rather than the round trip. */
export const DEPLOYMENT_RULES_CHECKED_ELSEWHERE: Record<string, string> = Object.fromEntries(RESTRICTED_KINDS.flatMap((kind) => {
  const collection = `/${kind}/{${kind}Id}/deploymentRestriction`;
  return [`POST ${collection}`, `PUT ${collection}/{deploymentRestrictionId}`]
    .map((op) => [op, "deployment-restrictions.test.ts: mode, type and value come back as sent, on every kind"]);
}));
