/**
 * Who may call each API operation: each route declares its {@link Access} (`Route.access`, beside its path in its
 * family's route file); `auth.ts` applies it, a route declaring none is Admin only, `access-table.ts` collects them
 * and `test/emulator/server/access-table.test.ts` walks every route with every scope and a custom role against that table.
 *
 * What each need means for the built-in scopes (the service's published rule: Admin all, Read GET only, Deploy GET
 * and deploy actions, Write GET and create/update/delete):
 *
 * | need          | Admin | Write | Deploy | Read |
 * |---------------|-------|-------|--------|------|
 * | `read`        | yes   | yes   | yes    | yes  |
 * | `write`       | yes   | yes   | no     | no   |
 * | `deploy`      | yes   | no    | yes    | no   |
 * | `credentials` | yes   | yes   | no     | no   |
 * | `admin`       | yes   | no    | no     | no   |
 *
 * `credentials` are the reads that answer a secret (a database's master password, a cluster's kubeconfig or token):
 * only a token that may change the object reads them. `admin` is people and access: members, invitations, API
 * tokens, roles, and the organization's settings; a Write token can thus never make itself (or anyone) Admin.
 * For a custom role's token, see `access-custom.ts`; the objects an operation acts on are its path parameters, plus
 * what `also` names (see {@link PlaceSource}), and `readOnly` path parameters are only read (an alias's target).
 */
import type { TokenRec } from "../models/organization";

/** What an operation needs. */
export type Need = "read" | "write" | "deploy" | "credentials" | "admin";

/** The built-in scopes that meet each need (the table of the file's TSDoc). */
export const SCOPES_BY_NEED: Readonly<Record<Need, ReadonlyArray<TokenRec["scope"]>>> = {
  read: ["Admin", "Write", "Deploy", "Read"],
  write: ["Admin", "Write"],
  deploy: ["Admin", "Deploy"],
  credentials: ["Admin", "Write"],
  admin: ["Admin"],
};

/**
 * Where an operation names an object besides its path: `query:<name>` and `body:<name>` (an id); `newEnvironment`
 * (a project's new environment: the body's `mode`, DEVELOPMENT when left out, on the body's cluster or the default
 * one); `environmentMode` (an environment edit's new `mode`, which must be allowed too); `importedScopes` (an import's
 * `PROJECT`-scoped variables are written at the project).
 */
export type PlaceSource = `query:${string}` | `body:${string}` | "newEnvironment" | "environmentMode" | "importedScopes";

/** One entry: a need, or a need with more places the operation acts on, or path parameters it only reads. */
export type Access = Need | { need: Need; also?: PlaceSource[]; readOnly?: string[] };

/** An entry in its full form. */
export interface AccessRule {
  need: Need;
  also: PlaceSource[];
  readOnly: string[];
}

/** The full form of a route's declared access; none declared is Admin only. */
export function accessRule(entry: Access | undefined): AccessRule {
  if (entry === undefined) return { need: "admin", also: [], readOnly: [] };
  if (typeof entry === "string") return { need: entry, also: [], readOnly: [] };
  return { need: entry.need, also: entry.also ?? [], readOnly: entry.readOnly ?? [] };
}
