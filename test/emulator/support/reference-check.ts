/**
 * Checks recorded answers of the emulator against the live service's published OpenAPI (`test/shared-reference.ts` says
 * what happens without it): each answer's operation must exist, its status must be declared, and its body must match the schema,
 * strictly: an answer carries only the properties its schema declares (see `openapi-validator.ts`), but for the few
 * (operation, field) pairs of {@link UNDECLARED_ALLOWED}.
 */
import { findTemplate, validate, type OpenApiDoc } from "./openapi-validator";
import { UNDECLARED_ALLOWED, undeclaredAllowed } from "./undeclared-allowed";
import { readSharedReference } from "../../shared-reference";

export { UNDECLARED_ALLOWED };

/** One answer a test client saw. */
export interface RecordedAnswer {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

/**
 * The reference document, by the rule of `test/shared-reference.ts`: absent, it fails the test in CI and is
 * undefined elsewhere (after a warning naming what `skipped` says was not checked).
 */
export function loadReference(skipped = "answers against the reference"): OpenApiDoc | undefined {
  return readSharedReference<OpenApiDoc>(skipped);
}

/** How {@link referenceProblems} reads the bodies. */
export interface ReferenceCheckOptions {
  /** Flag properties the schema does not declare (but those {@link UNDECLARED_ALLOWED} lists). Default: true. */
  strict?: boolean;
}

/**
 * Every problem of `answers` against the reference: unknown operations, undeclared statuses, bodies off the schema
 * (undeclared properties included, unless `strict: false`). Logs how many bodies it validated (or that the
 * reference is absent) under `label`.
 */
export function referenceProblems(answers: readonly RecordedAnswer[], label: string, options: ReferenceCheckOptions = {}): string[] {
  const strict = options.strict ?? true;
  const doc = loadReference(`${label}: ${answers.length} answers`);
  if (!doc) return [];
  const problems: string[] = [];
  let validated = 0;
  for (const a of answers) {
    const template = findTemplate(doc, a.method, a.path);
    if (!template) {
      problems.push(`${a.method} ${a.path}: no such operation in the reference`);
      continue;
    }
    const op = doc.paths[template]?.[a.method.toLowerCase()];
    const resp = op?.responses?.[String(a.status)];
    if (!resp) {
      problems.push(`${a.method} ${template}: status ${a.status} not declared (declared: ${Object.keys(op?.responses ?? {}).join(",")})`);
      continue;
    }
    const schema = resp.content?.["application/json"]?.schema;
    if (a.status === 204 || !schema) continue;
    validated++;
    for (const p of validate(doc, schema, a.body, "$", 0, { strict })) {
      if (!undeclaredAllowed(a.method, template, p)) problems.push(`${a.method} ${template} ${a.status}: ${p}`);
    }
  }
  console.log(`${label}: validated ${validated} answer bodies of ${answers.length} answers against the reference`);
  return problems;
}
