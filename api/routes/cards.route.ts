import { Hono } from 'hono';
import {
  boardIdQuery,
  cardBoardBody,
  cardPositionBody,
  cardSectionBody,
  createCardBody,
} from '../../shared/schemas/card';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
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
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', validate('query', boardIdQuery), (c) =>
      c.json(listCards(deps, currentUser(c), c.req.valid('query').boardId)),
    )
    .get('/:id', idParam, (c) => c.json(getCard(deps, currentUser(c), c.req.valid('param').id)))
    .post('/', validate('json', createCardBody), (c) => c.json(createCard(deps, currentUser(c), c.req.valid('json')), 201))
    // Spec: the toggle is sent with an empty body, so none is read.
    .patch('/:id/bookmark', idParam, (c) => c.json(toggleBookmark(deps, currentUser(c), c.req.valid('param').id)))
    .patch('/:id/position', idParam, validate('json', cardPositionBody), (c) =>
      c.json(moveCardTo(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').position)),
    )
    .patch('/:id/section', idParam, validate('json', cardSectionBody), (c) =>
      c.json(setCardSection(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').sectionId)),
    )
    .patch('/:id/board', idParam, validate('json', cardBoardBody), (c) =>
      c.json(moveCardToBoard(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').boardId)),
    )
    .patch('/:id', idParam, validate('json', cardSectionBody), (c) =>
      c.json(setCardSection(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').sectionId)),
    )
    .delete('/:id', idParam, (c) => c.json(deleteCard(deps, currentUser(c), c.req.valid('param').id)));
}
