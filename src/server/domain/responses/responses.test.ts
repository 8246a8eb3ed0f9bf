import { describe, expect, it } from 'vitest';
import { chatRequestSchema } from '@/contracts/chat';
import { AppError } from '@/server/errors';
import type { ChatOutput } from '@/server/domain/chat/proxy';
import { completionToResponse, responseIdOfItem, responseShell } from './output';
import { chatBody, chatMessages, parseResponses } from './request';
import { responseEvents } from './stream';

const refusal = (body: unknown): AppError => {
  try {
    parseResponses(body);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('accepted');
};

describe('Responses requests', () => {
  it('refuses an unknown field in OpenAI’s words, naming it', () => {
    const e = refusal({ model: 'studio-auto', input: 'hi', foo: 1 });
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toBe('Unrecognized request argument supplied: foo');
  });

  it.each(['web_search', 'file_search', 'code_interpreter', 'image_generation', 'mcp', 'computer_use_preview'])(
    'refuses the built-in tool %s by name',
    (type) => {
      const e = refusal({ input: 'hi', tools: [{ type: 'function', name: 'f' }, { type }] });
      expect(e.message).toContain(`built-in tool '${type}' (tools[1])`);
      expect(e.issues?.[0]?.path).toEqual(['tools', 1, 'type']);
    },
  );

  it('refuses files, background mode and a missing input', () => {
    expect(
      refusal({ input: [{ role: 'user', content: [{ type: 'input_file', file_id: 'file-1' }] }] }).message,
    ).toMatch(/does not read files/);
    expect(refusal({ input: 'x', background: true }).message).toMatch(/background/);
    expect(refusal({ model: 'studio-auto' }).message).toBe("Missing required parameter: 'input'.");
    expect(refusal({ input: 'x', tool_choice: { type: 'function', name: 'g' } }).message).toMatch(/not one of/);
    expect(refusal({ input: 'x', tool_choice: { type: 'web_search_preview' } }).message).toMatch(
      /tool_choice of type 'web_search_preview'/,
    );
  });

  it('translates items to chat messages: instructions first, a text and its calls one assistant message', () => {
    const parsed = parseResponses({
      model: 'studio-auto',
      instructions: 'Be brief.',
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'Weather in Paris?' },
            { type: 'input_image', image_url: 'https://example.com/a.png', detail: 'low' },
          ],
        },
        {
          type: 'message',
          id: 'msg_0123456789abcdef0123456789abcdef_0',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'Let me look.', annotations: [], logprobs: [] }],
        },
        {
          type: 'function_call',
          call_id: 'call_1',
          name: 'get_weather',
          arguments: '{"city":"Paris"}',
          status: 'completed',
        },
        { type: 'function_call_output', call_id: 'call_1', output: '{"temp_c":21}' },
      ],
      tools: [{ type: 'function', name: 'get_weather', parameters: { type: 'object' }, strict: true }],
      text: { format: { type: 'json_schema', name: 'w', schema: { type: 'object' }, strict: true } },
      max_output_tokens: 50,
      store: false,
    });
    const messages = chatMessages(parsed.items, parsed.request.instructions);
    expect(messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Weather in Paris?' },
          { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'low' } },
        ],
      },
      {
        role: 'assistant',
        content: 'Let me look.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"temp_c":21}' },
    ]);
    const body = chatBody(parsed, messages);
    // What the chat core checks again: a valid Chat Completions request.
    expect(chatRequestSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      max_completion_tokens: 50,
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' }, strict: true } }],
      response_format: { type: 'json_schema', json_schema: { name: 'w', schema: { type: 'object' }, strict: true } },
    });
    expect(parsed.store).toBe(false);
  });

  it('answers a completion as a Response whose items it accepts back unchanged', () => {
    const parsed = parseResponses({ input: 'hi' });
    const shell = responseShell('resp_0123456789abcdef0123456789abcdef', parsed, 1_800_000_000);
    const response = completionToResponse(shell, {
      model: 'studio-auto',
      choices: [
        {
          message: {
            content: 'Checking.',
            tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'f', arguments: '{}' } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 7, completion_tokens: 3 },
      credits: 2,
    });
    expect(response).toMatchObject({
      object: 'response',
      status: 'completed',
      output: [
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Checking.', annotations: [] }] },
        { type: 'function_call', call_id: 'call_9', name: 'f', arguments: '{}', status: 'completed' },
      ],
      usage: { input_tokens: 7, output_tokens: 3, total_tokens: 10 },
      credits: 2,
    });
    expect(responseIdOfItem(response.output[1]?.id ?? '')).toBe(shell.id);
    const again = parseResponses({ input: [{ role: 'user', content: 'hi' }, ...response.output] });
    expect(again.items).toHaveLength(3);
    const cut = completionToResponse(shell, { choices: [{ message: { content: 'a' }, finish_reason: 'length' }] });
    expect(cut).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
  });
});

function sink() {
  const state = { text: '', ended: false, opened: false };
  const out: ChatOutput = {
    json: () => undefined,
    open: () => void (state.opened = true),
    write: (t) => void (state.text += t),
    end: () => void (state.ended = true),
  };
  const events = () =>
    state.text
      .split('\n\n')
      .filter((b) => b.startsWith('event: '))
      .map((b) => JSON.parse(b.split('\ndata: ')[1] ?? 'null') as { type: string; sequence_number: number });
  return { state, out, events };
}

const data = (v: unknown) => `data: ${JSON.stringify(v)}\n\n`;

describe('Responses event stream', () => {
  const shell = responseShell('resp_00000000000000000000000000000001', parseResponses({ input: 'hi' }), 1);

  it('emits the Responses event sequence for text, then a function call, with usage at the end', async () => {
    const { out, events } = sink();
    const kept: unknown[] = [];
    const s = responseEvents(out, shell, (r) => Promise.resolve(void kept.push(r)));
    s.open({});
    await s.write(
      data({ model: 'studio-auto', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hel' } }] }),
    );
    await s.write(data({ choices: [{ index: 0, delta: { content: 'lo' } }] }) + ': keep-alive\n\n');
    await s.write(
      data({
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '' } }],
            },
          },
        ],
      }),
    );
    await s.write(
      data({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"a":1}' } }] } }] }),
    );
    await s.write(data({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }));
    await s.write(
      data({ choices: [], usage: { prompt_tokens: 4, completion_tokens: 5, total_tokens: 9 }, credits: 3 }),
    );
    await s.write('data: [DONE]\n\n');
    s.end();
    const list = events();
    expect(list.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(list.map((e) => e.sequence_number)).toEqual(list.map((_, i) => i));
    const completed = list.at(-1) as unknown as { response: Record<string, unknown> };
    expect(completed.response).toMatchObject({
      status: 'completed',
      usage: { input_tokens: 4, output_tokens: 5, total_tokens: 9 },
      credits: 3,
      output: [
        { type: 'message', status: 'completed', content: [{ type: 'output_text', text: 'Hello' }] },
        { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{"a":1}', status: 'completed' },
      ],
    });
    expect(kept).toEqual([completed.response]);
  });

  it('ends with response.failed when the upstream broke off, and stores nothing', async () => {
    const { out, events } = sink();
    const kept: unknown[] = [];
    const s = responseEvents(out, shell, (r) => Promise.resolve(void kept.push(r)));
    s.open({});
    await s.write(data({ choices: [{ index: 0, delta: { content: 'Hi' } }] }));
    await s.write(
      data({ error: { message: 'The answer broke off', type: 'server_error', code: 'upstream_stream_broken' } }),
    );
    const last = events().at(-1) as unknown as { type: string; response: Record<string, unknown> };
    expect(last.type).toBe('response.failed');
    expect(last.response).toMatchObject({
      status: 'failed',
      error: { code: 'upstream_stream_broken', message: 'The answer broke off' },
    });
    expect(kept).toEqual([]);
  });

  it('says response.incomplete when the token limit cut the answer', async () => {
    const { out, events } = sink();
    const s = responseEvents(out, shell, () => Promise.resolve());
    s.open({});
    await s.write(data({ choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: 'length' }] }));
    await s.write('data: [DONE]\n\n');
    const last = events().at(-1) as unknown as { type: string; response: Record<string, unknown> };
    expect(last.type).toBe('response.incomplete');
    expect(last.response).toMatchObject({ incomplete_details: { reason: 'max_output_tokens' } });
  });
});
