import { describe, expect, it } from 'vitest';
import { completionFrom, finishReason } from './anthropic-answer';
import { DEFAULT_MAX_TOKENS, messagesRequest } from './anthropic-request';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('Chat Completions bodies as Anthropic Messages requests', () => {
  it('moves system messages to `system`, images to image blocks, and names the upstream model', () => {
    const req = messagesRequest(
      'claude-sonnet-4-5',
      {
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'developer', content: [{ type: 'text', text: 'Answer in English.' }] },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: PNG } },
              { type: 'image_url', image_url: { url: 'https://example.com/a.jpg' } },
            ],
          },
        ],
        max_tokens: 100,
        temperature: 0.5,
        top_p: 0.9,
        stop: 'END',
      },
      false,
    );
    expect(req).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      system: 'Be brief.\n\nAnswer in English.',
      temperature: 0.5,
      top_p: 0.9,
      stop_sequences: ['END'],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.jpg' } },
          ],
        },
      ],
    });
  });

  it('sends max_completion_tokens first, else the documented default, and `stream` only when streaming', () => {
    const messages = [{ role: 'user', content: 'hi' }];
    expect(messagesRequest('m', { messages, max_completion_tokens: 7, max_tokens: 9 }, true)).toMatchObject({
      max_tokens: 7,
      stream: true,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    });
    const plain = messagesRequest('m', { messages }, false);
    expect(plain.max_tokens).toBe(DEFAULT_MAX_TOKENS);
    expect(plain).not.toHaveProperty('stream');
  });

  it('translates tools, tool choices, tool calls and merged tool results', () => {
    const tools = [
      { type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object' } } },
    ];
    const req = messagesRequest(
      'm',
      {
        messages: [
          { role: 'user', content: 'Weather in Paris and Rome?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
              { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'call_1', content: '18C' },
          { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: '24C' }] },
        ],
        tools,
        tool_choice: 'required',
        parallel_tool_calls: false,
      },
      false,
    );
    expect(req.tools).toEqual([{ name: 'get_weather', description: 'Weather', input_schema: { type: 'object' } }]);
    expect(req.tool_choice).toEqual({ type: 'any', disable_parallel_tool_use: true });
    expect(req.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Rome?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'call_2', name: 'get_weather', input: { city: 'Rome' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1', content: '18C' },
          { type: 'tool_result', tool_use_id: 'call_2', content: '24C' },
        ],
      },
    ]);
    const choice = (c: unknown) => messagesRequest('m', { messages: [], tools, tool_choice: c }, false).tool_choice;
    expect(choice('auto')).toEqual({ type: 'auto' });
    expect(choice('none')).toEqual({ type: 'none' });
    expect(choice({ type: 'function', function: { name: 'get_weather' } })).toEqual({
      type: 'tool',
      name: 'get_weather',
    });
  });

  it('refuses JSON mode and several choices as unsupported rather than dropping them', () => {
    const messages = [{ role: 'user', content: 'hi' }];
    expect(() => messagesRequest('m', { messages, response_format: { type: 'json_object' } }, false)).toThrow(
      expect.objectContaining({ errorClass: 'unsupported', code: 'unsupported_parameter' }),
    );
    expect(() => messagesRequest('m', { messages, n: 2 }, false)).toThrow(
      expect.objectContaining({ errorClass: 'unsupported' }),
    );
    expect(messagesRequest('m', { messages, response_format: { type: 'text' } }, false)).not.toHaveProperty(
      'response_format',
    );
  });
});

describe('Anthropic answers in the Chat Completions shape', () => {
  it('maps every stop reason', () => {
    expect(['end_turn', 'stop_sequence', 'max_tokens', 'tool_use', 'refusal', null].map(finishReason)).toEqual([
      'stop',
      'stop',
      'length',
      'tool_calls',
      'content_filter',
      null,
    ]);
  });

  it('answers tool calls with JSON string arguments and counts cache tokens as prompt tokens', () => {
    const c = completionFrom({
      id: 'msg_1',
      type: 'message',
      model: 'claude-x',
      stop_reason: 'tool_use',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
      ],
      usage: { input_tokens: 10, cache_creation_input_tokens: 5, cache_read_input_tokens: 20, output_tokens: 7 },
    });
    expect(c.choices[0]?.message).toEqual({
      role: 'assistant',
      content: 'Checking.',
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      ],
    });
    expect(c.choices[0]?.finish_reason).toBe('tool_calls');
    expect(c.usage).toEqual({ prompt_tokens: 35, completion_tokens: 7, total_tokens: 42 });
  });

  it('ends a refusal without content as the caller’s refusal, and a body that is no message as bad output', () => {
    const refusal = { id: 'm', type: 'message' as const, model: 'x', stop_reason: 'refusal', content: [], usage: {} };
    expect(() => completionFrom(refusal)).toThrow(expect.objectContaining({ errorClass: 'refused' }));
    expect(() => completionFrom({ error: 'x' } as never)).toThrow(
      expect.objectContaining({ errorClass: 'bad_output' }),
    );
  });
});
