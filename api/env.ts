import type { UserRow } from './db/repositories/users.repo';

/** Hono's context variables for every route: the signed-in user (null for a guest) and the request's id. */
export type AppEnv = {
  Variables: {
    user: UserRow | null;
    requestId: string;
  };
};
