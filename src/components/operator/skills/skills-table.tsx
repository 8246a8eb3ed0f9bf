import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Switch } from '../../ui/switch';
import { OperatorTable } from '../operator-table';
import { skillKindLabel, type OperatorSkill } from './model';
import { Thumb } from './thumb';

interface SkillsTableProps {
  skills: readonly OperatorSkill[];
  /** Slugs whose activation is being saved. */
  busy: ReadonlySet<string>;
  onToggle: (skill: OperatorSkill, active: boolean) => void;
  onEdit: (slug: string) => void;
}

const COLUMNS = ['Skill', 'Genre', 'Ratio', 'Input', 'Needs image', 'Origin', 'Active'];

/** Every skill in one row each: what it is, how it is called, its origin and its switch. */
export function SkillsTable({ skills, busy, onToggle, onEdit }: SkillsTableProps) {
  return (
    <OperatorTable caption="Skills, active and inactive" testId="skills-table" minWidth="min-w-[60rem]" columns={COLUMNS} actions="Edit">
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
          <td className="py-3 pr-3 text-slate-700">{s.genre}</td>
          <td className="py-3 pr-3 font-mono text-xs text-slate-700">{s.ratio}</td>
          <td className="py-3 pr-3 whitespace-nowrap text-slate-700" data-testid={`kind-${s.slug}`}>
            {skillKindLabel(s.fields)}
          </td>
          <td className="py-3 pr-3">{s.ref_required ? <Badge tone="amber">Needs image</Badge> : <span className="text-slate-400">—</span>}</td>
          <td className="py-3 pr-3">
            <Badge tone={s.origin === 'operator' ? 'indigo' : 'slate'} data-testid={`origin-${s.slug}`}>
              {s.origin}
            </Badge>
          </td>
          <td className="py-3 pr-3">
            <div className="flex items-center gap-2">
              <Switch
                checked={s.active}
                label={`${s.slug} active`}
                busy={busy.has(s.slug)}
                disabled={busy.has(s.slug)}
                onChange={(active) => onToggle(s, active)}
              />
              <span className="text-xs text-slate-500" data-testid={`state-${s.slug}`}>
                {s.active ? 'Active' : 'Inactive'}
              </span>
            </div>
          </td>
          <td className="py-3 pr-5 text-right">
            <Button variant="secondary" size="sm" onClick={() => onEdit(s.slug)} aria-label={`Edit ${s.slug}`}>
              Edit
            </Button>
          </td>
        </tr>
      ))}
    </OperatorTable>
  );
}
