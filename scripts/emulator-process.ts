import type { ChildProcess } from "node:child_process";

/**
 * What an emulator started with `--json` prints on its first JSON line (its URL, tokens and ids), read from the
 * child's stdout. Rejects when the emulator exits first or prints nothing within `timeoutMs`.
 */
export function emulatorInfoFrom<T>(child: ChildProcess, timeoutMs = 20_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(() => reject(new Error(`the emulator did not start within ${timeoutMs / 1000} s`)), timeoutMs);
    child.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split("\n").find((l) => l.trim().startsWith("{"));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as T);
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the emulator exited with code ${code}`));
    });
  });
}
