/** Reading a list page by page, within the client's `maxPages` bound; never a list cut short. */
import { ResponseLimitError } from "./limits";

/** The `pagination` object of a list answer, when it has a usable one. */
interface PageInfo {
  page: number;
  page_size?: number;
  total_pages: number;
}

function pageInfo(body: unknown): PageInfo | undefined {
  const p = (body as Record<string, unknown>)["pagination"];
  if (!p || typeof p !== "object") return undefined;
  const { page, page_size, total_pages } = p as Record<string, unknown>;
  if (typeof total_pages !== "number" || typeof page !== "number") return undefined;
  return { page, total_pages, ...(typeof page_size === "number" ? { page_size } : {}) };
}

/** The error of a list that claims more pages than `maxPages` (`reached`: the pages read so far). */
function tooManyPages(path: string, reached: number, claimed: number, maxPages: number): ResponseLimitError {
  const read = reached === 1 ? "its first page" : `page ${reached} (of the ${maxPages} it may read)`;
  return new ResponseLimitError(
    `GET ${path}: the list claims ${claimed} pages at ${read}; the client reads at most maxPages = ${maxPages} pages ` +
      `of one list, so as not to spend the request budget on it, and returns no partial list. If the list is really ` +
      `that long, raise the client option maxPages (new DeployServiceClient({ maxPages }))`,
    { method: "GET", path }, "maxPages", maxPages,
  );
}

/**
 * Every item of a list: `fetch()` reads the first page as asked, then, while its `pagination` says more pages
 * follow, `fetch({page, page_size})` reads the next ones (`page_size` as the first answer gave it).
 * @throws ResponseLimitError as soon as a page claims more than `maxPages` pages, or when `maxPages` pages were
 *   read and more are still claimed (a claim that keeps growing).
 */
export async function readAllPages<P extends { results: ReadonlyArray<unknown> }>(
  path: string, maxPages: number, fetch: (next?: { page: number; page_size: number | undefined }) => Promise<P>,
): Promise<Array<P["results"][number]>> {
  const first = await fetch();
  const results: Array<P["results"][number]> = [...first.results];
  let pagination = pageInfo(first);
  let page = pagination?.page ?? 1;
  for (let fetched = 1; pagination && page < pagination.total_pages; fetched++) {
    if (fetched >= maxPages || pagination.total_pages > maxPages) throw tooManyPages(path, fetched, pagination.total_pages, maxPages);
    page++;
    const next = await fetch({ page, page_size: pagination.page_size });
    results.push(...next.results);
    pagination = pageInfo(next) ?? pagination;
  }
  return results;
}
