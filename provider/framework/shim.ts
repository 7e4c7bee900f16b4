import * as pulumi from "@pulumi/pulumi";

/** The package whose implementation every serialized provider loads at run time. */
export const PACKAGE_NAME = "pulumi-deploy-service";
/** Module (in `dist/`) that maps a resource kind to its provider implementation. */
export const RUNTIME_MODULE = `${PACKAGE_NAME}/dist/provider/runtime.js`;
/** The `<module>` part of every type token: `pulumi-nodejs:dynamic/deploy-service:<Type>`. */
export const TYPE_MODULE = "deploy-service";

/**
 * The text the engine stores as `__provider` for every resource of one kind.
 *
 * The dynamic-provider host evaluates it as a module and calls `handler()` to get the provider. It holds
 * nothing but a `require` of this package by name, anchored at the program's folder (where the provider
 * process runs): a user's `node_modules`, or the package itself when the program is this repository's root
 * (Node's self-reference needs a parent path, which the host's evaluated module lacks). So it is a few
 * hundred bytes, the same across package versions, and free of credentials, which are read at call time.
 */
export function serializedProvider(kind: string): string {
  return (
    `exports.handler = function () { return require("module")` +
    `.createRequire(process.cwd() + "/package.json")(${JSON.stringify(RUNTIME_MODULE)})` +
    `.providerFor(${JSON.stringify(kind)}); };\n`
  );
}

/** The full type token of a resource kind. */
export function typeToken(kind: string): string {
  return `pulumi-nodejs:dynamic/${TYPE_MODULE}:${kind}`;
}

/**
 * Base class of every resource of this package: a custom resource served by the engine's Node.js dynamic
 * provider host, carrying the thin serialized provider of {@link serializedProvider} instead of a closure.
 */
export abstract class DeployServiceResource extends pulumi.CustomResource {
  protected constructor(kind: string, name: string, props: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    super(typeToken(kind), name, { ...props, __provider: serializedProvider(kind) }, opts);
  }
}
