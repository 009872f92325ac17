import type { searchAnswer as en } from '../en/search-answer';
import type { RussianCatalogue } from '../types';

/**
 * What the search writes, Russian. The scope follows «в» in every sentence, so it is said in the prepositional
 * («в играх Casino»); a topic (a catalogue name, in English) leads its sentence with a colon, so no sentence
 * depends on its gender or case.
 */
export const searchAnswer = {
  added_one: 'Добавлен {{count}} референс {{inSections}}',
  added_few: 'Добавлено {{count}} референса {{inSections}}',
  added_many: 'Добавлено {{count}} референсов {{inSections}}',
  added_other: 'Добавлено {{count}} референса {{inSections}}',
  inSections_one: 'в {{count}} секции',
  inSections_few: 'в {{count}} секциях',
  inSections_many: 'в {{count}} секциях',
  inSections_other: 'в {{count}} секции',
  matched: 'Совпало: {{items}}.',
  matchedItem: '{{label}} ({{count}})',
  relaxed: 'Ещё {{count}} — {{phrase}}: точных совпадений слишком мало.',
  respelled: 'Прочитано {{words}}.',
  readAs: '«{{from}}» как «{{to}}»',
  missing: 'В каталоге нигде не упоминается {{words}}.',
  quoted: '«{{text}}»',
  lastOfList: '{{first}} и {{last}}',
  andMore: '{{first}} и другое',
  addedToSection_one: 'В «{{section}}» добавлен ещё {{count}} референс.',
  addedToSection_few: 'В «{{section}}» добавлено ещё {{count}} референса.',
  addedToSection_many: 'В «{{section}}» добавлено ещё {{count}} референсов.',
  addedToSection_other: 'В «{{section}}» добавлено ещё {{count}} референса.',
  noMoreLikeSection: 'Больше похожих на эту секцию референсов в каталоге нет.',
  moreLikeQuery: 'Ещё похожие на секцию: {{section}}',
  noResults: 'По этому запросу ничего не нашлось. Попробуйте другие слова, тип фичи, жанр или название игры.',
  scopeGames: 'играх {{names}}',
  scopeCount_one: '{{topic}}: {{count}} совпадение в {{scope}}',
  scopeCount_few: '{{topic}}: {{count}} совпадения в {{scope}}',
  scopeCount_many: '{{topic}}: {{count}} совпадений в {{scope}}',
  scopeCount_other: '{{topic}}: {{count}} совпадения в {{scope}}',
  scopeAll: '{{topic}} в {{scope}}',
  scopeNone: '(нет в {{scope}})',
  scopeNearest: 'Ближе всего к теме {{topic}} в {{scope}}',
  scopeNearestMet_one: 'В {{scope}} нет самой темы {{topic}}; первым на доске — {{count}} ближайший к ней экран',
  scopeNearestMet_few: 'В {{scope}} нет самой темы {{topic}}; первыми на доске — {{count}} ближайших к ней экрана',
  scopeNearestMet_many: 'В {{scope}} нет самой темы {{topic}}; первыми на доске — {{count}} ближайших к ней экранов',
  scopeNearestMet_other: 'В {{scope}} нет самой темы {{topic}}; первыми на доске — {{count}} ближайших к ней экрана',
  scopeMet_one: '{{topic}}: {{count}} совпадение в {{scope}}, первым на доске',
  scopeMet_few: '{{topic}}: {{count}} совпадения в {{scope}}, первыми на доске',
  scopeMet_many: '{{topic}}: {{count}} совпадений в {{scope}}, первыми на доске',
  scopeMet_other: '{{topic}}: {{count}} совпадения в {{scope}}, первыми на доске',
  moreAfter: '; после них ещё {{count}}, в секциях с подписью, откуда они.',
  noneAfter: '.',
  scopeUnmet: 'В {{scope}} ничего не подходит под тему {{topic}}.',
  shownElsewhere: 'Вместо этого на доске — {{topic}} из других мест.',
} satisfies RussianCatalogue<typeof en>;
