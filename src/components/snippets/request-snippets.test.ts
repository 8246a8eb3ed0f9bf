import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pythonLiteral, requestSnippets, requestUrl, shellQuote } from './request-snippets';

const BASE = 'https://studio.example.com/';
const tricky = {
  prompt: `店名叫"老王's 小馆"，写上 $HOME 和 \`date\``,
  ratio: '1:1',
  quality: 'high',
  n: 2,
  transparent: false,
  mask: null,
};

/** What bash makes of a word: the quoting must hand the text over unchanged. */
const throughBash = (word: string) => execFileSync('bash', ['-c', `printf '%s' ${word}`], { encoding: 'utf8' });

describe('shellQuote', () => {
  it('hands Chinese text, both quotes, $ and backticks to the program unchanged', () => {
    for (const text of [tricky.prompt, "it's", "''", '', '一只橘猫\n第二行', '\\n'])
      expect(throughBash(shellQuote(text))).toBe(text);
  });
});

describe('requestSnippets', () => {
  const post = requestSnippets(BASE, { method: 'POST', path: '/generate', body: tricky });

  it('curl: the base URL filled, the key from the environment, the JSON body bash passes as written', () => {
    expect(post.curl).toContain("-X POST 'https://studio.example.com/api/generate'");
    expect(post.curl).toContain('-H "Authorization: Bearer $STUDIO_API_KEY"');
    expect(post.curl).toContain("-H 'Content-Type: application/json'");
    const data = /-d ('(?:[^']|'\\'')*')$/.exec(post.curl)?.[1];
    expect(data).toBeDefined();
    expect(JSON.parse(throughBash(data ?? "''"))).toEqual(tricky);
    expect(post.curl).not.toContain('sk-studio');
  });

  it('JavaScript: fetch with the same body, the key from process.env, status and X-Request-Id printed', () => {
    expect(post.js).toContain('const response = await fetch("https://studio.example.com/api/generate", {');
    expect(post.js).toContain('Authorization: `Bearer ${process.env.STUDIO_API_KEY}`');
    const body = /body: JSON\.stringify\(([\s\S]*?)\),\n\}\);/.exec(post.js)?.[1];
    expect(JSON.parse(body ?? 'null')).toEqual(tricky);
    expect(post.js).toContain("response.headers.get('x-request-id')");
  });

  it('Python: requests with a Python literal of the body (True/False/None) and the key from os.environ', () => {
    expect(post.python).toContain('import os\nimport requests');
    expect(post.python).toContain('response = requests.post(\n    "https://studio.example.com/api/generate",');
    expect(post.python).toContain(`headers={"Authorization": f"Bearer {os.environ['STUDIO_API_KEY']}"}`);
    expect(post.python).toContain('"transparent": False');
    expect(post.python).toContain('"mask": None');
    expect(post.python).toContain(`"prompt": ${JSON.stringify(tricky.prompt)}`);
  });

  it('GET: query in the address, no body, no Content-Type; public endpoints send no key', () => {
    const get = requestSnippets(BASE, {
      method: 'GET',
      path: '/social-claims',
      query: { code: 'CLAIM 7/老' },
      auth: false,
    });
    expect(get.curl).toBe("curl 'https://studio.example.com/api/social-claims?code=CLAIM+7%2F%E8%80%81'");
    expect(get.js).not.toContain('Authorization');
    expect(get.python).not.toContain('import os');
    expect(get.python).toContain('requests.get(');
  });

  it('fills path templates and extra headers, streams event feeds and sends multipart files', () => {
    expect(requestUrl(BASE, { path: '/models/{id}', pathParams: { id: 'a b' } })).toBe(
      'https://studio.example.com/api/models/a%20b',
    );
    const stream = requestSnippets(BASE, {
      method: 'GET',
      path: '/jobs-stream',
      headers: { 'Last-Event-ID': '40' },
      stream: true,
    });
    expect(stream.curl).toContain("curl -N 'https://studio.example.com/api/jobs-stream'");
    expect(stream.curl).toContain("-H 'Last-Event-ID: 40'");
    expect(stream.python).toContain('stream=True');
    const upload = requestSnippets(BASE, {
      method: 'POST',
      path: '/upload-ref',
      form: { file: '@ref.png', workspace_id: 'w1' },
    });
    expect(upload.curl).toContain("-F 'file=@ref.png'");
    expect(upload.js).toContain('await openAsBlob("ref.png")');
    expect(upload.python).toContain('files={"file": open("ref.png", "rb")}');
  });
});

describe('pythonLiteral', () => {
  it('writes nested values as Python', () => {
    expect(pythonLiteral({ a: [1, true, null], b: {} })).toBe(
      '{\n    "a": [\n        1,\n        True,\n        None,\n    ],\n    "b": {},\n}',
    );
  });
});
