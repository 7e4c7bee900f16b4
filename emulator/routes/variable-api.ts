/**
 * The scope-generic variable routes: `GET /variable?parent_id=&scope=&is_secret=` (everything the parent sees: its
 * own values, those of its environment and project, and the built-in ones, each with the `scope` it is defined at),
 * `POST /variable`, `PUT`/`DELETE /variable/{variableId}`, `POST /variable/{variableId}/alias` and `/override`, and
 * `POST /variable/import?service_id=&service_type=`. Answers are VariableResponse (`value` null for secrets).
 */
import type { z } from "zod";
import { notFound } from "../server/errors";
import { importVariables } from "../models/variable-import";
import {
  createAlias, createOverride, createVariable, deleteVariable, editVariable, entryOf, findEntry, needParent, refuseBuiltIn,
  visibleTo, type Parent, type ParentScope, type VariableEntry, type VariableRec,
} from "../models/variables";
import { listOf } from "../schemas/common";
import {
  scopedVariableResponse, variableAliasRequest, variableImportQuery, variableImportRequest, variableImportResponse,
  variableListQuery, variableOverrideRequest, variableRequest, variableUpdateRequest,
} from "../schemas/variables";
import { parseOr400 } from "../schemas/validate";
import { presentScoped } from "./variable-answers";
import { param, route, type Route, type RouteContext } from "./types";

/** The variable named by `{variableId}` (stored or built-in), or 404. */
function needEntry(ctx: RouteContext): VariableEntry {
  const id = param(ctx, "variableId");
  const e = findEntry(ctx.world.store, id);
  if (!e) throw notFound("variable", id);
  return e;
}

/** The stored variable named by `{variableId}`: 404 when missing, 400 for a built-in one. */
function needStored(ctx: RouteContext): VariableRec {
  return refuseBuiltIn(needEntry(ctx), "variableId");
}

function answer(ctx: RouteContext, v: VariableRec): unknown {
  const e = entryOf(ctx.world.store, v);
  if (!e) throw notFound("variable", v.id);
  return presentScoped(e);
}

function query<S extends z.ZodType>(ctx: RouteContext, schema: S): z.output<S> {
  return parseOr400(schema, Object.fromEntries(ctx.query.entries()));
}

/**
 * `POST /variable/{variableId}/<what>`: an alias or an override of the variable made at the parent the body names
 * (`<what>_scope`, `<what>_parent_id`), by `make` (the model's create).
 */
function derivedRoute<B extends z.ZodType>(
  what: "alias" | "override", request: B, summary: string,
  make: (ctx: RouteContext, parent: Parent, target: VariableEntry, body: z.output<B>) => VariableRec,
): Route {
  const parentField = `${what}_parent_id`;
  return route({
    method: "POST", path: `/variable/{variableId}/${what}`, access: { need: "write", also: [`body:${parentField}`], readOnly: ["variableId"] },
    status: 201, request, response: scopedVariableResponse, summary,
    handler: (ctx) => {
      const b = ctx.body as z.output<B>;
      const named = b as Record<string, string>;
      const target = needEntry(ctx);
      const parent = needParent(ctx.world.store, named[`${what}_scope`] as ParentScope, named[parentField] ?? "", parentField);
      return answer(ctx, make(ctx, parent, target, b));
    },
  });
}

/** The `/variable` routes. */
export const variableApiRoutes: Route[] = [
  route({
    method: "GET", path: "/variable", access: { need: "read", also: ["query:parent_id"] }, status: 200, query: variableListQuery, response: listOf(scopedVariableResponse),
    summary: "List the variables a parent sees (its own, inherited and built-in ones)",
    handler: (ctx) => {
      const q = query(ctx, variableListQuery);
      const parent = needParent(ctx.world.store, q.scope, q.parent_id, "parent_id");
      const secret = q.is_secret === undefined ? undefined : q.is_secret === "true";
      const entries = visibleTo(ctx.world.store, parent).filter((e) => secret === undefined || e.secret === secret);
      return { results: entries.map(presentScoped) };
    },
  }),
  route({
    method: "POST", path: "/variable", access: { need: "write", also: ["body:variable_parent_id"] }, status: 201, request: variableRequest, response: scopedVariableResponse,
    summary: "Create a variable or secret at a parent of any scope",
    handler: (ctx) => {
      const b = ctx.body as z.output<typeof variableRequest>;
      const parent = needParent(ctx.world.store, b.variable_scope, b.variable_parent_id, "variable_parent_id");
      return answer(ctx, createVariable(ctx, parent, b.is_secret ? "SECRET" : "VARIABLE", b));
    },
  }),
  route({
    method: "PUT", path: "/variable/{variableId}", access: "write", status: 200, request: variableUpdateRequest, response: scopedVariableResponse,
    summary: "Edit a variable or secret",
    handler: (ctx) => {
      const v = needStored(ctx);
      editVariable(ctx, v, ctx.body as z.output<typeof variableUpdateRequest>);
      return answer(ctx, v);
    },
  }),
  route({
    method: "DELETE", path: "/variable/{variableId}", access: "write", status: 204, summary: "Delete a variable or secret, with its aliases and overrides",
    handler: (ctx) => deleteVariable(ctx, needStored(ctx)),
  }),
  derivedRoute("alias", variableAliasRequest, "Make an alias of a variable at a parent that sees it",
    (ctx, parent, target, b) => createAlias(ctx, parent, target, b.key, b, "variableId")),
  derivedRoute("override", variableOverrideRequest, "Override a variable of a higher scope at a parent",
    (ctx, parent, target, b) => createOverride(ctx, parent, target, b.value, b, "variableId")),
  route({
    method: "POST", path: "/variable/import", access: { need: "write", also: ["query:service_id", "importedScopes"] }, status: 201, query: variableImportQuery, request: variableImportRequest,
    response: variableImportResponse, summary: "Import variables and secrets for a service, each at its scope",
    handler: (ctx) => {
      const q = query(ctx, variableImportQuery);
      const b = ctx.body as z.output<typeof variableImportRequest>;
      return importVariables(ctx, needParent(ctx.world.store, q.service_type, q.service_id, "service_id"), b.overwrite, b.vars);
    },
  }),
];
