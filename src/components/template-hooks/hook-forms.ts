import { z } from 'zod';
import type { useTranslations } from 'next-intl';
import { hookBindSchema, hookUpdateSchema } from '@/contracts/template-hooks';
import { optionalText, worded, type Words } from '@/components/console/form-rules';

const bind = hookBindSchema.shape;
const update = hookUpdateSchema.shape;

/** The refusals of the hook forms, from the `hooks.form` catalogue (`useTranslations` or `getTranslations`). */
export type HookFormErrors = ReturnType<typeof useTranslations<'hooks.form'>>;

/** The bind form and the edit form of one hook, refusing in the page's language. */
export function hookForms(t: HookFormErrors) {
  const noteWords: Words = { too_big: (issue) => t('noteTooLong', { max: 'maximum' in issue ? Number(issue.maximum) : 500 }) };

  const common = {
    image_template_slug: z.string().min(1, t('imageRequired')).pipe(worded(bind.image_template_slug)),
    /** null until the switch is used: a binding that exists keeps its state, a new one starts enabled. */
    enabled: z.boolean().nullable(),
    note: optionalText.pipe(worded(bind.note, noteWords)),
  };

  const target = (type: 'article' | 'video') => z.string().min(1, t('targetRequired', { type })).pipe(worded(bind.hook_template_slug));

  /** The bind form; the downstream template is asked for in the words of the chosen hook type. */
  const bindFormSchema = z.discriminatedUnion('hook_type', [
    z.object({ ...common, hook_type: z.literal('article'), hook_template_slug: target('article') }),
    z.object({ ...common, hook_type: z.literal('video'), hook_template_slug: target('video') }),
  ]);

  /** The edit form of one hook: the body of `hooks.update` less the hook's id (a cleared note is sent, and clears it). */
  const editHookSchema = z.object({
    hook_template_slug: z.string().pipe(worded(update.hook_template_slug.unwrap())),
    enabled: z.boolean(),
    note: z.string().trim().pipe(worded(update.note.unwrap(), noteWords)),
  });

  return { bindFormSchema, editHookSchema };
}
