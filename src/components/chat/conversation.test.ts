import { describe, expect, it } from 'vitest';
import {
  conversationReducer,
  conversationTotals,
  requestMessages,
  type ConversationAction,
  type Turn,
} from './conversation';

const run = (actions: ConversationAction[], start: Turn[] = []) => actions.reduce(conversationReducer, start);
const image = { url: 'http://127.0.0.1:3100/files/t/uploads/a.png', name: 'a.png' };

describe('conversationReducer', () => {
  it('streams an answer into its turn and records what it cost', () => {
    const turns = run([
      { type: 'send', id: 'a', text: '写一首诗', images: [], model: 'studio-auto' },
      { type: 'delta', id: 'a', text: '春眠', model: 'chatmodel-1' },
      { type: 'delta', id: 'a', text: '不觉晓', model: 'chatmodel-1' },
      { type: 'usage', id: 'a', usage: { prompt: 5, completion: 7, total: 12 }, credits: 2 },
      { type: 'finish', id: 'a' },
    ]);
    expect(turns[0]?.answer).toEqual({
      text: '春眠不觉晓',
      status: 'done',
      model: 'chatmodel-1',
      usage: { prompt: 5, completion: 7, total: 12 },
      credits: 2,
      error: null,
    });
  });

  it('keeps a failure or a stop when the stream then ends', () => {
    const failed = run([
      { type: 'send', id: 'a', text: 'hi', images: [], model: 'studio-auto' },
      { type: 'fail', id: 'a', message: 'image input is not supported' },
      { type: 'finish', id: 'a' },
    ]);
    expect(failed[0]?.answer.status).toBe('failed');
    expect(failed[0]?.answer.error).toBe('image input is not supported');
    const stopped = run([
      { type: 'send', id: 'b', text: 'hi', images: [], model: 'studio-auto' },
      { type: 'stop', id: 'b' },
      { type: 'finish', id: 'b' },
    ]);
    expect(stopped[0]?.answer.status).toBe('stopped');
  });

  it('starts afresh on reset', () => {
    expect(run([{ type: 'send', id: 'a', text: 'hi', images: [], model: 'm' }, { type: 'reset' }])).toEqual([]);
  });
});

describe('requestMessages', () => {
  it('sends the answered history and the new question, images as image_url parts', () => {
    const turns = run([
      { type: 'send', id: 'a', text: '这是什么？', images: [image], model: 'studio-auto' },
      { type: 'delta', id: 'a', text: '一只猫', model: null },
      { type: 'finish', id: 'a' },
      { type: 'send', id: 'b', text: 'broken', images: [], model: 'studio-auto' },
      { type: 'fail', id: 'b', message: 'no' },
    ]);
    expect(requestMessages(turns, { text: '它是什么颜色？', images: [] })).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: '这是什么？' },
          { type: 'image_url', image_url: { url: image.url } },
        ],
      },
      { role: 'assistant', content: '一只猫' },
      { role: 'user', content: '它是什么颜色？' },
    ]);
  });

  it('sends an image alone without an empty text part', () => {
    expect(requestMessages([], { text: '', images: [image] })).toEqual([
      { role: 'user', content: [{ type: 'image_url', image_url: { url: image.url } }] },
    ]);
  });
});

describe('conversationTotals', () => {
  it('adds the credits and tokens of every answer', () => {
    const turns = run([
      { type: 'send', id: 'a', text: '1', images: [], model: 'm' },
      { type: 'usage', id: 'a', usage: { prompt: 1, completion: 2, total: 3 }, credits: 2 },
      { type: 'send', id: 'b', text: '2', images: [], model: 'm' },
      { type: 'usage', id: 'b', usage: { prompt: 4, completion: 5, total: 9 }, credits: 1 },
      { type: 'send', id: 'c', text: '3', images: [], model: 'm' },
    ]);
    expect(conversationTotals(turns)).toEqual({ credits: 3, tokens: 12, answers: 2 });
  });
});
