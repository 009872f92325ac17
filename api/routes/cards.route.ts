import { Hono } from 'hono';
import { boardIdQuery, cardBoardBody, cardPositionBody, cardSectionBody, createCardBody } from '#shared/schemas/card';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { boardWriteLimit } from '../middleware/board-write-limit';
import { currentUser, requireUser } from '../middleware/session';
import {
  createCard,
  deleteCard,
  getCard,
  listCards,
  moveCardTo,
  moveCardToBoard,
  setCardSection,
  toggleBookmark,
} from '../services/cards.service';
import { positiveIdParam, validate } from '../validation';

const idParam = validate('param', positiveIdParam);

/** Cards (spec board-workspace §7, accounts §7). Every answer that changes a card returns the card. */
export function cardsRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .use(requireUser)
      .use(boardWriteLimit(deps))
      .get('/', validate('query', boardIdQuery), async (c) =>
        c.json(await listCards(deps, currentUser(c), c.req.valid('query').boardId)),
      )
      .get('/:id', idParam, async (c) => c.json(await getCard(deps, currentUser(c), c.req.valid('param').id)))
      .post('/', validate('json', createCardBody), async (c) =>
        c.json(await createCard(deps, currentUser(c), c.req.valid('json')), 201),
      )
      // Spec: the toggle is sent with an empty body, so none is read.
      .patch('/:id/bookmark', idParam, async (c) =>
        c.json(await toggleBookmark(deps, currentUser(c), c.req.valid('param').id)),
      )
      .patch('/:id/position', idParam, validate('json', cardPositionBody), async (c) =>
        c.json(await moveCardTo(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').position)),
      )
      .patch('/:id/section', idParam, validate('json', cardSectionBody), async (c) =>
        c.json(await setCardSection(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').sectionId)),
      )
      .patch('/:id/board', idParam, validate('json', cardBoardBody), async (c) =>
        c.json(await moveCardToBoard(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').boardId)),
      )
      .patch('/:id', idParam, validate('json', cardSectionBody), async (c) =>
        c.json(await setCardSection(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').sectionId)),
      )
      .delete('/:id', idParam, async (c) => c.json(await deleteCard(deps, currentUser(c), c.req.valid('param').id)))
  );
}
