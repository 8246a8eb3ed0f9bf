'use client';

import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import { CloseIcon, ImageIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import type { Attachment } from './conversation';
import { ImagePicker } from './image-picker';

interface ComposerProps {
  streaming: boolean;
  onSend: (text: string, images: Attachment[]) => void;
  onStop: () => void;
}

/** The question being written, its attached images, and Send (or Stop while an answer streams). */
export function Composer({ streaming, onSend, onStop }: ComposerProps) {
  const t = useTranslations('chat.composer');
  const id = useId();
  const [text, setText] = useState('');
  const [images, setImages] = useState<Attachment[]>([]);
  const [picking, setPicking] = useState(false);
  const ready = !streaming && (text.trim() !== '' || images.length > 0);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!ready) return;
    onSend(text.trim(), images);
    setText('');
    setImages([]);
    setPicking(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing (pinyin and the like) picks a candidate; it never sends.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };

  return (
    <form onSubmit={submit} className="space-y-3 border-t border-slate-100 px-4 py-4 sm:px-6" aria-label={t('message')}>
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('attach')}>
          {images.map((img) => (
            <li key={img.url} className="relative">
              {/* eslint-disable-next-line @next/next/no-img-element -- uploaded files are served as they are */}
              <img
                src={img.url}
                alt={img.name}
                className="size-14 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
              />
              <button
                type="button"
                aria-label={t('remove', { name: img.name })}
                onClick={() => setImages(images.filter((i) => i.url !== img.url))}
                className="absolute -top-1.5 -right-1.5 rounded-full bg-slate-900 p-0.5 text-white focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <CloseIcon className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {picking && <ImagePicker selected={images} onChange={setImages} />}
      <div>
        <label htmlFor={`${id}-text`} className="sr-only">
          {t('message')}
        </label>
        <Textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={3}
          placeholder={t('placeholder')}
          aria-describedby={`${id}-hint`}
          className="resize-y break-words"
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Button variant="secondary" size="sm" aria-expanded={picking} onClick={() => setPicking(!picking)}>
            <ImageIcon className="size-4" />
            {picking ? t('hideImages') : t('attach')}
            {images.length > 0 && (
              <span className="rounded-full bg-indigo-100 px-1.5 text-xs text-indigo-700">{images.length}</span>
            )}
          </Button>
          <p id={`${id}-hint`} className="hidden text-xs text-slate-500 sm:block">
            {t('hint')}
          </p>
        </div>
        {streaming ? (
          <Button variant="secondary" onClick={onStop} className="min-w-24">
            {t('stop')}
          </Button>
        ) : (
          <Button type="submit" disabled={!ready} className="min-w-24">
            {t('send')}
          </Button>
        )}
      </div>
    </form>
  );
}
