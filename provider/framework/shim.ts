import * as pulumi from "@pulumi/pulumi";

/** The package whose implementation every serialized provider loads at run time. */
export const PACKAGE_NAME = "pulumi-deploy-service";
/**
 * The package's entry (`exports` of package.json) with one member per resource kind, the `{ handler }` of its provider
 * (`dist/provider/kind-handlers.js`): what {@link serializedProvider} requires.
 */
export const KIND_HANDLERS_MODULE = `${PACKAGE_NAME}/kind`;
/** The entry that maps a kind to its provider (`providerFor`), as the serialized providers of 0.2 require it. */
const RUNTIME_MODULE = `${PACKAGE_NAME}/runtime`;
/** The runtime module as the serialized providers of states written before 0.2 require it: it must stay loadable. */
const LEGACY_RUNTIME_MODULE = `${PACKAGE_NAME}/dist/provider/runtime.js`;
/** A resource kind's name (`Application`): what {@link serializedProvider} spells and the kind entry answers. */
export const KIND_NAME = /^[A-Z][A-Za-z0-9]*$/;
/** The `<module>` part of every type token: `pulumi-nodejs:dynamic/deploy-service:<Type>`. */
export const TYPE_MODULE = "deploy-service";

/**
 * The text the engine stores as `__provider` for every resource of one kind, in its inputs and in its outputs:
 * `module.exports=require("pulumi-deploy-service/kind").Project`.
 *
 * The dynamic-provider host evaluates it as a module with no file name (so `require` looks in the node_modules of
 * the program's folder, where the host runs, and above it: where a user's program has the package) and calls
 * `handler()` on it. It holds nothing but the package's name and the kind: 66 bytes or so, written twice per
 * resource at every checkpoint of the engine, the same across package versions, and free of credentials, which are
 * read at call time. (This repository's own programs find the package by the link `npm install` makes in its
 * node_modules: `scripts/link-self.js`.)
 */
export function serializedProvider(kind: string): string {
  if (!KIND_NAME.test(kind)) throw new Error(`deploy-service: "${kind}" is no resource kind (a capitalized name of letters and digits)`);
  return `module.exports=require(${JSON.stringify(KIND_HANDLERS_MODULE)}).${kind}`;
}

/**
 * The `__provider` texts of states written by older versions (0.1's, then 0.2's), each of which must keep loading
 * the provider: a resource keeps its text until an update of it stores the new one.
 */
export function olderSerializedProviders(kind: string): { "0.1": string; "0.2": string } {
  return {
    "0.1":
      `exports.handler = function () { return require("module")` +
      `.createRequire(process.cwd() + "/package.json")(${JSON.stringify(LEGACY_RUNTIME_MODULE)})` +
      `.providerFor(${JSON.stringify(kind)}); };\n`,
    "0.2": `exports.handler=()=>require("module").createRequire(process.cwd()+"/")(${JSON.stringify(RUNTIME_MODULE)}).providerFor(${JSON.stringify(kind)})`,
  };
}

/** The full type token of a resource kind. */
export function typeToken(kind: string): string {
  return `pulumi-nodejs:dynamic/${TYPE_MODULE}:${kind}`;
}

/** What `pulumi.CustomResource`'s constructor takes: type token, name, inputs, options. */
export type CustomResourceArgs = [type: string, name: string, props: pulumi.Inputs, opts: pulumi.CustomResourceOptions | undefined];

/**
 * The constructor arguments of a resource of kind `kind`: its type token, and its inputs with the thin serialized
 * provider of {@link serializedProvider} instead of a closure, served by the engine's Node.js dynamic provider host.
 */
export function customResourceArgs(kind: string, name: string, props: pulumi.Inputs, opts: pulumi.CustomResourceOptions | undefined): CustomResourceArgs {
  return [typeToken(kind), name, withoutTransferTraces({ ...props }, serializedProvider(kind)), opts];
}

/**
 * The props with `__provider` added last, and stack traces off (`Error.stackTraceLimit` 0) until the Pulumi SDK
 * reads that last property. Registering a resource, the SDK makes four promises for each property (every output
 * slot of a resource is one) and records a stack trace for each, which only its promise-leak report shows
 * (`PULUMI_DEBUG_PROMISE_LEAKS`); under source maps (ts-node, or the source-map-support the Node.js language host
 * registers) each trace costs more than the rest of the resource's registration. The SDK reads the properties in
 * their order while it makes those promises, in the constructor, so the limit is back before the constructor returns;
 * the source position the SDK records is read with a limit of its own, and the next microtask puts the limit back
 * anyway (when the SDK threw before reading the properties).
 */
function withoutTransferTraces(props: Record<string, unknown>, provider: string): pulumi.Inputs {
  if (process.env["PULUMI_DEBUG_PROMISE_LEAKS"]) return { ...props, [PROVIDER_KEY]: provider };
  const limit = Error.stackTraceLimit;
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    Error.stackTraceLimit = limit;
  };
  Object.defineProperty(props, PROVIDER_KEY, {
    get: () => {
      restore();
      return provider;
    },
    enumerable: true,
    configurable: true,
  });
  Error.stackTraceLimit = 0;
  queueMicrotask(restore);
  return props;
}

/** The key of a dynamic resource's serialized provider in its props. */
const PROVIDER_KEY = "__provider";

/**
 * Base class of every resource of this package. It and the classes between it and a resource kind have no
 * constructor of their own: the kind's constructor passes {@link customResourceArgs} straight to
 * `pulumi.CustomResource`, because the Pulumi SDK takes the program's line (the `sourcePosition` the engine records)
 * from the call stack, expecting exactly one constructor between `CustomResource` and the program.
 */
export abstract class DeployServiceResource extends pulumi.CustomResource {}
