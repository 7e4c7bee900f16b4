import { DEFAULT_DEPLOY_TIMEOUT_SECONDS, redact } from "../../../sdk";

export { DEFAULT_DEPLOY_TIMEOUT_SECONDS };
import { apiClient } from "../../framework/credentials";


/**
 * Deploys an application and follows it to `DEPLOYED` (the sdk's wait: never "success" on timeout).
 *
 * @param secretValues values to blank out of the log lines quoted in a failure.
 * @throws an error naming the final state and quoting the last log lines (secrets removed), or the timeout.
 */
export async function deployAndWait(id: string, name: string, timeoutSeconds: number, secretValues: string[]): Promise<void> {
  const client = apiClient();
  try {
    await client.applications.deploy(id);
    await client.waitForApplication(id, { timeoutMs: timeoutSeconds * 1000 });
  } catch (e) {
    throw deployFailure(e, id, name, timeoutSeconds, secretValues);
  }
}

function deployFailure(e: unknown, id: string, name: string, timeoutSeconds: number, secretValues: string[]): Error {
  const r = (e ?? {}) as { code?: unknown; finalState?: unknown; logLines?: unknown; lastState?: unknown; message?: unknown };
  const what = `deploying application "${name}" (${id})`;
  if (r.code === "deployment_failed") {
    const lines = Array.isArray(r.logLines) ? r.logLines.map((l) => redact(String(l), secretValues)) : [];
    const log = lines.length > 0 ? `\nlast log lines:\n  ${lines.join("\n  ")}` : "";
    return Object.assign(new Error(`deploy-service: ${what} failed: the deployment ended in ${String(r.finalState)}${log}`, { cause: e }), {
      finalState: r.finalState,
      logLines: lines,
    });
  }
  if (r.code === "wait_timeout") {
    const last = typeof r.lastState === "string" ? ` (last state ${r.lastState})` : "";
    return new Error(`deploy-service: ${what} did not finish within ${timeoutSeconds} s${last}; raise deployTimeoutSeconds`, { cause: e });
  }
  return new Error(`deploy-service: ${what} failed: ${redact(String(r.message ?? e), secretValues)}`, { cause: e });
}
