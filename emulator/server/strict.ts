/**
 * Strict mode (`--strict-against FILE`, `startEmulator({ strictAgainst })`): every answer the emulator gives to an
 * API request is checked against an OpenAPI document the user supplies (the service's published one, or their own
 * client's idea of it), so a team can run its client's session and see where the answers and the document part.
 * A mismatch is an operation the document does not have, a status it does not declare, a success body where it
 * declares none, or a body off the declared schema, an undeclared property included (`openapi-validator.ts`,
 * strictly). Each mismatch is told to `onMismatch` (the CLI prints it on stderr), kept (the last
 * {@link MAX_MISMATCHES}) for `GET /_emulator/strict` and shown on the dashboard. Error answers are checked when the
 * document gives their schema. Nothing is refused: the answer goes out as it is.
 */
import * as fs from "node:fs";
import { findTemplate, validate, type OpenApiDoc, type Schema } from "./openapi-validator";

/** How many mismatches are kept (the oldest are dropped). */
export const MAX_MISMATCHES = 500;

/** One answer that does not match the document. */
export interface StrictMismatch {
  /** The request's method. */
  method: string;
  /** The request's path, without its query. */
  path: string;
  /** The document's path template the request matched, or null when it has none. */
  template: string | null;
  /** The answer's status. */
  status: number;
  /** What does not match (`$.results[0].name: expected a string`). */
  problems: string[];
  /** When the answer was given (ISO time). */
  time: string;
}

/** What the dashboard and `GET /_emulator/strict` show. */
export interface StrictReport {
  /** The document's file, as given. */
  file: string;
  /** How many answers were checked. */
  checked: number;
  /** How many of them did not match. */
  mismatched: number;
  /** The last mismatches, oldest first. */
  mismatches: StrictMismatch[];
}

/** Reads an OpenAPI document (JSON); throws naming `strictAgainst` and the file when it is not one. */
export function loadStrictDocument(file: string): OpenApiDoc {
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`strictAgainst: cannot read ${file} as JSON: ${(e as Error).message}`);
  }
  const paths = (doc as { paths?: unknown } | null)?.paths;
  if (typeof paths !== "object" || paths === null || Array.isArray(paths)) {
    throw new Error(`strictAgainst: ${file} is not an OpenAPI document: expected a JSON object with "paths"`);
  }
  return doc as OpenApiDoc;
}

type Response = { $ref?: string; content?: Record<string, { schema?: Schema }> };

/** Checks answers against one document and keeps what does not match. */
export class StrictCheck {
  private kept: StrictMismatch[] = [];
  private checked = 0;
  private mismatched = 0;

  constructor(readonly file: string, private readonly doc: OpenApiDoc, private readonly onMismatch?: (m: StrictMismatch) => void) {}

  /** Checks one answer (`body` undefined: none); answers the mismatch it found, if any. */
  check(method: string, path: string, status: number, body: unknown, nowMs: number): StrictMismatch | undefined {
    this.checked++;
    const template = findTemplate(this.doc, method, path) ?? null;
    const problems = template === null ? [`no ${method} ${path} in ${this.file}`] : this.problems(method, template, status, body);
    if (problems.length === 0) return undefined;
    const m: StrictMismatch = { method, path, template, status, problems, time: new Date(nowMs).toISOString() };
    this.mismatched++;
    this.kept.push(m);
    if (this.kept.length > MAX_MISMATCHES) this.kept.splice(0, this.kept.length - MAX_MISMATCHES);
    this.onMismatch?.(m);
    return m;
  }

  /** What was checked and the mismatches kept. */
  report(): StrictReport {
    return { file: this.file, checked: this.checked, mismatched: this.mismatched, mismatches: [...this.kept] };
  }

  /** Forgets the counts and the mismatches (the emulator's reset). */
  clear(): void {
    this.kept = [];
    this.checked = 0;
    this.mismatched = 0;
  }

  private problems(method: string, template: string, status: number, body: unknown): string[] {
    const responses = this.doc.paths[template]?.[method.toLowerCase()]?.responses ?? {};
    const declared = (responses[String(status)] ?? responses["default"]) as Response | undefined;
    if (!declared) {
      if (status >= 400) return []; // an error the document leaves out (401, 429...): its body is the service's error body
      return [`status ${status} not declared (declared: ${Object.keys(responses).join(", ") || "none"})`];
    }
    const content = this.resolve(declared).content ?? {};
    const schema = content["application/json"]?.schema;
    if (!schema) {
      // a body of another media type (a kubeconfig's YAML) is the document's to describe, not checked here
      const none = Object.keys(content).length === 0;
      return none && body !== undefined && status < 300 ? ["a body where the document declares none"] : [];
    }
    if (body === undefined) return ["no body where the document declares one"];
    return validate(this.doc, schema, body, "$", 0, { strict: true });
  }

  private resolve(r: Response): Response {
    if (!r.$ref) return r;
    const name = r.$ref.split("/").pop() as string;
    return (this.doc.components?.responses?.[name] as Response | undefined) ?? {};
  }
}
