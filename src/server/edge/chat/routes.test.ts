import { describe, expect, it } from 'vitest';
import { isDirectPath } from '@/server/edge/server';
import { isChatRequest } from './node';
import { chatRoute } from './serve';

describe('the Responses routes of the chat core', () => {
  it('serves POST /api/responses and GET /api/responses/<id>, and answers OpenAI’s 404 under it', () => {
    expect(chatRoute('/api/responses')).toMatchObject({ dialect: 'openai', method: 'POST', responses: true });
    expect(chatRoute('/api/responses/')).toMatchObject({ method: 'POST', responses: true });
    expect(chatRoute('/api/responses/resp_0123abcd')).toMatchObject({
      method: 'GET',
      responses: true,
      responseId: 'resp_0123abcd',
    });
    expect(chatRoute('/api/responses/resp_1/input_items')).toEqual({ dialect: 'openai', method: null });
    expect(chatRoute('/api/responses/other')).toEqual({ dialect: 'openai', method: null });
  });

  it('takes key callers on the Node door and leaves the console session to Next.js', () => {
    expect(isChatRequest('/api/responses', { authorization: 'Bearer sk-x' })).toBe(true);
    expect(isChatRequest('/api/responses', {})).toBe(false);
    expect(isChatRequest('/api/responses/x/y', {})).toBe(true);
    expect(isDirectPath('/api/responses')).toBe(false);
  });
});
