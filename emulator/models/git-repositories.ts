/**
 * The git repositories the organization's accounts can see, as the emulator knows them: those its services are built
 * from (applications, jobs built from a Dockerfile, Helm charts and Terraform modules), each with the branches, root
 * paths and tokens the services use, and the Terraform variables and `.tfvars` files its Terraform services name.
 * The emulator reads no repository: what it answers is what the state says of them.
 */
import { repoParts } from "./git-commits";
import { providerOfUrl } from "./git-sources";
import type { ServiceRec } from "./service-kinds";
import type { StoreView } from "./store-view";
import type { TerraformRec } from "./terraforms";

/** A repository seen through the services built from it. */
export interface KnownRepository {
  id: string;
  url: string;
  provider: string;
  owner: string;
  name: string;
  branches: Set<string>;
  rootPaths: Set<string>;
  tokens: Set<string>;
  terraforms: TerraformRec[];
}

type Repo = { url: string; provider?: string; branch?: string; root_path?: string; git_token_id?: string | null };

function repositoryOf(svc: ServiceRec): Repo | undefined {
  const s = svc as { git_repository?: Repo; source?: { git?: Repo; docker?: { git_repository?: Repo } } };
  return s.git_repository ?? s.source?.git ?? s.source?.docker?.git_repository;
}

const keyOf = (url: string) => url.toLowerCase().replace(/\.git$/, "").replace(/\/+$/, "");

/** Every repository the services are built from, by URL (without `.git`, case ignored). */
export function knownRepositories(store: StoreView): KnownRepository[] {
  const byUrl = new Map<string, KnownRepository>();
  for (const [kind, svc] of store.servicesWithKind()) {
    const g = repositoryOf(svc);
    if (!g) continue;
    const key = keyOf(g.url);
    const { owner, name } = repoParts(g.url);
    const r = byUrl.get(key) ?? {
      id: key, url: g.url, provider: g.provider ?? providerOfUrl(g.url), owner, name,
      branches: new Set(["main"]), rootPaths: new Set(["/"]), tokens: new Set<string>(), terraforms: [],
    };
    byUrl.set(key, r);
    if (g.branch) r.branches.add(g.branch);
    if (g.root_path) r.rootPaths.add(g.root_path);
    if (g.git_token_id) r.tokens.add(g.git_token_id);
    if (kind.type === "TERRAFORM") r.terraforms.push(svc as TerraformRec);
  }
  return [...byUrl.values()].sort((a, b) => a.url.localeCompare(b.url));
}

/** The repositories of one provider, those a token reads when `tokenId` is given. */
export function repositoriesOf(store: StoreView, provider: string, tokenId?: string): KnownRepository[] {
  return knownRepositories(store).filter((r) => r.provider === provider && (tokenId === undefined || r.tokens.has(tokenId)));
}

/** The repository a request names by URL, or undefined. */
export function repositoryByUrl(store: StoreView, url: string): KnownRepository | undefined {
  return knownRepositories(store).find((r) => r.id === keyOf(url));
}

/** The repository named `name` (`owner/name` or `name`) of a provider, or undefined. */
export function repositoryByName(store: StoreView, provider: string, name: string): KnownRepository | undefined {
  return repositoriesOf(store, provider).find((r) => `${r.owner}/${r.name}` === name || r.name === name || r.url === name);
}
