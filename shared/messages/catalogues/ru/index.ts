import type { en } from '../en/index';
import type { RussianCatalogue } from '../types';
import { account } from './account';
import { billing } from './billing';
import { board } from './board';
import { canvas } from './canvas';
import { errors } from './errors';
import { exportDoc } from './export-doc';
import { shell } from './shell';
import { sidebar } from './sidebar';
import { team } from './team';
import { toasts } from './toasts';
import { toolbar } from './toolbar';
import { search } from './search';
import { collections } from './collections';
import { features } from './features';
import { cards } from './cards';
import { commands } from './commands';
import { dialogs } from './dialogs';
import { boardTools } from './board-tools';
import { exporting } from './exporting';
import { pages } from './pages';
import { storageTest } from './storage-test';
import { searchAnswer } from './search-answer';

/** Every Russian text of the interface and the exports, one namespace per file (i18next namespaces). */
export const ru = {
  shell,
  board,
  toasts,
  canvas,
  exportDoc,
  team,
  account,
  sidebar,
  toolbar,
  billing,
  commands,
  search,
  collections,
  features,
  cards,
  dialogs,
  boardTools,
  errors,
  exporting,
  pages,
  storageTest,
  searchAnswer,
} satisfies RussianCatalogue<typeof en>;
