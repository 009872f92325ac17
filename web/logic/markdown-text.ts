import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes, Parent } from 'mdast';

/**
 * Copy text: a card's markdown as plain text for the clipboard's text/plain (no `**`, `#`, link
 * syntax), and as simple HTML for text/html, so rich editors keep bold, lists and links. Parsed with the same
 * parser react-markdown uses; raw HTML in the markdown is never passed through.
 */

const BLOCKS = new Set(['paragraph', 'heading', 'blockquote', 'list', 'code', 'table', 'thematicBreak']);

function plain(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value;
    case 'code':
      return node.value;
    case 'break':
      return '\n';
    case 'html':
      return '';
    case 'image':
      return node.alt ?? '';
    case 'thematicBreak':
      return '';
    case 'listItem':
      return (node.children as Nodes[]).map(plain).join('\n');
    case 'list':
      return node.children
        .map((item, i) => `${node.ordered ? `${(node.start ?? 1) + i}.` : '•'} ${plain(item)}`)
        .join('\n');
    default:
      if ('children' in node) {
        const parent = node as Parent;
        const blocks = parent.children.some((c) => BLOCKS.has(c.type));
        return (parent.children as Nodes[]).map(plain).join(blocks ? '\n\n' : '');
      }
      return '';
  }
}

export function markdownToPlainText(markdown: string): string {
  return plain(fromMarkdown(markdown))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function safeHref(url: string): string | null {
  return /^(https?:|mailto:)/i.test(url.trim()) ? url.trim() : null;
}

function html(node: Nodes): string {
  const inner = () => ('children' in node ? (node as Parent).children.map((c) => html(c as Nodes)).join('') : '');
  switch (node.type) {
    case 'root':
      return inner();
    case 'text':
      return escapeHtml(node.value);
    case 'paragraph':
      return `<p>${inner()}</p>`;
    case 'heading':
      return `<h${node.depth}>${inner()}</h${node.depth}>`;
    case 'strong':
      return `<strong>${inner()}</strong>`;
    case 'emphasis':
      return `<em>${inner()}</em>`;
    case 'delete':
      return `<del>${inner()}</del>`;
    case 'inlineCode':
      return `<code>${escapeHtml(node.value)}</code>`;
    case 'code':
      return `<pre><code>${escapeHtml(node.value)}</code></pre>`;
    case 'break':
      return '<br>';
    case 'blockquote':
      return `<blockquote>${inner()}</blockquote>`;
    case 'list':
      return node.ordered ? `<ol>${inner()}</ol>` : `<ul>${inner()}</ul>`;
    case 'listItem':
      return `<li>${inner()}</li>`;
    case 'link': {
      const href = safeHref(node.url);
      return href ? `<a href="${escapeHtml(href)}">${inner()}</a>` : inner();
    }
    case 'thematicBreak':
      return '<hr>';
    case 'html':
      return escapeHtml(node.value);
    default:
      return inner();
  }
}

export function markdownToHtml(markdown: string): string {
  return html(fromMarkdown(markdown));
}
