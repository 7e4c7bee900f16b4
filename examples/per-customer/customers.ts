/**
 * The customer list of the fleet: read from a JSON file, or `count` generated customers (`customer-01` ...).
 */
import * as fs from "node:fs";

/** One customer: one stack, one project in the service. */
export interface Customer {
  /** Stack name and the service project's name: lower-case letters, digits and `-`, 1 to 40 characters. */
  id: string;
  /** Free text shown as the project's description, e.g. the plan. Default `"standard"`. */
  plan: string;
  /** The name of the cluster the customer's environment runs on; absent: the fleet's default cluster. */
  cluster?: string;
}

const ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

/**
 * Reads a customer list: a JSON array of ids (`["acme", "globex"]`) or of objects
 * (`[{"id": "acme", "plan": "premium", "cluster": "us-east"}]`).
 * @throws Error naming the file and the entry that is not a customer, or an id given twice.
 */
export function readCustomers(file: string): Customer[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array of customers`);
  return checked(parsed.map((entry, i) => toCustomer(entry, `${file}[${i}]`)), file);
}

/** `count` customers named `customer-01`, `customer-02` ... (two digits at least). */
export function generatedCustomers(count: number): Customer[] {
  if (!Number.isInteger(count) || count < 1 || count > 9999) throw new Error(`--count: expected a whole number from 1 to 9999, got ${count}`);
  const width = Math.max(2, String(count).length);
  return Array.from({ length: count }, (_, i) => ({ id: `customer-${String(i + 1).padStart(width, "0")}`, plan: "standard" }));
}

function toCustomer(entry: unknown, where: string): Customer {
  if (typeof entry === "string") return { id: checkedId(entry, where), plan: "standard" };
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) throw new Error(`${where}: expected an id or an object with "id"`);
  const { id, plan, cluster, ...rest } = entry as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new Error(`${where}: unknown field ${JSON.stringify(unknown[0])} (expected id, plan, cluster)`);
  if (typeof id !== "string") throw new Error(`${where}: "id" must be a string`);
  if (plan !== undefined && typeof plan !== "string") throw new Error(`${where}: "plan" must be a string`);
  if (cluster !== undefined && typeof cluster !== "string") throw new Error(`${where}: "cluster" must be a string`);
  return { id: checkedId(id, where), plan: plan ?? "standard", ...(cluster !== undefined ? { cluster } : {}) };
}

function checkedId(id: string, where: string): string {
  if (!ID.test(id)) throw new Error(`${where}: id ${JSON.stringify(id)}: expected 1 to 40 lower-case letters, digits and "-", starting with a letter or digit`);
  return id;
}

function checked(customers: Customer[], file: string): Customer[] {
  const seen = new Set<string>();
  for (const c of customers) {
    if (seen.has(c.id)) throw new Error(`${file}: customer ${JSON.stringify(c.id)} is listed twice`);
    seen.add(c.id);
  }
  if (customers.length === 0) throw new Error(`${file}: the list is empty`);
  return customers;
}
