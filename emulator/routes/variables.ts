/**
 * Variables and secrets at their owner: `/<owner>/{<owner>Id}/environmentVariable` and `/secret` (list, create,
 * edit, delete), `.../{id}/alias` and `.../{id}/override`, for projects, environments, applications, containers and
 * jobs; and `/<kind>/{id}/environmentVariable/import` for the service kinds. Lists answer what the owner sees, as the
 * live service does (and as `GET /variable` does): its own values, the inherited ones with their `scope` (an alias or
 * an override with what it points at) and the built-in `QOVERY_*` ones; clients such as the service's Terraform
 * provider read built-ins and hosts from them. Secrets never answer their value.
 */
import { notFound } from "../server/errors";
import type { AnyServiceKind } from "../models/service-kinds";
import { importVariables } from "../models/variable-import";
import {
  createAlias, createOverride, createVariable, deleteVariable, editVariable, entryOf, findEntry, findParent, visibleTo,
  type Parent, type VariableEntry, type VariableKind, type VariableRec,
} from "../models/variables";
import {
  aliasRequest, overrideRequest, secretEditRequest, secretResponse, variableCreateRequest, variableEditRequest,
  variableImportRequest, variableImportResponse, variableResponse,
} from "../schemas/variables";
import { crudRoutes } from "./crud";
import { needEnvironment, needProject, needServiceOf } from "./lookup";
import { presentSecret, presentVariable } from "./variable-answers";
import { param, route, type Route, type RouteContext } from "./types";

/** An owner of variables as its paths name it, and how a request's owner is looked up (404 when missing). */
interface Owner {
  /** `project`, `environment` or the kind's name. */
  name: string;
  need(ctx: RouteContext): Parent;
}

function parentOf(ctx: RouteContext, id: string): Parent {
  const p = findParent(ctx.world.store, id);
  if (!p) throw notFound("parent", id);
  return p;
}

const projectOwner: Owner = { name: "project", need: (ctx) => parentOf(ctx, needProject(ctx).id) };
const environmentOwner: Owner = { name: "environment", need: (ctx) => parentOf(ctx, needEnvironment(ctx).id) };
const serviceOwner = (kind: AnyServiceKind): Owner => ({ name: kind.name, need: (ctx) => parentOf(ctx, needServiceOf(ctx, kind).id) });

/** The wire form of a stored record at its owner's route. */
function answer(ctx: RouteContext, vk: VariableKind, v: VariableRec): unknown {
  const e = entryOf(ctx.world.store, v);
  if (!e) throw notFound(vk === "SECRET" ? "secret" : "environment variable", v.id);
  return vk === "SECRET" ? presentSecret(e) : presentVariable(e);
}

/** The wire form of an entry at its owner's route: a stored one as it is now (after an edit), a built-in as listed. */
function answerEntry(ctx: RouteContext, vk: VariableKind, e: VariableEntry): unknown {
  if (e.rec) return answer(ctx, vk, e.rec);
  return vk === "SECRET" ? presentSecret(e) : presentVariable(e);
}

/**
 * What an owner's list answers, as the live service does: its own entries, those it inherits from its environment
 * and project (each with its `scope`), and the built-in ones it sees; only secrets at `/secret`, only variables at
 * `/environmentVariable`.
 */
function listed(ctx: RouteContext, owner: Owner, vk: VariableKind): VariableEntry[] {
  return visibleTo(ctx.world.store, owner.need(ctx)).filter((e) => e.secret === (vk === "SECRET"));
}

function family(owner: Owner, vk: VariableKind, segment: string, idParam: string, label: string): Route[] {
  const what = vk === "SECRET" ? "secret" : "environment variable";
  const find = (ctx: RouteContext): VariableEntry => {
    const parent = owner.need(ctx);
    const id = param(ctx, idParam);
    const v = ctx.world.store.state.variables.get(id);
    const e = v && v.kind === vk && v.service_id === parent.id ? entryOf(ctx.world.store, v) : undefined;
    if (!e) throw notFound(what, id);
    return e;
  };
  const stored = (ctx: RouteContext, v: VariableRec): VariableEntry => {
    const e = entryOf(ctx.world.store, v);
    if (!e) throw notFound(what, v.id);
    return e;
  };
  /** The variable an alias or override names (one of this family: a secret for `/secret`), or 404. */
  const target = (ctx: RouteContext) => {
    const id = param(ctx, idParam);
    const e = findEntry(ctx.world.store, id);
    if (!e || e.secret !== (vk === "SECRET")) throw notFound(what, id);
    return e;
  };
  const base = `/${owner.name}/{${owner.name}Id}/${segment}`;
  const response = vk === "SECRET" ? secretResponse : variableResponse;
  const a = /^[aeiou]/.test(owner.name) ? "an" : "a";
  return [
    ...crudRoutes({
      access: { read: "read", write: "write" },
      collection: base, item: `${base}/{${idParam}}`,
      summaries: {
        list: `List ${label}s of ${a} ${owner.name}`, create: `Create ${label === "secret" ? "a" : "an"} ${label} of ${a} ${owner.name}`,
        edit: `Edit ${label === "secret" ? "a" : "an"} ${label} of ${a} ${owner.name}`, delete: `Delete ${label === "secret" ? "a" : "an"} ${label} of ${a} ${owner.name}`,
      },
      createStatus: 201, createRequest: variableCreateRequest, editRequest: vk === "SECRET" ? secretEditRequest : variableEditRequest,
      response, present: (ctx, e) => answerEntry(ctx, vk, e),
      list: (ctx) => listed(ctx, owner, vk),
      find,
      create: (ctx, body) => stored(ctx, createVariable(ctx, owner.need(ctx), vk, body)),
      edit: (ctx, e, body) => editVariable(ctx, e.rec as VariableRec, body),
      remove: (ctx, e) => deleteVariable(ctx, e.rec as VariableRec),
    }),
    route({
      method: "POST", path: `${base}/{${idParam}}/alias`, status: 201, access: { need: "write", readOnly: [idParam] }, request: aliasRequest, response,
      summary: `Make at ${a} ${owner.name} an alias of a ${label} it sees`,
      handler: (ctx) => {
        const b = ctx.body as { key: string };
        return answer(ctx, vk, createAlias(ctx, owner.need(ctx), target(ctx), b.key, ctx.body as object, idParam));
      },
    }),
    route({
      method: "POST", path: `${base}/{${idParam}}/override`, status: 201, access: { need: "write", readOnly: [idParam] }, request: overrideRequest, response,
      summary: `Override at ${a} ${owner.name} a ${label} of a higher scope`,
      handler: (ctx) => {
        const b = ctx.body as { value: string };
        return answer(ctx, vk, createOverride(ctx, owner.need(ctx), target(ctx), b.value, ctx.body as object, idParam));
      },
    }),
  ];
}

function ownerRoutes(owner: Owner): Route[] {
  return [
    ...family(owner, "VARIABLE", "environmentVariable", "environmentVariableId", "environment variable"),
    ...family(owner, "SECRET", "secret", "secretId", "secret"),
  ];
}

/**
 * Environment variables and secrets of a service of the kind (`/<kind>/{<kind>Id}/environmentVariable` and
 * `/secret`, with aliases, overrides and imports), scoped to it (`scope` and `service_type`: the kind's type).
 */
export function serviceValueRoutes(kind: AnyServiceKind): Route[] {
  const owner = serviceOwner(kind);
  return [
    ...ownerRoutes(owner),
    route({
      method: "POST", path: `/${kind.name}/{${kind.name}Id}/environmentVariable/import`, status: 201, access: { need: "write", also: ["importedScopes"] },
      request: variableImportRequest, response: variableImportResponse,
      summary: `Import variables and secrets for a ${kind.name}, each at its scope`,
      handler: (ctx) => {
        const b = ctx.body as { overwrite: boolean; vars: Parameters<typeof importVariables>[3] };
        return importVariables(ctx, owner.need(ctx), b.overwrite, b.vars);
      },
    }),
  ];
}

/** Environment variables and secrets of projects and environments (`/project/{projectId}/...`, `/environment/{environmentId}/...`). */
export const ownerValueRoutes: Route[] = [...ownerRoutes(projectOwner), ...ownerRoutes(environmentOwner)];
