/**
 * The plugin's entry: serves {@link pluginProvider} through `@pulumi/pulumi/provider`'s `main`, with two handlers of
 * its gRPC service adjusted by {@link adjustHandlers}: `Configure`, which the SDK answers without reading the
 * configuration, and `Read`, which the SDK cannot serve for an import (the engine sends no properties then).
 */
import * as path from "path";
import { main } from "@pulumi/pulumi/provider";
import { attachEngineLog } from "../../framework/progress";
import { configureFromRequest, type ConfigureRequestLike } from "./config";
import { pluginProvider } from "./provider";

type Callback = (err: unknown, value?: unknown) => void;
type Handler<R> = (call: { request: R }, callback: Callback) => void;
interface ReadRequestLike {
  getProperties(): unknown;
  setProperties(value: unknown): void;
}
interface GrpcServerClass {
  prototype: { addService(this: unknown, service: Record<string, unknown>, implementation: Record<string, unknown>): void };
}

/** Loads a module as `@pulumi/pulumi` resolves it (the same `@grpc/grpc-js` and protobuf classes its server uses). */
function pulumiRequire<T>(id: string): T {
  const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
  return require(require.resolve(id, { paths: [pulumiDir] })) as T;
}

/**
 * Wraps two handlers of the provider service that `main` registers: `configure` hands the request's configuration to
 * {@link configureFromRequest} before the SDK answers, and `read` gives a request without properties (an import:
 * `pulumi import` or the `import` option) an empty property map, which the SDK's handler reads unconditionally.
 */
export function adjustHandlers(): void {
  const grpc = pulumiRequire<{ Server: GrpcServerClass }>("@grpc/grpc-js");
  const { Struct } = pulumiRequire<{ Struct: { fromJavaScript(v: object): unknown } }>("google-protobuf/google/protobuf/struct_pb");
  const addService = grpc.Server.prototype.addService;
  grpc.Server.prototype.addService = function (service, implementation) {
    if (!("configure" in service) || !("getSchema" in service)) return addService.call(this, service, implementation);
    const configure = implementation["configure"] as Handler<ConfigureRequestLike>;
    const read = implementation["read"] as Handler<ReadRequestLike>;
    const wrapped = Object.create(implementation) as Record<string, unknown>;
    wrapped["configure"] = ((call, callback) => {
      try {
        configureFromRequest(call.request);
      } catch (e) {
        callback(e);
        return;
      }
      configure.call(implementation, call, callback);
    }) satisfies Handler<ConfigureRequestLike>;
    wrapped["read"] = ((call, callback) => {
      if (call.request.getProperties() === undefined) call.request.setProperties(Struct.fromJavaScript({}));
      return read.call(implementation, call, callback);
    }) satisfies Handler<ReadRequestLike>;
    return addService.call(this, service, wrapped);
  };
}

/**
 * Starts the plugin's gRPC server (the engine passes its address as the first argument), with the deployments'
 * progress lines sent to the engine as the dynamic-provider host sends them (`provider/framework/progress.ts`).
 */
export async function serve(args: string[]): Promise<void> {
  attachEngineLog(require.resolve("@pulumi/pulumi/cmd/dynamic-provider/index.js"));
  adjustHandlers();
  await main(pluginProvider(), args);
}
