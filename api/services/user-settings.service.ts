import type { PublicUser, UserSettingsBody } from '#shared/schemas/user';
import { toPublicUser } from '#shared/schemas/user';
import { usersRepo } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import { unauthorized } from '../errors';

/**
 * PATCH /api/current-user: the user's own settings. Today that is the interface language,
 * kept with the account so every browser and the exports made on the server use it.
 */
export async function updateUserSettings(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  body: UserSettingsBody,
): Promise<PublicUser> {
  const updated = await usersRepo.update(deps.db, userId, { language: body.language });
  if (!updated) throw unauthorized();
  return toPublicUser(updated);
}
