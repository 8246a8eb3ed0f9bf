'use client';

import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { trpc } from '@/trpc/react';
import { conversationReducer, conversationTotals, requestMessages, type Attachment } from './conversation';
import { httpErrorText, readChatStream } from './sse';
import { consoleFetch } from '@/components/console/console-fetch';

const ENDPOINT = '/api/chat/completions';

/**
 * The conversation and its one request in flight: sends the whole history with each question,
 * streams the answer into its turn and lets the caller stop it.
 */
export function useChat() {
  const t = useTranslations('chat.errors');
  const [turns, dispatch] = useReducer(conversationReducer, []);
  const utils = trpc.useUtils();
  const inFlight = useRef<{ id: string; controller: AbortController } | null>(null);
  // The reducer's state as of the last render, so send() sees the history without re-creating itself.
  const latest = useRef(turns);
  useEffect(() => {
    latest.current = turns;
  }, [turns]);

  useEffect(() => () => inFlight.current?.controller.abort(), []);

  const send = useCallback(
    async (text: string, images: Attachment[], model: string) => {
      if (inFlight.current) return;
      const id = crypto.randomUUID();
      const controller = new AbortController();
      inFlight.current = { id, controller };
      const messages = requestMessages(latest.current, { text, images });
      dispatch({ type: 'send', id, text, images, model });
      try {
        // An answer streams for as long as it takes: no timeout, but a 401 goes to sign-in.
        const res = await consoleFetch(ENDPOINT, {
          timeoutMs: null,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model, messages, stream: true, stream_options: { include_usage: true } }),
          signal: controller.signal,
        });
        if (!res.ok) {
          dispatch({ type: 'fail', id, message: await httpErrorText(res) });
          return;
        }
        if (!res.body) {
          dispatch({ type: 'fail', id, message: t('noBody') });
          return;
        }
        for await (const event of readChatStream(res.body)) {
          if (event.type === 'delta') dispatch({ type: 'delta', id, text: event.text, model: event.model });
          else if (event.type === 'usage') dispatch({ type: 'usage', id, usage: event.usage, credits: event.credits });
          else if (event.type === 'error') dispatch({ type: 'fail', id, message: event.message });
        }
      } catch (err) {
        if (!controller.signal.aborted)
          dispatch({
            type: 'fail',
            id,
            message: err instanceof Error && err.message ? t('networkDetail', { detail: err.message }) : t('network'),
          });
      } finally {
        dispatch({ type: 'finish', id });
        if (inFlight.current?.id === id) inFlight.current = null;
        // The answer may have been charged: the balance shown on the page is read again.
        void utils.session.me.invalidate();
      }
    },
    [utils, t],
  );

  const stop = useCallback(() => {
    const current = inFlight.current;
    if (!current) return;
    dispatch({ type: 'stop', id: current.id });
    current.controller.abort();
  }, []);

  const reset = useCallback(() => {
    inFlight.current?.controller.abort();
    inFlight.current = null;
    dispatch({ type: 'reset' });
  }, []);

  const streaming = turns.some((t) => t.answer.status === 'streaming');
  return { turns, send, stop, reset, streaming, totals: conversationTotals(turns) };
}

export type ChatState = ReturnType<typeof useChat>;
