import { Hono } from 'hono';
import { boardIdQuery } from '../../shared/schemas/card';
import {
  createSectionBody,
  sectionColorBody,
  sectionPositionBody,
  sectionSizeBody,
  sectionTitleBody,
} from '../../shared/schemas/section';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
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
    .get('/', validate('query', boardIdQuery), (c) =>
      c.json(listSections(deps, currentUser(c), c.req.valid('query').boardId)),
    )
    .post('/', validate('json', createSectionBody), (c) =>
      c.json(createSection(deps, currentUser(c), c.req.valid('json')), 201),
    )
    .patch('/:id/position', idParam, validate('json', sectionPositionBody), (c) =>
      c.json(moveSection(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').position)),
    )
    .patch('/:id/size', idParam, validate('json', sectionSizeBody), (c) =>
      c.json(resizeSection(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').size)),
    )
    .patch('/:id/color', idParam, validate('json', sectionColorBody), (c) =>
      c.json(recolorSection(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').color)),
    )
    .patch('/:id', idParam, validate('json', sectionTitleBody), (c) =>
      c.json(renameSection(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').title)),
    )
    .delete('/:id', idParam, (c) => c.json(deleteSection(deps, currentUser(c), c.req.valid('param').id)));
}
