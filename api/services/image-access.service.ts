import { say } from '#shared/messages/errors';
import { canonicalImageUrl, type CanonicalImage } from '#shared/canonical-image-url';
import { isOwnImageUrl } from '#shared/own-images';
import type { RepoDb } from '../db/repositories/boards.repo';
import { ownImagesRepo } from '../db/repositories/own-images.repo';
import { AppError, badRequest } from '../errors';
import { holdOwnImageRows } from './own-images.service';
import type { Viewer } from './section-lock.service';

/**
 * Who may see which image: ONE rule, decided on the image's canonical spelling
 * (shared/canonical-image-url.ts), for every route that shows or reads a stored file for a user: serving
 * /api/storage/ (originals and variants), the PDF and Markdown exports, and card writes. A user's own image
 * (own/…, in any spelling: variant, percent-encoded, absolute on any host, with a query) may be shown only to a
 * signed-in user with a card, on one of their boards, that shows that exact image; everything else in storage is
 * public, and an outside http(s) image is the viewer's browser's business.
 */

/** The image as the viewer may see it (canonical spelling, storage key), or null when they may not. */
export async function showableImage(db: RepoDb, viewer: Viewer | null, url: string): Promise<CanonicalImage | null> {
  const image = canonicalImageUrl(url);
  if (!image) return null;
  if (image.ownImage === null) return image;
  const shown =
    !!viewer &&
    isOwnImageUrl(image.ownImage) &&
    (await ownImagesRepo.userHasCardShowing(db, viewer.id, image.ownImage));
  return shown ? image : null;
}

/** The "may show" rule itself: true when the viewer may be shown the image `url` names. */
export async function mayShowImage(db: RepoDb, viewer: Viewer | null, url: string): Promise<boolean> {
  return (await showableImage(db, viewer, url)) !== null;
}

/**
 * The images a card write may store (card create, by the ops door or POST /api/cards; undo re-creating a deleted
 * card), canonical, in order. An own image is accepted only when BOTH the person writing (`author`) and the board's
 * owner may show it at that moment, by the "may show" rule above, or uploaded it themselves (an undo after the last
 * card showing it was deleted, before the sweep). Either alone is not enough: the owner's right would let an editor
 * who lost an image (removed from the board that showed it) put it back on a board of someone who still has it,
 * and read it again through that card; the author's alone would put on the owner's board an image its owner may
 * not show. Anything else that names the own space is refused with 400 image_gone, like an image that is gone: the
 * answer says nothing about another user's file. Call it inside the transaction that writes the card (the sweep is
 * held off until it ends).
 */
export async function acceptCardImages(
  db: RepoDb,
  people: { author: Viewer; owner: Viewer },
  images: readonly string[],
): Promise<{ images: string[]; showsOwnImages: boolean }> {
  const canonical = images.map((url) => {
    const image = canonicalImageUrl(url);
    if (!image) throw badRequest('ownImages.imageUrl', { field: 'images' });
    return image;
  });
  const own = canonical.filter((image) => image.ownImage !== null);
  if (own.length > 0) await holdOwnImageRows(db);
  const mayUse = async (user: Viewer, url: string) =>
    (await mayShowImage(db, user, url)) || (isOwnImageUrl(url) && (await ownImagesRepo.userUploaded(db, user.id, url)));
  const deciders = people.author.id === people.owner.id ? [people.owner] : [people.author, people.owner];
  for (const { url } of own) {
    for (const user of deciders) {
      if (!(await mayUse(user, url))) throw new AppError('image_gone', 400, say('ownImages.imageGone'));
    }
  }
  return { images: canonical.map((image) => image.url), showsOwnImages: own.length > 0 };
}
