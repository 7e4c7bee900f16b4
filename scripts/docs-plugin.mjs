// @ts-check
/**
 * TypeDoc plugin of `npm run docs` (loaded by typedoc.json): every field and constructor somebody wrote by hand
 * must have TSDoc.
 *
 * TypeDoc's own `notDocumented` check (typedoc.json `requiredToBeDocumented`) covers every exported name: classes,
 * interfaces, functions, variables, type aliases, methods, accessors. Two kinds are checked here instead:
 * - `Property`: TypeDoc cannot tell a field declared in an interface or class (an Args field, a resource output) from
 *   one TypeScript derives from a zod schema (`type Application = z.infer<typeof Application>`), whose shape it
 *   expands again at every use. Checked: a property declared in this package's source by a property signature
 *   (`interface X { field: T }`, type literals), a class property or a constructor parameter property.
 * - `Constructor`: TypeDoc wants a summary, where this package documents a constructor by its class and its
 *   `@param`s; and the classes made by a factory (`class ProjectsApi extends records({...})`) inherit a constructor
 *   from a type, which no comment can reach. Checked: a constructor declared in this package's source has a summary
 *   or documents every parameter.
 * Each one still in the generated reference and undocumented is a validation warning, which typedoc.json turns into
 * a failure (`treatValidationWarningsAsErrors`). Derived fields (zod shapes, mapped types) are not checked; the
 * undocumented keys of zod shapes are counted in an info line, so the debt stays visible.
 */
import { Application, Converter, ReflectionKind } from "typedoc";
import ts from "typescript";
import { relative } from "node:path";

/** @param {import("typedoc").Application} app */
export function load(app) {
  /** @type {Map<import("typedoc").DeclarationReflection, string>} */
  const declared = new Map();

  /** Object-literal keys without TSDoc (zod shapes), by `file:line`: counted, not required. */
  const derived = new Set();

  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Property)) return;
    const declarations = context.getSymbolFromReflection(reflection)?.declarations ?? [];
    const declaration = declarations.find(isWrittenField);
    if (declaration) declared.set(reflection, where(declaration));
    for (const key of declarations) {
      if (ts.isPropertyAssignment(key) && isOwnSource(key) && ts.getJSDocCommentsAndTags(key).length === 0) derived.add(where(key));
    }
  });

  /** @type {Map<import("typedoc").SignatureReflection, string>} */
  const constructors = new Map();

  app.converter.on(Converter.EVENT_CREATE_SIGNATURE, (_context, signature, declaration) => {
    if (!signature.kindOf(ReflectionKind.ConstructorSignature) || !declaration || !ts.isConstructorDeclaration(declaration)) return;
    if (!isOwnSource(declaration)) return;
    constructors.set(signature, where(declaration));
  });

  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    if (!app.options.getValue("validation").notDocumented) return;
    for (const [reflection, where] of declared) {
      if (project.getReflectionById(reflection.id) !== reflection) continue; // left out of the reference
      if (insideParameter(reflection) || reflection.hasComment()) continue;
      app.logger.validationWarning(
        `${reflection.getFriendlyFullName()} (Property), declared at ${where}, does not have any documentation`,
      );
    }
    for (const [signature, where] of constructors) {
      if (project.getReflectionById(signature.id) !== signature) continue;
      if (signature.hasComment() || (signature.parameters ?? []).every((p) => p.hasComment())) continue;
      app.logger.validationWarning(
        `${signature.getFriendlyFullName()} (Constructor), declared at ${where}, has neither a summary nor a comment on every parameter`,
      );
    }
    if (derived.size > 0) {
      app.logger.info(`${derived.size} fields derived from object literals (zod shapes) have no TSDoc: not required, shown in editors when added`);
    }
  });
}

/**
 * A field written in this package's own source: an interface or type-literal member, a class property or a
 * constructor parameter property (not an object literal's key, which zod shapes are, nor a declaration file's).
 * @param {ts.Declaration} node
 */
function isWrittenField(node) {
  return isOwnSource(node) && (ts.isPropertySignature(node) || ts.isPropertyDeclaration(node) || ts.isParameter(node));
}

/**
 * A node of this package's own source, not of a declaration file or a dependency.
 * @param {ts.Node} node
 */
function isOwnSource(node) {
  const file = node.getSourceFile();
  return !file.isDeclarationFile && !file.fileName.split(/[\\/]/).includes("node_modules");
}

/**
 * `file:line` of a node, relative to the working directory, for messages.
 * @param {ts.Node} node
 */
function where(node) {
  const file = node.getSourceFile();
  const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  return `${relative(process.cwd(), file.fileName)}:${line}`;
}

/**
 * True inside a parameter's type: TypeDoc does not require the fields of a callback's parameters either.
 * @param {import("typedoc").Reflection} reflection
 */
function insideParameter(reflection) {
  for (let r = reflection.parent; r; r = r.parent) if (r.kindOf(ReflectionKind.Parameter)) return true;
  return false;
}
