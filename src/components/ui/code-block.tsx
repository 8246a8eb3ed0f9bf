import { cn } from './cn';
import { CopyButton } from './copy-button';

export interface CodeBlockProps {
  code: string;
  /** Short caption shown above the code, e.g. "Shell". */
  title?: string;
  /** Accessible name of the copy button's target; no copy button without it. */
  copyLabel?: string;
  className?: string;
}

/** A dark, horizontally scrollable code sample with an optional copy button. */
export function CodeBlock({ code, title, copyLabel, className }: CodeBlockProps) {
  return (
    <div className={cn('overflow-hidden rounded-xl bg-slate-900 ring-1 ring-slate-900/10', className)}>
      {(title ?? copyLabel) && (
        <div className="flex items-center justify-between gap-3 border-b border-white/10 px-4 py-1.5">
          <span className="text-xs font-medium text-slate-400">{title}</span>
          {copyLabel && <CopyButton value={code} label={copyLabel} tone="dark" />}
        </div>
      )}
      <pre className="overflow-x-auto px-4 py-3 text-[13px] leading-6 text-slate-100">
        <code className="font-mono">{code}</code>
      </pre>
    </div>
  );
}
