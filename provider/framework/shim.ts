import * as pulumi from "@pulumi/pulumi";

/** The package whose implementation every serialized provider loads at run time. */
export const PACKAGE_NAME = "pulumi-deploy-service";
/**
 * The package's entry (`exports` of package.json) that maps a resource kind to its provider implementation
 * (`dist/provider/runtime.js`). States written before 0.2 name that file itself ({@link LEGACY_RUNTIME_MODULE}).
 */
export const RUNTIME_MODULE = `${PACKAGE_NAME}/runtime`;
/** The runtime module as the serialized providers of states written before 0.2 require it: it must stay loadable. */
export const LEGACY_RUNTIME_MODULE = `${PACKAGE_NAME}/dist/provider/runtime.js`;
/** The `<module>` part of every type token: `pulumi-nodejs:dynamic/deploy-service:<Type>`. */
export const TYPE_MODULE = "deploy-service";

/**
 * The text the engine stores as `__provider` for every resource of one kind, in its inputs and in its outputs.
 *
 * The dynamic-provider host evaluates it as a module and calls `handler()` to get the provider. It holds
 * nothing but a `require` of this package by name, anchored at the program's folder (where the provider
 * process runs): a user's `node_modules`, or the package itself when the program is this repository's root
 * (Node's self-reference needs a parent path, which the host's evaluated module lacks). So it is about 130 bytes
 * (written twice per resource, at every checkpoint of the engine), the same across package versions, and free of
 * credentials, which are read at call time.
 */
export function serializedProvider(kind: string): string {
  return `exports.handler=()=>require("module").createRequire(process.cwd()+"/")(${JSON.stringify(RUNTIME_MODULE)}).providerFor(${JSON.stringify(kind)})`;
}

/** The `__provider` text of states written before 0.2 (the upgrade test's fixture has it): still loads the runtime. */
export function legacySerializedProvider(kind: string): string {
  return (
    `exports.handler = function () { return require("module")` +
    `.createRequire(process.cwd() + "/package.json")(${JSON.stringify(LEGACY_RUNTIME_MODULE)})` +
    `.providerFor(${JSON.stringify(kind)}); };\n`
  );
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
