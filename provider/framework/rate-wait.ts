/**
 * Waits for the service's rate-limit window in `pulumi up`'s output: every client of the provider process publishes
 * each wait it announces on the sdk's diagnostics channel (once per wait, not per request), and this module turns it
 * into one progress line (`waiting 14m for the rate-limit window: 3 of 1000 requests left`) under the resource whose
 * call waits, so a long wait reads as what it is instead of a silent hang.
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { describeRateLimitWait, RATE_LIMIT_WAIT_CHANNEL, type RateLimitWait } from "../../sdk";

/** Where the lines go (the provider's progress log). */
export type RateWaitLog = (line: string) => void;

/**
 * Sends a line to `log` for each wait for the rate-limit window any client of this process announces, until the
 * returned function is called. Never throws into the waiting call.
 */
export function watchRateLimitWaits(log: RateWaitLog): () => void {
  const listener = (message: unknown) => {
    try {
      log(describeRateLimitWait(message as RateLimitWait));
    } catch {
      // progress is a courtesy
    }
  };
  subscribe(RATE_LIMIT_WAIT_CHANNEL, listener);
  return () => {
    unsubscribe(RATE_LIMIT_WAIT_CHANNEL, listener);
  };
}
