import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Switch } from '@/components/ui/switch';
import { OperatorTable } from '@/components/operator/operator-table';
import { genreLabel, type GenreWords } from '@/components/skills/genres';
import { skillKindLabel, type OperatorSkill } from './model';
import { useOriginName } from './origin';
import { Thumb } from './thumb';

interface SkillsTableProps {
  skills: readonly OperatorSkill[];
  /** Slugs whose activation is being saved. */
  busy: ReadonlySet<string>;
  onToggle: (skill: OperatorSkill, active: boolean) => void;
  onEdit: (slug: string) => void;
}

const COLUMNS = ['skill', 'genre', 'ratio', 'input', 'needsImage', 'origin', 'active'] as const;

/** Every skill in one row each: what it is, how it is called, its origin and its switch. */
export function SkillsTable({ skills, busy, onToggle, onEdit }: SkillsTableProps) {
  const t = useTranslations('operator.skills.table');
  const kinds = useTranslations('operator.skills.kind');
  const genres = useTranslations('skills.genres');
  const origin = useOriginName();
  const columns = useMemo(() => COLUMNS.map((c) => t(`columns.${c}`)), [t]);
  return (
    <OperatorTable
      caption={t('caption')}
      testId="skills-table"
      minWidth="min-w-[60rem]"
      columns={columns}
      actions={t('actions')}
    >
      {skills.map((s) => (
        <tr key={s.slug} data-skill={s.slug} className={cn('align-middle', !s.active && 'bg-slate-50/60')}>
          <td className="py-3 pr-3 pl-5">
            <div className={cn('flex min-w-0 items-center gap-3', !s.active && 'opacity-60')}>
              <Thumb src={s.thumb} size="sm" />
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{s.zh_name}</p>
                <code className="font-mono text-xs text-slate-500">{s.slug}</code>
              </div>
            </div>
          </td>
          <td className="py-3 pr-3 text-slate-700">
            <GenreCell genre={s.genre} t={genres} />
          </td>
          <td className="py-3 pr-3 font-mono text-xs text-slate-700">{s.ratio}</td>
          <td className="py-3 pr-3 whitespace-nowrap text-slate-700" data-testid={`kind-${s.slug}`}>
            {skillKindLabel(s.fields, kinds)}
          </td>
          <td className="py-3 pr-3">
            {s.ref_required ? <Badge tone="amber">{t('needsImage')}</Badge> : <span className="text-slate-500">—</span>}
          </td>
          <td className="py-3 pr-3">
            <Badge tone={s.origin === 'operator' ? 'indigo' : 'slate'} data-testid={`origin-${s.slug}`}>
              {origin(s.origin)}
            </Badge>
          </td>
          <td className="py-3 pr-3">
            <div className="flex items-center gap-2">
              <Switch
                checked={s.active}
                label={t('activeLabel', { slug: s.slug })}
                busy={busy.has(s.slug)}
                disabled={busy.has(s.slug)}
                onChange={(active) => onToggle(s, active)}
              />
              <span className="text-xs text-slate-500" data-testid={`state-${s.slug}`}>
                {s.active ? t('active') : t('inactive')}
              </span>
            </div>
          </td>
          <td className="py-3 pr-5 text-right">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onEdit(s.slug)}
              aria-label={t('editLabel', { slug: s.slug })}
            >
              {t('edit')}
            </Button>
          </td>
        </tr>
      ))}
    </OperatorTable>
  );
}

/** The genre's name in the page's language, over the value stored (what the editor takes) when they differ. */
function GenreCell({ genre, t }: { genre: string; t: GenreWords }) {
  const label = genreLabel(genre, t);
  return (
    <>
      <span className="block">{label}</span>
      {label !== genre && <code className="block font-mono text-xs text-slate-500">{genre}</code>}
    </>
  );
}
