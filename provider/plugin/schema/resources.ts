/**
 * `resources` of the schema: one per kind of `FAMILIES`, its inputs from the class's constructor Args, its outputs
 * from the class's instance type (every `Output` member but `id` and `urn`), both with the facts of the zod schema.
 */
import ts from "typescript";
import { describe } from "./docs";
import type { KindFacts } from "./definitions";
import type { PackageProgram } from "./program";
import type { ObjectSpec, PropertySpec } from "./spec";
import { pascal, withCsharpName, type TypeMapper } from "./types";

/** A resource of the schema. */
export interface ResourceSpec {
  description: string;
  inputProperties: Record<string, PropertySpec>;
  requiredInputs: string[];
  properties: Record<string, PropertySpec>;
  required: string[];
}

/** Outputs the engine gives every resource itself. */
const ENGINE_OUTPUTS = new Set(["id", "urn"]);

/** The constructor's Args and the instance type of the exported class `kind`. */
function classTypes(program: PackageProgram, kind: string): { symbol: ts.Symbol; args: ts.Type; instance: ts.Type } {
  const symbol = program.exported(kind);
  const [signature] = symbol === undefined ? [] : program.checker.getTypeOfSymbol(symbol).getConstructSignatures();
  const argsParam = signature?.getParameters()[1];
  if (symbol === undefined || signature === undefined || argsParam === undefined) {
    throw new Error(`plugin schema: provider/index.ts exports no class ${kind}(name, args) for the kind ${kind} of FAMILIES`);
  }
  return { symbol, args: program.checker.getTypeOfSymbol(argsParam), instance: signature.getReturnType() };
}

/** The outputs of an instance type: each `Output<T>` member, as its input when there is one. */
function outputsOf(program: PackageProgram, mapper: TypeMapper, kind: string, instance: ts.Type, inputs: ObjectSpec, facts: KindFacts): ObjectSpec {
  const properties: Record<string, PropertySpec> = {};
  const required: string[] = [];
  for (const symbol of program.checker.getPropertiesOfType(instance)) {
    const value = mapper.outputValue(program.checker.getTypeOfSymbol(symbol));
    if (value === undefined || ENGINE_OUTPUTS.has(symbol.name)) continue;
    const input = inputs.properties[symbol.name];
    const spec = input ?? mapper.propertyOf(value, { name: `${kind}${pascal(symbol.name)}` });
    if (spec === undefined) continue;
    const { default: _default, ...output } = input ?? withCsharpName(mapper.withFacts(spec, symbol, undefined), symbol.name, kind);
    if (facts.secretOutputs.includes(symbol.name)) output.secret = true;
    properties[symbol.name] = output;
    if (!mapper.admitsUndefined(value)) required.push(symbol.name);
  }
  return { properties, required };
}

/** The schema's resource of `kind`. */
export async function resourceOf(program: PackageProgram, mapper: TypeMapper, kind: string, facts: KindFacts): Promise<ResourceSpec> {
  const { symbol, args, instance } = classTypes(program, kind);
  const inputs = mapper.membersOf([args], { name: kind, zod: facts.schema });
  const strings = Object.keys(inputs.properties).filter((k) => inputs.properties[k]!.type === "string");
  for (const name of await facts.replacedInputs(strings)) inputs.properties[name]!.replaceOnChanges = true;
  const outputs = outputsOf(program, mapper, kind, instance, inputs, facts);
  return {
    description: describe(symbol),
    inputProperties: inputs.properties,
    requiredInputs: inputs.required,
    properties: outputs.properties,
    required: outputs.required,
  };
}
