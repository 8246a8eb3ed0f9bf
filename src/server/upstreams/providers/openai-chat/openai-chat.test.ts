import { describe, expect, it } from 'vitest';
import { bodyForModel, isReasoningModel } from './openai-chat';

describe('chat bodies per model', () => {
  it('knows OpenAI’s reasoning model ids, and lets a channel say so itself', () => {
    for (const id of ['o1', 'o3-mini', 'o4-mini-2025-04-16', 'gpt-5', 'gpt-5.1', 'gpt-5-mini'])
      expect(isReasoningModel({ model: id, capabilities: {} })).toBe(true);
    for (const id of ['gpt-4.1', 'gpt-4o', 'deepseek-chat', 'omni-x', 'gpt-50x'])
      expect(isReasoningModel({ model: id, capabilities: {} })).toBe(false);
    expect(isReasoningModel({ model: 'my-model', capabilities: { reasoning: true } })).toBe(true);
    expect(isReasoningModel({ model: 'o3', capabilities: { reasoning: false } })).toBe(false);
  });

  it('renames max_tokens to max_completion_tokens for a reasoning model only', () => {
    const body = { messages: [{ role: 'user', content: 'hi' }], max_tokens: 50, temperature: 1 };
    expect(bodyForModel({ model: 'o3', capabilities: {} }, body)).toEqual({
      messages: body.messages,
      max_completion_tokens: 50,
      temperature: 1,
    });
    expect(bodyForModel({ model: 'gpt-4.1', capabilities: {} }, body)).toBe(body);
    // The caller's own max_completion_tokens wins.
    expect(bodyForModel({ model: 'o3', capabilities: {} }, { ...body, max_completion_tokens: 80 })).toMatchObject({
      max_completion_tokens: 80,
    });
    expect(bodyForModel({ model: 'o3', capabilities: {} }, { ...body, max_completion_tokens: 80 })).not.toHaveProperty(
      'max_tokens',
    );
  });
});
