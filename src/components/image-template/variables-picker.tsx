'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { TEMPLATE_VARIABLES, TEMPLATE_VARIABLE_NAMES, type TemplateVariable } from '@/contracts/image-template';
import { Button } from '@/components/ui/button';

interface VariablesPickerProps {
  allowed: ReadonlySet<TemplateVariable>;
  onChange: (allowed: Set<TemplateVariable>) => void;
  disabled?: boolean;
}

/** The platform's variable names as checkboxes, each with its name in the page's language first, then in the other. */
export function VariablesPicker({ allowed, onChange, disabled = false }: VariablesPickerProps) {
  const t = useTranslations('imageTemplate.variables');
  const zhFirst = useLocale() === 'zh-CN';
  const hintId = useId();
  const toggle = (name: TemplateVariable, on: boolean) => {
    const next = new Set(allowed);
    if (on) next.add(name);
    else next.delete(name);
    onChange(next);
  };
  return (
    <fieldset className="min-w-0" disabled={disabled} aria-describedby={hintId}>
      <legend className="float-left text-sm font-medium text-slate-700">{t('legend')}</legend>
      <div className="float-right -mt-1 flex gap-1">
        <Button variant="ghost" size="sm" onClick={() => onChange(new Set(TEMPLATE_VARIABLE_NAMES))}>
          {t('all')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onChange(new Set())}>
          {t('none')}
        </Button>
      </div>
      <p id={hintId} className="clear-both pt-1 text-xs text-slate-500">
        {t('hint')}
      </p>
      <ul className="mt-2 grid grid-cols-2 sm:grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))] gap-x-4 gap-y-1.5">
        {TEMPLATE_VARIABLE_NAMES.map((name) => (
          <li key={name} className="min-w-0">
            <label className="flex cursor-pointer items-start gap-2 rounded-md py-0.5 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={allowed.has(name)}
                onChange={(e) => toggle(name, e.target.checked)}
                className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
              />
              <span className="min-w-0 break-words">
                {zhFirst ? (
                  <>
                    <span>{TEMPLATE_VARIABLES[name].zh}</span>{' '}
                    <span lang="en" className="text-slate-500">
                      {TEMPLATE_VARIABLES[name].en}
                    </span>
                  </>
                ) : (
                  <>
                    <span>{TEMPLATE_VARIABLES[name].en}</span>{' '}
                    <span lang="zh-CN" className="text-slate-500">
                      {TEMPLATE_VARIABLES[name].zh}
                    </span>
                  </>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
