import { Hono } from 'hono';
import { boardIdQuery } from '#shared/schemas/card';
import {
  createSectionBody,
  sectionColorBody,
  sectionPositionBody,
  sectionSizeBody,
  sectionTitleBody,
} from '#shared/schemas/section';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { boardWriteLimit } from '../middleware/board-write-limit';
import { currentUser, requireUser } from '../middleware/session';
import {
  createSection,
  deleteSection,
  listSections,
  moveSection,
  recolorSection,
  renameSection,
  resizeSection,
} from '../services/sections.service';
import { positiveIdParam, validate } from '../validation';

const idParam = validate('param', positiveIdParam);

/** Sections (spec board-workspace §7, accounts §7). Every answer that changes a section returns the section. */
export function sectionsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .use(boardWriteLimit(deps))
    .get('/', validate('query', boardIdQuery), async (c) =>
      c.json(await listSections(deps, currentUser(c), c.req.valid('query').boardId)),
    )
    .post('/', validate('json', createSectionBody), async (c) =>
      c.json(await createSection(deps, currentUser(c), c.req.valid('json')), 201),
    )
    .patch('/:id/position', idParam, validate('json', sectionPositionBody), async (c) =>
      c.json(await moveSection(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').position)),
    )
    .patch('/:id/size', idParam, validate('json', sectionSizeBody), async (c) =>
      c.json(await resizeSection(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').size)),
    )
    .patch('/:id/color', idParam, validate('json', sectionColorBody), async (c) =>
      c.json(await recolorSection(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').color)),
    )
    .patch('/:id', idParam, validate('json', sectionTitleBody), async (c) =>
      c.json(await renameSection(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').title)),
    )
    .delete('/:id', idParam, async (c) => c.json(await deleteSection(deps, currentUser(c), c.req.valid('param').id)));
}
