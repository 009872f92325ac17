import Markdown, { type Components, type UrlTransform } from 'react-markdown';
import { markdownImageSource, markdownLinkTarget } from '#shared/canonical-image-url';

/**
 * Markdown someone wrote (a card's description and notes, a feature's detailed description), rendered so it
 * cannot make the viewer's browser act: no raw HTML (react-markdown's default); images only from
 * http(s) and our storage, in the server's canonical spelling, so an image can never name another API route such
 * as a share link or logout (anything else shows its alt text); links only to http(s) and mailto, opened in a new
 * tab with rel="noopener noreferrer" (anything else is plain text).
 */
const urlTransform: UrlTransform = (url, key) =>
  key === 'src' ? markdownImageSource(url) : key === 'href' ? markdownLinkTarget(url) : null;

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt, title }) =>
    typeof src === 'string' && src ? (
      <img src={src} alt={alt ?? ''} title={title} loading="lazy" />
    ) : (
      <span>{alt}</span>
    ),
};

export function UserMarkdown({ children }: { children: string }) {
  return (
    <Markdown urlTransform={urlTransform} components={components}>
      {children}
    </Markdown>
  );
}
