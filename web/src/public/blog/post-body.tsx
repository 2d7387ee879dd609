import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * A post's Markdown as the visitor reads it. Raw HTML in the file is dropped (`skipHtml`: no
 * script, iframe or on* attribute reaches the page) and react-markdown's default URL check empties
 * javascript:, vbscript: and data: links and images: a post is text, never code.
 */
export function PostBody({ markdown }: { markdown: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml>
      {markdown}
    </ReactMarkdown>
  );
}
