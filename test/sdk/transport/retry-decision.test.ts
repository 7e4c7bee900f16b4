/** `shouldRetry`, the retry decision apart from the request loop: what each failure leads to. */
import { shouldRetry, type RetryContext } from "../../../sdk/retry";

const policy = { maxRetries: 2, baseDelayMs: 100, maxDelayMs: 1000, maxRateLimitWaitMs: 60_000, random: () => 0.5 };
const ctx = (more: Partial<RetryContext> = {}): RetryContext => ({
  method: "GET", isCreate: false, mayHaveApplied: false, attempt: 0, counted: 0, windowWaitLeftMs: 60_000, policy, ...more,
});

describe("shouldRetry", () => {
  test("a 5xx retries an idempotent request with backoff, never a plain POST, and asks a create for a lookup first", () => {
    const error = { code: "server_error", status: 503 };
    expect(shouldRetry(error, "503", ctx())).toMatchObject({ delayMs: 50, reason: "503 server error", countsAsRetry: true });
    expect(shouldRetry(error, "503", ctx({ method: "POST" })).delayMs).toBeUndefined();
    const create = shouldRetry(error, "503", ctx({ method: "POST", isCreate: true }));
    expect(create).toMatchObject({ lookUp: "then-resend", delayMs: 50, reason: "503 server error; the object was not created, sending again" });
  });

  test("retries run out at maxRetries, but a lost create is still looked up", () => {
    const error = { code: "timeout", status: 0 };
    expect(shouldRetry(error, "no answer", ctx({ counted: 2 })).delayMs).toBeUndefined();
    const create = shouldRetry(error, "no answer", ctx({ method: "POST", isCreate: true, counted: 2 }));
    expect(create.lookUp).toBe("then-resend");
    expect(create.delayMs).toBeUndefined();
  });

  test("a 429 naming the reset waits for it uncounted, within what the call may still wait for the window", () => {
    const error = { code: "rate_limited", status: 429, retryAfterMs: 5_000 };
    expect(shouldRetry(error, "", ctx({ counted: 2 }))).toMatchObject({
      delayMs: 5_000, countsAsRetry: false, askedByService: true, windowWaitMs: 5_000, resetInMs: 5_000,
    });
    expect(shouldRetry(error, "", ctx({ windowWaitLeftMs: 2_000 }))).toMatchObject({ delayMs: 2_000, windowWaitMs: 2_000 });
    expect(shouldRetry(error, "", ctx({ windowWaitLeftMs: 0 })).delayMs).toBeUndefined();
  });

  test("a connection that never reached the server retries any method; a 409 after a lost create asks for a lookup", () => {
    expect(shouldRetry({ code: "connection", status: 0, beforeSend: true }, "refused", ctx({ method: "POST" })))
      .toMatchObject({ delayMs: 50, reason: "connection (not sent): refused" });
    expect(shouldRetry({ code: "conflict", status: 409 }, "", ctx({ method: "POST", isCreate: true, mayHaveApplied: true })))
      .toMatchObject({ lookUp: "then-fail" });
    expect(shouldRetry({ code: "conflict", status: 409 }, "", ctx({ method: "POST", isCreate: true })).lookUp).toBeUndefined();
    expect(shouldRetry({ code: "bad_request", status: 400 }, "", ctx()).delayMs).toBeUndefined();
  });
});
