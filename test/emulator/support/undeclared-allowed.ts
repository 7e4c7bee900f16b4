/**
 * The (operation, field) pairs whose answers may still carry a property the reference does not declare, while the
 * emulator's presenter of that family is fixed by its owner. Each entry says why; the list only shrinks.
 */

/** One allowed undeclared property: the operation (`METHOD /template`) and the property's path in the body. */
export interface UndeclaredAllowed {
  operation: string;
  /** Path as the validator reports it, items as `[]` (`$.results[].foo`). */
  field: string;
  why: string;
}

/**
 * The allowlist: every answer of the contract scenarios carries only declared fields, but a property the reference
 * requires without declaring it. (Secrets' `mount_path`,
 * the environment actions' mixed `Status`/`EnvironmentStatus` answers and `statusesWithStages`' `deployment_order`
 * were the last ones.) Add an entry only with its reason and the area that removes it.
 */
export const UNDECLARED_ALLOWED: readonly UndeclaredAllowed[] = [
  ...["GET /project/{projectId}/environment/stats", "GET /organization/{organizationId}/project/stats"].map((operation) => ({
    operation, field: "$.results[].number",
    why: "the reference's ServiceTotalNumber requires `number` and does not declare it: the one way to satisfy `required`",
  })),
  {
    operation: "POST /environment/{environmentId}/checkDockerfile", field: "$.git_repository",
    why: "the reference's answer requires `git_repository` (the request's, echoed) and does not declare it",
  },
];

const UNDECLARED = /^(\$[^:]*): property not declared by the schema$/;

/**
 * Whether `problem` (a validator message for an answer of `method template`) is an undeclared property `allowed`
 * lists (default: {@link UNDECLARED_ALLOWED}).
 */
export function undeclaredAllowed(method: string, template: string, problem: string, allowed: readonly UndeclaredAllowed[] = UNDECLARED_ALLOWED): boolean {
  const m = UNDECLARED.exec(problem);
  if (!m) return false;
  const field = (m[1] as string).replace(/\[\d+\]/g, "[]");
  return allowed.some((a) => a.operation === `${method.toUpperCase()} ${template}` && a.field === field);
}
