'use client';

import { useState, type ReactNode } from 'react';
import { trpc } from '@/trpc/react';
import { PlusGlyph } from '@/components/templates/glyphs';
import { CheckIcon } from '../../icons';
import { ErrorAlert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { cn } from '../../ui/cn';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Switch } from '../../ui/switch';
import { emptySkillDraft, skillDraftOf, skillKindLabel, withActive, type OperatorSkill } from './model';
import { SkillEditor, Thumb } from './skill-editor';

type Editing = { mode: 'new' } | { mode: 'edit'; slug: string } | null;

interface SkillsViewProps {
  initial: OperatorSkill[];
  /** Studio's public address: thumbnails under it are stored as site paths. */
  siteBase: string;
}

/** Every skill, active or not, with its editor in place of the list while one is open. */
export function SkillsView({ initial, siteBase }: SkillsViewProps) {
  const [skills, setSkills] = useState<OperatorSkill[]>(initial);
  const [editing, setEditing] = useState<Editing>(null);
  /** The operator agreed once that saving makes catalogue skills operator-owned. */
  const [acknowledged, setAcknowledged] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [pendingToggle, setPendingToggle] = useState<{ skill: OperatorSkill; active: boolean } | null>(null);
  const toggle = trpc.admin.action.useMutation();

  const put = (row: OperatorSkill) =>
    setSkills((rows) => (rows.some((r) => r.slug === row.slug) ? rows.map((r) => (r.slug === row.slug ? row : r)) : [...rows, row]));

  function open(next: Editing) {
    setNotice(null);
    setFailure(null);
    setEditing(next);
    window.scrollTo({ top: 0 });
  }

  async function setActive(skill: OperatorSkill, active: boolean) {
    setFailure(null);
    setNotice(null);
    setBusy((s) => new Set(s).add(skill.slug));
    try {
      const answer = await toggle.mutateAsync({ action: 'skill-upsert', ...withActive(skill, active, siteBase) });
      if (answer.skill) put(answer.skill as OperatorSkill);
      setNotice(`${skill.zh_name} is now ${active ? 'active' : 'inactive'}.`);
    } catch (e) {
      setFailure(`Could not ${active ? 'activate' : 'deactivate'} ${skill.slug}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(skill.slug);
        return next;
      });
      setPendingToggle(null);
    }
  }

  function requestActive(skill: OperatorSkill, active: boolean) {
    if (skill.origin === 'catalog' && !acknowledged) setPendingToggle({ skill, active });
    else void setActive(skill, active);
  }

  const current = editing?.mode === 'edit' ? skills.find((s) => s.slug === editing.slug) : undefined;

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
      {editing ? (
        <SkillEditor
          key={editing.mode === 'edit' ? editing.slug : 'new'}
          skill={current}
          initial={current ? skillDraftOf(current, siteBase) : emptySkillDraft()}
          warnOwnership={current?.origin === 'catalog' && !acknowledged}
          onAcknowledge={() => setAcknowledged(true)}
          onSaved={(row) => {
            put(row);
            setEditing(null);
            setNotice(`Saved ${row.zh_name} (${row.slug}).`);
            window.scrollTo({ top: 0 });
          }}
          onClose={() => setEditing(null)}
        />
      ) : (
        <>
          <header className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <p className="text-sm font-medium text-indigo-600">Operator</p>
              <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Skills</h1>
              <p className="mt-2 max-w-2xl text-sm text-slate-500">
                Ready-made recipes every tenant calls by slug. Tenants see the name, description and form; the prompt stays on the server.
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className="text-xs text-slate-500">
                {skills.filter((s) => s.active).length} of {skills.length} active
              </span>
              <Button onClick={() => open({ mode: 'new' })}>
                <PlusGlyph className="size-4" />
                New skill
              </Button>
            </div>
          </header>

          <p className="text-xs leading-5 text-slate-500" data-testid="origin-note">
            <Badge tone="slate">catalog</Badge> ships with Studio and is kept in step with its catalogue file on every start;{' '}
            <Badge tone="indigo">operator</Badge> was saved here and the catalogue no longer touches it.
          </p>

          {notice && (
            <p role="status" className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-inset ring-emerald-200">
              <CheckIcon className="size-4 shrink-0" />
              {notice}
            </p>
          )}
          {failure && <ErrorAlert>{failure}</ErrorAlert>}

          <Card className="overflow-hidden">
            <div className="relative overflow-x-auto">
              <table className="w-full min-w-[60rem] text-left text-sm" data-testid="skills-table">
                <caption className="sr-only">Skills, active and inactive</caption>
                <thead className="border-b border-slate-200 bg-slate-50/80 text-xs text-slate-500">
                  <tr>
                    <Th className="pl-5">Skill</Th>
                    <Th>Genre</Th>
                    <Th>Ratio</Th>
                    <Th>Input</Th>
                    <Th>Needs image</Th>
                    <Th>Origin</Th>
                    <Th>Active</Th>
                    <Th className="pr-5">
                      <span className="sr-only">Edit</span>
                    </Th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {skills.length === 0 && (
                    <tr>
                      <td colSpan={8} className="px-5 py-10 text-center text-sm text-slate-500">
                        No skills yet.
                      </td>
                    </tr>
                  )}
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
                            onChange={(active) => requestActive(s, active)}
                          />
                          <span className="text-xs text-slate-500" data-testid={`state-${s.slug}`}>
                            {s.active ? 'Active' : 'Inactive'}
                          </span>
                        </div>
                      </td>
                      <td className="py-3 pr-5 text-right">
                        <Button variant="secondary" size="sm" onClick={() => open({ mode: 'edit', slug: s.slug })} aria-label={`Edit ${s.slug}`}>
                          Edit
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        </>
      )}

      <ConfirmDialog
        open={pendingToggle !== null}
        title="Make this an operator skill?"
        confirmLabel={pendingToggle?.active ? 'Activate' : 'Deactivate'}
        tone={pendingToggle?.active ? 'primary' : 'danger'}
        busy={toggle.isPending}
        onConfirm={() => {
          if (!pendingToggle) return;
          setAcknowledged(true);
          void setActive(pendingToggle.skill, pendingToggle.active);
        }}
        onCancel={() => setPendingToggle(null)}
      >
        {pendingToggle?.skill.zh_name} ships with Studio’s catalogue. Changing it here makes it operator-owned: the catalogue no longer keeps it in
        step with its file. You will not be asked again on this page.
      </ConfirmDialog>
    </div>
  );
}

function Th({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <th scope="col" className={cn('py-2.5 pr-3 font-medium whitespace-nowrap', className)}>
      {children}
    </th>
  );
}
