import type { ChatUsage } from './sse';

/** An uploaded image attached to a user turn. */
export interface Attachment {
  url: string;
  name: string;
}

export type AnswerStatus = 'streaming' | 'done' | 'stopped' | 'failed';

export interface Turn {
  id: string;
  text: string;
  images: Attachment[];
  /** The model asked for (`studio-auto` or a family). */
  requested: string;
  answer: {
    text: string;
    status: AnswerStatus;
    /** The model that answered, from the stream's chunks. */
    model: string | null;
    usage: ChatUsage | null;
    credits: number | null;
    error: string | null;
  };
}

export type ConversationAction =
  | { type: 'send'; id: string; text: string; images: Attachment[]; model: string }
  | { type: 'delta'; id: string; text: string; model: string | null }
  | { type: 'usage'; id: string; usage: ChatUsage; credits: number | null }
  | { type: 'fail'; id: string; message: string }
  | { type: 'finish'; id: string }
  | { type: 'stop'; id: string }
  | { type: 'reset' };

function update(turns: Turn[], id: string, change: (answer: Turn['answer']) => Partial<Turn['answer']>): Turn[] {
  return turns.map((t) => (t.id === id ? { ...t, answer: { ...t.answer, ...change(t.answer) } } : t));
}

export function conversationReducer(turns: Turn[], action: ConversationAction): Turn[] {
  switch (action.type) {
    case 'send':
      return [
        ...turns,
        {
          id: action.id,
          text: action.text,
          images: action.images,
          requested: action.model,
          answer: { text: '', status: 'streaming', model: null, usage: null, credits: null, error: null },
        },
      ];
    case 'delta':
      return update(turns, action.id, (a) => ({ text: a.text + action.text, model: a.model ?? action.model }));
    case 'usage':
      return update(turns, action.id, () => ({ usage: action.usage, credits: action.credits }));
    case 'fail':
      return update(turns, action.id, () => ({ status: 'failed', error: action.message }));
    case 'finish':
      // A stream that already failed or was stopped keeps that status.
      return update(turns, action.id, (a) => ({ status: a.status === 'streaming' ? 'done' : a.status }));
    case 'stop':
      return update(turns, action.id, (a) => ({ status: a.status === 'streaming' ? 'stopped' : a.status }));
    case 'reset':
      return [];
  }
}

type ApiContent = string | ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[];
export type ApiMessage = { role: 'user'; content: ApiContent } | { role: 'assistant'; content: string };

function userContent(t: Pick<Turn, 'text' | 'images'>): ApiContent {
  if (t.images.length === 0) return t.text;
  const parts: Exclude<ApiContent, string> = t.text ? [{ type: 'text', text: t.text }] : [];
  return [...parts, ...t.images.map((i) => ({ type: 'image_url' as const, image_url: { url: i.url } }))];
}

/**
 * The history sent with a new turn: every earlier turn that got an answer, then the new question.
 * A failed turn, or one stopped before any text, is left out so the model never sees a question
 * without its answer.
 */
export function requestMessages(turns: Turn[], next: Pick<Turn, 'text' | 'images'>): ApiMessage[] {
  const history = turns
    .filter((t) => t.answer.status !== 'failed' && t.answer.status !== 'streaming' && t.answer.text)
    .flatMap((t): ApiMessage[] => [
      { role: 'user', content: userContent(t) },
      { role: 'assistant', content: t.answer.text },
    ]);
  return [...history, { role: 'user', content: userContent(next) }];
}

/** The conversation's running totals. */
export function conversationTotals(turns: Turn[]): { credits: number; tokens: number; answers: number } {
  let credits = 0;
  let tokens = 0;
  let answers = 0;
  for (const t of turns) {
    credits += t.answer.credits ?? 0;
    tokens += t.answer.usage?.total ?? 0;
    if (t.answer.usage) answers += 1;
  }
  return { credits, tokens, answers };
}
