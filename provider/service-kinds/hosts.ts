/**
 * The addresses of a service, as outputs: `internalHost` (inside the cluster), `externalHost` (while a port is
 * public) and `url` (of the default public port), for the kinds with links (`links` in `sdk/service-kinds.ts`:
 * applications, containers, Helm charts). The service sets them as built-in variables of the service
 * (`QOVERY_<TYPE>_Z<ID>_HOST_INTERNAL`, `..._HOST_EXTERNAL`), which the built-ins part lists anyway.
 */
import { kindHas } from "../../sdk";
import type { VisibleValue } from "../framework/value-targets";

/** What the service computes for a kind with links: where the service is reached. */
export interface ServiceHostsComputed {
  /**
   * The host the service is reached at inside the cluster (by the environment's other services). Read from the
   * service's built-in variables (`..._HOST_INTERNAL`) in the listing the resource makes for `builtInVariables`: no
   * request of its own; with `readBuiltInVariables: false`, read on refresh only (from the listing the values part
   * makes then, or one listing when it made none), so it is unset until the first refresh.
   */
  internalHost?: string;
  /** The host the service is reached at from outside, while one of its ports is public (`..._HOST_EXTERNAL`); read as `internalHost`. */
  externalHost?: string;
  /** The URL of the service's default public port, `https://<externalHost>`, while a port is public; read as `internalHost`. */
  url?: string;
}

/** The output names of {@link ServiceHostsComputed}, for the `outputNames` of the kinds with links. */
export const HOST_OUTPUTS = ["internalHost", "externalHost", "url"] as const satisfies ReadonlyArray<keyof ServiceHostsComputed>;

/** Whether a service of `kind` has the host outputs. */
export const hasHosts = (kind: string): boolean => kindHas(kind, "links");

/** The host outputs of service `id` from what it sees (its own built-ins), every one present (`undefined` when unset). */
export function hostsOf(visible: readonly VisibleValue[], id: string): Record<keyof ServiceHostsComputed, string | undefined> {
  const own = (suffix: string) =>
    visible.find((v) => v.scope === "BUILT_IN" && v.service_id === id && !v.is_secret && v.key.endsWith(suffix) && typeof v.value === "string")?.value ?? undefined;
  const internalHost = own("_HOST_INTERNAL");
  const externalHost = own("_HOST_EXTERNAL");
  return { internalHost, externalHost, url: externalHost === undefined ? undefined : `https://${externalHost}` };
}
