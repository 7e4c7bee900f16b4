/**
 * The plugin's entry: serves {@link pluginProvider} through `@pulumi/pulumi/provider`'s `main`, whose `Configure`
 * handler accepts secrets but drops the configuration; {@link interceptConfigure} reads it first.
 */
import * as path from "path";
import { main } from "@pulumi/pulumi/provider";
import { configureFromRequest, type ConfigureRequestLike } from "./config";
import { pluginProvider } from "./provider";

type Handler = (call: { request: ConfigureRequestLike }, callback: (err: unknown, value?: unknown) => void) => void;
interface GrpcServerClass {
  prototype: { addService(this: unknown, service: Record<string, unknown>, implementation: Record<string, unknown>): void };
}

/**
 * Wraps the `configure` handler of the provider service that `main` registers, in the `@grpc/grpc-js` that
 * `@pulumi/pulumi` loads, so the request's configuration reaches {@link configureFromRequest} before the SDK answers.
 */
export function interceptConfigure(): void {
  const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
  const grpc = require(require.resolve("@grpc/grpc-js", { paths: [pulumiDir] })) as { Server: GrpcServerClass };
  const addService = grpc.Server.prototype.addService;
  grpc.Server.prototype.addService = function (service, implementation) {
    if (!("configure" in service) || !("getSchema" in service)) return addService.call(this, service, implementation);
    const original = implementation["configure"] as Handler;
    const wrapped = Object.create(implementation) as Record<string, unknown>;
    wrapped["configure"] = ((call, callback) => {
      try {
        configureFromRequest(call.request);
      } catch (e) {
        callback(e);
        return;
      }
      original.call(implementation, call, callback);
    }) satisfies Handler;
    return addService.call(this, service, wrapped);
  };
}

/** Starts the plugin's gRPC server (the engine passes its address as the first argument). */
export async function serve(args: string[]): Promise<void> {
  interceptConfigure();
  await main(pluginProvider(), args);
}
