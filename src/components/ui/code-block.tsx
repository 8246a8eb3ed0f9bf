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
    <div className={cn('code-block', className)}>
      {(title ?? copyLabel) && (
        <div className="code-block-bar">
          <span className="text-xs font-medium text-slate-400">{title}</span>
          {copyLabel && <CopyButton value={code} label={copyLabel} tone="dark" />}
        </div>
      )}
      <pre className="code-block-pre">
        <code className="font-mono">{code}</code>
      </pre>
    </div>
  );
}
