import { describe, expect, it } from 'vitest';
import { chatSnippets, requestSnippets } from './snippets';

describe('chatSnippets', () => {
  it('fills the base URL and the routing model, with the key as a placeholder', () => {
    const s = chatSnippets('https://studio.example.com/');
    expect(s.curl).toContain('https://studio.example.com/api/chat/completions');
    expect(s.curl).toContain('$STUDIO_API_KEY');
    expect(s.js).toContain("baseURL: 'https://studio.example.com/api'");
    expect(s.js).toContain('process.env.STUDIO_API_KEY');
    expect(s.js).toContain('stream: true');
    expect(s.python).toContain('os.environ["STUDIO_API_KEY"]');
    for (const code of Object.values(s)) expect(code).toContain('studio-auto');
  });
});

describe('requestSnippets', () => {
  it('sends exactly the body, quoted for the shell even when the prompt has quotes', async () => {
    const body = { prompt: 'it\'s a "quoted" $HOME `prompt`', ratio: '3:4' };
    const s = requestSnippets('http://127.0.0.1:3000/', '/generate', body);
    expect(s.curl).toContain('http://127.0.0.1:3000/api/generate');
    expect(s.curl).toContain('Bearer $STUDIO_API_KEY');
    const { execFileSync } = await import('node:child_process');
    // The shell gives back the JSON exactly: no expansion inside the quoted body.
    const quoted = s.curl.slice(s.curl.indexOf("-d '") + 3);
    const echoed = execFileSync('sh', ['-c', `printf %s ${quoted}`], { encoding: 'utf8' });
    expect(JSON.parse(echoed)).toEqual(body);
    expect(s.js).toContain('process.env.STUDIO_API_KEY');
    expect(s.js).toContain('"ratio": "3:4"');
  });
});
