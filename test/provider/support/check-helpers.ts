import type * as pulumi from "@pulumi/pulumi";
import { applicationProvider } from "../../../provider/resources/application/index";

type Props = Record<string, unknown>;

/** Runs the provider's `check` on `inputs` (with the stored `olds`, as the engine gives them), expects no failure and answers the checked inputs. */
export async function checkedInputs(provider: pulumi.dynamic.ResourceProvider, inputs: Props, olds: Props = {}): Promise<Props> {
  const result = await provider.check!(olds, inputs);
  expect(result.failures ?? []).toEqual([]);
  return result.inputs as Props;
}

/**
 * Checks the application `base` with each git URL of `rows` and expects the git provider `check` derives from it;
 * `alsoExpect` asserts more on each result, before the provider is compared.
 */
export async function expectDerivedGitProviders(
  base: Props,
  rows: Array<[url: string, provider: string]>,
  alsoExpect: (url: string, result: pulumi.dynamic.CheckResult) => void = () => undefined,
): Promise<void> {
  for (const [url, provider] of rows) {
    const result = await applicationProvider.check!({}, { ...base, gitRepository: { url } });
    alsoExpect(url, result);
    expect((result.inputs as { gitRepository: { provider: string } }).gitRepository.provider).toBe(provider);
  }
}
