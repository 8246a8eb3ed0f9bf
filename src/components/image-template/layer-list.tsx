'use client';

import { useTranslations } from 'next-intl';
import { TEMPLATE_VARIABLES, isTemplateVariable, type TextLayer } from '@/contracts/image-template';
import type { FieldSpec } from '@/contracts/slots';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/input';
import { canBeVariable, MAX_LABEL, slotCode } from './draft';

interface LayerListProps {
  /** The draft's layers: `is_variable` and `variable` as the user's choices make them. */
  layers: readonly TextLayer[];
  fieldOf: readonly (FieldSpec | null)[];
  labels: Readonly<Record<number, string>>;
  active: number | null;
  onHover: (index: number | null) => void;
  onSelect: (index: number) => void;
  onToggle: (index: number, on: boolean) => void;
  onLabel: (index: number, label: string) => void;
}

/** A role with the default label its field gets (Chinese, as templates are), when it is one of the variable names: `title · 标题`. */
const roleName = (role: string) => (isTemplateVariable(role) ? `${role} · ${TEMPLATE_VARIABLES[role].zh}` : role);
const weightOf = (w: number) => (w >= 700 ? 'bold' : w <= 300 ? 'light' : 'regular');

/** Each text the conversion found, with what it looks like, whether it is a variable and its field's label. */
export function LayerList({ layers, fieldOf, labels, active, onHover, onSelect, onToggle, onLabel }: LayerListProps) {
  const t = useTranslations('imageTemplate.layers');
  if (layers.length === 0) return <p className="text-sm text-slate-500">{t('empty')}</p>;
  return (
    <ol aria-label={t('list')} className="min-w-0 space-y-2" onMouseLeave={() => onHover(null)}>
      {layers.map((layer, i) => {
        const n = i + 1;
        const field = fieldOf[i] ?? null;
        const possible = canBeVariable(layer);
        return (
          <li
            key={i}
            data-testid="layer-row"
            data-active={active === i || undefined}
            onMouseEnter={() => onHover(i)}
            onFocus={() => onSelect(i)}
            onClick={() => onSelect(i)}
            className={cn(
              'min-w-0 rounded-xl p-3 ring-1 transition-colors',
              active === i ? 'bg-indigo-50/70 ring-indigo-300' : 'bg-white ring-slate-200',
            )}
          >
            <div className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className={cn(
                  'mt-0.5 grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold text-white',
                  layer.is_variable ? 'bg-indigo-600' : 'bg-amber-600',
                )}
              >
                {n}
              </span>
              <div className="min-w-0 flex-1 space-y-1">
                <p
                  className="text-sm leading-6 font-medium break-words whitespace-pre-wrap text-slate-900"
                  data-testid="layer-content"
                >
                  {layer.content}
                </p>
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                  <Badge tone={layer.is_variable ? 'indigo' : 'slate'} data-testid="layer-role">
                    {roleName(layer.role)}
                  </Badge>
                  <span className="inline-flex items-center gap-1">
                    <span
                      aria-hidden="true"
                      className="size-3 rounded-sm ring-1 ring-slate-300"
                      style={{ backgroundColor: layer.color }}
                    />
                    <span className="font-mono">{layer.color}</span>
                    <span className="sr-only">{t('colour', { hex: layer.color })}</span>
                  </span>
                  <span>
                    {t('style', {
                      position: layer.position,
                      weight: t('weight', { weight: weightOf(layer.font_weight) }),
                      font: layer.font_category,
                      size: Math.max(1, Math.round(layer.size_ratio * 100)),
                    })}
                  </span>
                </p>
              </div>
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 pl-9">
              {possible ? (
                <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    checked={layer.is_variable}
                    aria-label={t('variableOf', { n })}
                    onChange={(e) => onToggle(i, e.target.checked)}
                    className="size-4 rounded border-slate-300 text-indigo-600"
                  />
                  {t('variable')}
                  {layer.variable && (
                    <code className="rounded bg-slate-100 px-1 font-mono text-xs text-slate-700">
                      {slotCode(layer.variable)}
                    </code>
                  )}
                </label>
              ) : (
                <p className="text-xs text-slate-500">{t('fixed', { role: layer.role })}</p>
              )}
              {field && (
                <label className="flex min-w-0 flex-1 basis-48 items-center gap-2 text-sm text-slate-600">
                  <span className="shrink-0">{t('label')}</span>
                  <Input
                    value={labels[i] ?? field.label}
                    maxLength={MAX_LABEL}
                    aria-label={t('labelOf', { n })}
                    onChange={(e) => onLabel(i, e.target.value)}
                    placeholder={field.label}
                    className="h-8 min-w-0"
                  />
                </label>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
