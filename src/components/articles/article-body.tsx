import { Fragment } from 'react';
import { cn } from '@/components/ui/cn';
import { parseMarkdown, type Inline } from './markdown';

function InlineText({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.strong ? (
          <strong key={i} className="font-semibold text-slate-900">
            {p.text}
          </strong>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}

function Lines({ lines }: { lines: Inline[][] }) {
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          <InlineText parts={line} />
        </Fragment>
      ))}
    </>
  );
}

/**
 * A written body, readable as the reader will see it: paragraphs and line breaks kept, light
 * markdown (headings, lists, quotes, bold) shown as such. Text only: nothing is injected as HTML.
 */
export function ArticleBody({ body, className }: { body: string; className?: string }) {
  const blocks = parseMarkdown(body);
  return (
    <div
      className={cn('space-y-3 text-[15px] leading-7 break-words text-slate-700', className)}
      data-testid="article-body"
    >
      {blocks.map((b, i) => {
        switch (b.type) {
          case 'heading':
            return b.level === 1 ? (
              <h3 key={i} className="pt-2 text-lg font-semibold text-slate-900">
                <InlineText parts={b.content} />
              </h3>
            ) : b.level === 2 ? (
              <h4 key={i} className="pt-2 text-base font-semibold text-slate-900">
                <InlineText parts={b.content} />
              </h4>
            ) : (
              <h5 key={i} className="pt-1 text-[15px] font-semibold text-slate-900">
                <InlineText parts={b.content} />
              </h5>
            );
          case 'list': {
            const items = b.items.map((item, j) => (
              <li key={j} className="pl-1">
                <InlineText parts={item} />
              </li>
            ));
            return b.ordered ? (
              <ol key={i} start={b.start} className="list-decimal space-y-1 pl-6 marker:text-slate-400">
                {items}
              </ol>
            ) : (
              <ul key={i} className="list-disc space-y-1 pl-6 marker:text-slate-400">
                {items}
              </ul>
            );
          }
          case 'quote':
            return (
              <blockquote key={i} className="border-l-4 border-slate-200 pl-3 text-slate-600">
                <Lines lines={b.lines} />
              </blockquote>
            );
          case 'rule':
            return <hr key={i} className="border-slate-200" />;
          default:
            return (
              <p key={i}>
                <Lines lines={b.lines} />
              </p>
            );
        }
      })}
    </div>
  );
}
