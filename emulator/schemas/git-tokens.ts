import { z } from "zod";
import { baseResponse, httpUrl, nonEmpty } from "./common";
import { GIT_PROVIDERS } from "./applications";

/** Create or replace a git token (`workspace` is required for BITBUCKET, checked by the route). */
export const gitTokenRequest = z.object({
  name: nonEmpty,
  type: z.enum(GIT_PROVIDERS),
  token: nonEmpty,
  description: z.string().optional(),
  workspace: z.string().optional(),
  git_api_url: httpUrl.optional(),
});

/** A git token (never carries `token`). */
export const gitTokenResponse = baseResponse.extend({
  name: z.string(),
  type: z.enum(GIT_PROVIDERS),
  description: z.string().optional(),
  workspace: z.string().optional(),
  git_api_url: z.string(),
  associated_services_count: z.number(),
  expired_at: z.string(),
});
