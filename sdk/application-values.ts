/**
 * The endpoints variables and secrets share: an application's collection of keyed values under
 * `/application/{id}/<segment>`, items at `/application/{id}/<segment>/{itemId}`.
 */
import type { z } from "zod";
import type { RequestCore } from "./core";
import { path } from "./path";

/** What a keyed value's record must have for lost-create recovery. */
interface KeyedRecord {
  key: string;
  scope?: string | null | undefined;
}

/** Schemas and path segment of one family of keyed values. */
export interface KeyedValuesSpec<R extends z.ZodType, C extends z.ZodType, E extends z.ZodType> {
  segment: "environmentVariable" | "secret";
  record: R;
  createRequest: C;
  editRequest: E;
}

/** Endpoints of an application's keyed values; a family's group extends it with its own schemas. */
export abstract class ApplicationValuesApi<R extends z.ZodType<KeyedRecord>, C extends z.ZodType, E extends z.ZodType> {
  /** @param core the client's request core; @param spec the family's schemas and path segment. */
  protected constructor(private readonly core: RequestCore, private readonly spec: KeyedValuesSpec<R, C, E>) {}

  /** Lists the values of an application (inherited and built-in ones included, told apart by `scope`). */
  async list(applicationId: string): Promise<Array<z.output<R>>> {
    return this.core.list(path`/application/${applicationId}/${this.spec.segment}`, this.spec.record);
  }

  /** Creates a value. A lost answer is recovered by `key` among the application's own values. */
  create(applicationId: string, request: z.input<C> & { key: string }): Promise<z.output<R>> {
    return this.core.call({
      method: "POST", path: path`/application/${applicationId}/${this.spec.segment}`, body: request,
      requestSchema: this.spec.createRequest, response: this.spec.record,
      what: `${this.spec.segment === "secret" ? "secret" : "environment variable"} ${JSON.stringify(request.key)}`,
      recover: async () => (await this.list(applicationId)).find((v) => v.key === request.key && (v.scope ?? "APPLICATION") === "APPLICATION"),
    }) as Promise<z.output<R>>;
  }

  /** Replaces a value's key and value. */
  update(applicationId: string, itemId: string, request: z.input<E>): Promise<z.output<R>> {
    return this.core.call({
      method: "PUT", path: path`/application/${applicationId}/${this.spec.segment}/${itemId}`, body: request,
      requestSchema: this.spec.editRequest, response: this.spec.record,
    }) as Promise<z.output<R>>;
  }

  /** Deletes a value. */
  async delete(applicationId: string, itemId: string): Promise<void> {
    await this.core.call({ method: "DELETE", path: path`/application/${applicationId}/${this.spec.segment}/${itemId}` });
  }
}
