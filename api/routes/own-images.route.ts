import { say } from '#shared/messages/errors';
import { Hono, type Context } from 'hono';
import { imageLinkBody, imageUploadFields, ownCardDetailsBody } from '#shared/schemas/own-images';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { badRequest } from '../errors';
import { OWN_IMAGE_LIMITS } from '#shared/own-images';
import { routeBodyLimit } from '../middleware/body-limit';
import { currentUser, requireUser } from '../middleware/session';
import { uploadBytes } from '../ops/metrics';
import {
  addImageLink,
  addImageToCard,
  addUploadedImage,
  storageUsageOf,
  updateOwnCardDetails,
} from '../services/own-images.service';
import { positiveIdParam, validate } from '../validation';

const idParam = validate('param', positiveIdParam);

/** An upload carries a file up to OWN_IMAGE_LIMITS.maxBytes plus the multipart envelope around it. */
const UPLOAD_BODY_LIMIT_BYTES = OWN_IMAGE_LIMITS.maxBytes + 1024 * 1024;

/** The multipart form of an upload: the `file` field and the optional placement fields, checked. */
async function readUpload(c: Context<AppEnv>) {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (mediaType !== 'multipart/form-data') throw badRequest('ownImages.noFile', { field: 'file' });
  // A body that is not a well-formed multipart form (a raw CR in a file name, a cut boundary) is a 400, not a 500.
  // (The form parser says so with a TypeError; anything else, such as the body limit, keeps its own answer.)
  const form = await c.req.parseBody().catch((err: unknown) => {
    throw err instanceof TypeError ? badRequest('ownImages.noFile', { field: 'file' }) : err;
  });
  const file = form.file;
  if (!(file instanceof File)) throw badRequest('ownImages.noFile', { field: 'file' });
  const text = (name: string) =>
    typeof form[name] === 'string' && form[name] !== '' ? (form[name] as string) : undefined;
  const fields = imageUploadFields.safeParse({ x: text('x'), y: text('y'), sectionId: text('sectionId') });
  if (!fields.success) {
    const field = String(fields.error.issues[0]?.path[0] ?? 'x');
    throw badRequest(field === 'sectionId' ? say('ownImages.badSection') : say('ownImages.badPosition'), { field });
  }
  const data = Buffer.from(await file.arrayBuffer());
  uploadBytes.inc(data.length);
  return { file: { data, name: file.name }, placement: fields.data };
}

/**
 * Own images: uploads and image links onto a board, more images onto an own card, an own card's
 * editable fields, and the storage used. Mounted at /api; every route is the signed-in owner's.
 */
export function ownImagesRoutes(deps: AppDeps) {
  // Never below the operator's default (LOOT_BODY_LIMIT_BYTES), which every other route gets.
  const uploadBodyLimit = routeBodyLimit(Math.max(UPLOAD_BODY_LIMIT_BYTES, deps.config.LOOT_BODY_LIMIT_BYTES));
  return new Hono<AppEnv>()
    .post('/boards/:id/images', uploadBodyLimit, requireUser, idParam, async (c) => {
      const { file, placement } = await readUpload(c);
      return c.json(await addUploadedImage(deps, currentUser(c), c.req.valid('param').id, file, placement), 201);
    })
    .post('/boards/:id/image-links', requireUser, idParam, validate('json', imageLinkBody), async (c) => {
      const { url, ...placement } = c.req.valid('json');
      return c.json(await addImageLink(deps, currentUser(c), c.req.valid('param').id, url, placement), 201);
    })
    .post('/cards/:id/images', uploadBodyLimit, requireUser, idParam, async (c) => {
      const { file } = await readUpload(c);
      return c.json(await addImageToCard(deps, currentUser(c), c.req.valid('param').id, file), 201);
    })
    .patch('/cards/:id/details', requireUser, idParam, validate('json', ownCardDetailsBody), async (c) =>
      c.json(await updateOwnCardDetails(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .get('/user/storage', requireUser, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await storageUsageOf(deps, currentUser(c)));
    });
}
