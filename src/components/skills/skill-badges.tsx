import { FormIcon, ImageIcon, SentenceIcon } from '../icons';
import { Badge } from '../ui/badge';
import { RatioGlyph } from '../playground/ratio-glyph';

/** "Form · N fields" for skills and templates with fields, "One sentence" for the others. */
export function InputKindBadge({ fields }: { fields: readonly unknown[] | null }) {
  if (fields && fields.length > 0) {
    return (
      <Badge tone="indigo" className="gap-1">
        <FormIcon className="size-3" />
        Form · {fields.length} field{fields.length === 1 ? '' : 's'}
      </Badge>
    );
  }
  return (
    <Badge tone="sky" className="gap-1">
      <SentenceIcon className="size-3" />
      One sentence
    </Badge>
  );
}

export function NeedsImageBadge() {
  return (
    <Badge tone="amber" className="gap-1">
      <ImageIcon className="size-3" />
      Needs your image
    </Badge>
  );
}

export function RatioBadge({ ratio }: { ratio: string }) {
  return (
    <Badge className="gap-1 tabular-nums">
      <RatioGlyph ratio={ratio} />
      <span className="sr-only">Aspect ratio </span>
      {ratio}
    </Badge>
  );
}
