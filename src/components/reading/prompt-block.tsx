import { CopyButton } from '@/components/ui/copy-button';

interface PromptBlockProps {
  title: string;
  /** What the copy button copies, for its name: "Copy {label}". */
  label: string;
  text: string;
  testId?: string;
}

/** A prompt to read and copy; long lines and Chinese text wrap inside the block. */
export function PromptBlock({ title, label, text, testId }: PromptBlockProps) {
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-1.5">
        <span className="text-xs font-medium text-slate-500">{title}</span>
        <CopyButton value={text} label={label} />
      </div>
      <p data-testid={testId} className="px-4 py-3 text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">
        {text}
      </p>
    </div>
  );
}
