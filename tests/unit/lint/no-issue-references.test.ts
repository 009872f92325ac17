/* eslint-disable loot/no-issue-references -- the rule's own examples of what it refuses */
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { noIssueReferences } from '../../../eslint-rules/no-issue-references.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const cited = [{ messageId: 'cited' }];

new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } }).run(
  'no-issue-references',
  noIssueReferences,
  {
    valid: [
      '// The data layer is async: a promise used as a condition is a missing await.',
      "const color = '#16a34a'; // the palette's green, #0ea5e9 beside it",
      "it('a member sees no more than the owner\\'s plan shows', () => {});",
      '/* See docs/decisions/0006-board-content-versions.md */ const v = 1;',
    ],
    invalid: [
      { code: '// Bookmarks are per person (issue #29).', errors: cited },
      { code: '/** Issue 20: a section colour. */ const c = 1;', errors: cited },
      { code: '// the stream (#26) closes', errors: cited },
      { code: "it('opens the login page (issue #25 item 12)', () => {});", errors: cited },
      { code: 'const title = `issues 24 and 29`;', errors: cited },
    ],
  },
);
