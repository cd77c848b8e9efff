// Markdown from the server, sanitised: raw HTML that survives parsing is cleaned by rehype-sanitize.
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

export function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown-body text-slate-800">
      <ReactMarkdown rehypePlugins={[rehypeSanitize]}>{text}</ReactMarkdown>
    </div>
  );
}
