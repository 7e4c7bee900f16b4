/**
 * `functions` of the schema: one per plain lookup `get<Name>` of `provider/lookups/index.ts`, its inputs from the
 * lookup's arguments and its outputs from its result, with their TSDoc; a lookup whose result is a secret
 * (`lookups(..., { secret: true })`) has every output but `id` secret.
 */
import type ts from "typescript";
import { schemaOfKind } from "../../framework/fields";
import { isSecretLookup } from "../../lookups/family";
import { describe } from "./docs";
import type { PackageProgram } from "./program";
import type { ObjectSpec } from "./spec";
import { pascal, type TypeMapper } from "./types";

/** A function of the schema. */
export interface FunctionSpec {
  description: string;
  inputs: ObjectSpec;
  outputs: ObjectSpec;
}

const LOOKUPS_FILE = "provider/lookups/index.ts";

/** The type of a signature's first argument, also when it is declared `...args: [args?: A]`. */
function firstArgument(checker: ts.TypeChecker, signature: ts.Signature): ts.Type {
  const type = checker.getTypeOfSymbol(signature.getParameters()[0]!);
  return checker.isTupleType(type) ? (checker.getTypeArguments(type as ts.TypeReference)[0] ?? type) : type;
}

/** The schema's function of the lookup `name`. */
export function functionOf(program: PackageProgram, mapper: TypeMapper, name: string): FunctionSpec {
  const symbol = program.exportedFrom(LOOKUPS_FILE, name);
  const [signature] = symbol === undefined ? [] : program.checker.getTypeOfSymbol(symbol).getCallSignatures();
  if (symbol === undefined || signature === undefined || signature.getParameters().length === 0) {
    throw new Error(`plugin schema: ${LOOKUPS_FILE} exports no lookup ${name}(args)`);
  }
  const result: ts.Type = program.checker.getAwaitedType(signature.getReturnType()) ?? signature.getReturnType();
  const base = pascal(name);
  // A family's lookup answers in its Args' spelling: the family's schema says which numbers are integers.
  const outputs = mapper.membersOf([result], { name: `${base}Result`, zod: schemaOfKind(name.slice("get".length)) });
  for (const spec of Object.values(outputs.properties)) {
    delete spec.default;
    delete spec.replaceOnChanges;
  }
  if (isSecretLookup(name.slice("get".length))) {
    for (const [key, spec] of Object.entries(outputs.properties)) if (key !== "id") spec.secret = true;
  }
  return {
    description: describe(symbol),
    inputs: mapper.membersOf(mapper.plainMembers(firstArgument(program.checker, signature)), { name: `${base}Args` }),
    outputs,
  };
}
