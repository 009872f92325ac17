/**
 * Comments and test titles give their reason in their own words: an issue number in parentheses tells a newcomer
 * nothing, and the tracker it points to may be gone. Where the history matters, git has it; where a decision matters,
 * docs/decisions has it.
 */
const IN_COMMENTS = /\bissues?\s+#?\d+|(?:^|[\s(])#\d{1,3}\b(?![0-9a-fA-F])/i;
const IN_STRINGS = /\bissues?\s+#?\d+/i;

/** @type {import('eslint').Rule.RuleModule} */
export const noIssueReferences = {
  meta: {
    type: 'suggestion',
    docs: { description: 'no comment or string cites an issue number' },
    schema: [],
    messages: {
      cited: 'Say the reason itself instead of citing an issue number (or name a docs/decisions entry).',
    },
  },
  create(context) {
    const check = (node, text, pattern) => {
      if (pattern.test(text)) context.report({ loc: node.loc, messageId: 'cited' });
    };
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) check(comment, comment.value, IN_COMMENTS);
      },
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value, IN_STRINGS);
      },
      TemplateElement(node) {
        check(node, node.value.raw, IN_STRINGS);
      },
    };
  },
};

export default { rules: { 'no-issue-references': noIssueReferences } };
