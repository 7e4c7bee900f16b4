/**
 * The roles of the organization: the built-in ones (fixed ids, the same in every emulator) and the custom roles.
 * A role decides what an API token made with it may do (applied by `auth.ts` through each route's declared access,
 * `server/access.ts`): a built-in role by its scope, a custom role by its own permissions per cluster, project and environment type
 * (`access-custom.ts`); the scope a custom role's token record carries is never consulted.
 */
import { view, type StateHolder, type StateOf } from "./slice";
import type { customRoleSlice } from "./custom-roles";
import type { TokenRec } from "./organization";

/** What these functions read of the state. */
type RoleState = StateOf<typeof customRoleSlice>;

/** The older role names the reference still answers. */
export type LegacyRole = "ADMIN" | "DEVELOPER" | "OWNER" | "VIEWER";

/** What a role is, for members, invitations and tokens. */
export interface RoleInfo {
  id: string;
  name: string;
  /** What a token with this role may do (a custom role's tokens are held to the role's permissions instead). */
  scope: TokenRec["scope"];
  /** The older role name answered beside `role_id`. */
  legacy: LegacyRole;
  /** True for a custom role. */
  custom: boolean;
}

/** The built-in roles: `Owner` (the organization's owner only), and one per token scope. */
export const BUILTIN_ROLES: readonly RoleInfo[] = [
  { id: "00000000-0000-4000-8000-000000000001", name: "Owner", scope: "Admin", legacy: "OWNER", custom: false },
  { id: "00000000-0000-4000-8000-000000000002", name: "Admin", scope: "Admin", legacy: "ADMIN", custom: false },
  { id: "00000000-0000-4000-8000-000000000003", name: "Write", scope: "Write", legacy: "DEVELOPER", custom: false },
  { id: "00000000-0000-4000-8000-000000000004", name: "Deploy", scope: "Deploy", legacy: "DEVELOPER", custom: false },
  { id: "00000000-0000-4000-8000-000000000005", name: "Read", scope: "Read", legacy: "VIEWER", custom: false },
];

/** The `Owner` role: held by the organization's owner, given by no invitation, role change or token. */
export const OWNER_ROLE = BUILTIN_ROLES[0] as RoleInfo;

/** The built-in role an older role name stands for (`OWNER` is not given by requests: undefined). */
export function roleOfLegacy(legacy: LegacyRole): RoleInfo | undefined {
  const name = { ADMIN: "Admin", DEVELOPER: "Write", VIEWER: "Read", OWNER: undefined }[legacy];
  return BUILTIN_ROLES.find((r) => r.name === name);
}

/** Every role of the organization: the built-in ones, then the custom roles by name. */
export function availableRoles(holder: StateHolder): RoleInfo[] {
  const state: RoleState = view<typeof customRoleSlice>(holder);
  const custom = [...state.customRoles.values()]
    .map((c): RoleInfo => ({ id: c.id, name: c.name, scope: "Write", legacy: "DEVELOPER", custom: true }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return [...BUILTIN_ROLES, ...custom];
}

/** The role of an id, or undefined. */
export function findRole(holder: StateHolder, id: string): RoleInfo | undefined {
  return availableRoles(holder).find((r) => r.id === id);
}
