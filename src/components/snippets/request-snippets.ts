/**
 * Ready-to-run calls of Studio's REST API in curl, JavaScript (fetch) and Python (requests), built
 * from one request description, for the API reference, the Playground and the job page alike. The key
 * is never written in: every snippet sends `Authorization: Bearer` with it read from the environment
 * variable `STUDIO_API_KEY`, as the chat page's snippets do.
 */

export type SnippetLanguage = 'curl' | 'js' | 'python';

export const KEY_VARIABLE = 'STUDIO_API_KEY';

/** `https://host/api` from a base URL with or without a trailing slash. */
export const apiBase = (baseUrl: string): string => `${baseUrl.replace(/\/+$/, '')}/api`;

export interface ApiRequest {
  method: string;
  /** The path under /api, with `{name}` templates filled from `pathParams`. */
  path: string;
  pathParams?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** multipart/form-data fields; `@name` is a local file. */
  form?: Record<string, string>;
  /** false for the public endpoints (claim codes), which take no key. */
  auth?: boolean;
  /** A server-sent event stream: printed as it arrives. */
  stream?: boolean;
}

/** The full address of a request, query included. */
export function requestUrl(baseUrl: string, request: Pick<ApiRequest, 'path' | 'pathParams' | 'query'>): string {
  const path = request.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(request.pathParams?.[name] ?? name),
  );
  const query = new URLSearchParams(Object.entries(request.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  return `${apiBase(baseUrl)}${path}${query ? `?${query}` : ''}`;
}

/** A shell word in single quotes: nothing inside is expanded; a quote becomes '\''. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A Python literal of a JSON value (True/False/None), indented like json.dumps(indent=4). */
export function pythonLiteral(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent + 4);
  const end = ' '.repeat(indent);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${pad}${pythonLiteral(v, indent + 4)}`).join(',\n')},\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pythonLiteral(v, indent + 4)}`).join(',\n')},\n${end}}`;
}

function curl(baseUrl: string, r: ApiRequest): string {
  const lines = [
    `curl${r.stream ? ' -N' : ''}${r.method === 'GET' ? '' : ` -X ${r.method}`} ${shellQuote(requestUrl(baseUrl, r))}`,
  ];
  if (r.auth !== false) lines.push(`-H "Authorization: Bearer $${KEY_VARIABLE}"`);
  for (const [name, value] of Object.entries(r.headers ?? {})) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (r.body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(r.body, null, 2))}`);
  }
  for (const [name, value] of Object.entries(r.form ?? {})) lines.push(`-F ${shellQuote(`${name}=${value}`)}`);
  return lines.join(' \\\n  ');
}

function js(baseUrl: string, r: ApiRequest): string {
  const headers: string[] = [];
  if (r.auth !== false) headers.push(`Authorization: \`Bearer \${process.env.${KEY_VARIABLE}}\``);
  for (const [name, value] of Object.entries(r.headers ?? {}))
    headers.push(`${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  if (r.body !== undefined) headers.push(`'Content-Type': 'application/json'`);
  const options = [`  method: '${r.method}',`];
  if (headers.length) options.push(`  headers: { ${headers.join(', ')} },`);
  if (r.body !== undefined)
    options.push(`  body: JSON.stringify(${JSON.stringify(r.body, null, 2).replace(/\n/g, '\n  ')}),`);
  const lines: string[] = [];
  if (r.form) {
    lines.push(`import { openAsBlob } from 'node:fs';`, '', 'const form = new FormData();');
    for (const [name, value] of Object.entries(r.form)) {
      lines.push(
        value.startsWith('@')
          ? `form.append(${JSON.stringify(name)}, await openAsBlob(${JSON.stringify(value.slice(1))}), ${JSON.stringify(value.slice(1))});`
          : `form.append(${JSON.stringify(name)}, ${JSON.stringify(value)});`,
      );
    }
    options.push('  body: form,');
    lines.push('');
  }
  lines.push(`const response = await fetch(${JSON.stringify(requestUrl(baseUrl, r))}, {`, ...options, '});');
  lines.push(`console.log(response.status, response.headers.get('x-request-id'));`);
  if (r.stream)
    lines.push(
      'const decoder = new TextDecoder();',
      'for await (const chunk of response.body) process.stdout.write(decoder.decode(chunk));',
    );
  else lines.push('console.log(await response.json());');
  return lines.join('\n');
}

function python(baseUrl: string, r: ApiRequest): string {
  const args = [`    ${JSON.stringify(requestUrl(baseUrl, r))},`];
  const headers: string[] = [];
  if (r.auth !== false) headers.push(`"Authorization": f"Bearer {os.environ['${KEY_VARIABLE}']}"`);
  for (const [name, value] of Object.entries(r.headers ?? {}))
    headers.push(`${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  if (headers.length) args.push(`    headers={${headers.join(', ')}},`);
  if (r.body !== undefined) args.push(`    json=${pythonLiteral(r.body, 4)},`);
  const files = Object.entries(r.form ?? {}).filter(([, v]) => v.startsWith('@'));
  const fields = Object.entries(r.form ?? {}).filter(([, v]) => !v.startsWith('@'));
  if (files.length)
    args.push(
      `    files={${files.map(([k, v]) => `${JSON.stringify(k)}: open(${JSON.stringify(v.slice(1))}, "rb")`).join(', ')}},`,
    );
  if (fields.length) args.push(`    data=${pythonLiteral(Object.fromEntries(fields), 4)},`);
  if (r.stream) args.push('    stream=True,');
  const imports = [...(r.auth !== false ? ['import os'] : []), 'import requests'];
  return [
    ...imports,
    '',
    `response = requests.${r.method.toLowerCase()}(`,
    ...args,
    ')',
    'print(response.status_code, response.headers.get("X-Request-Id"))',
    ...(r.stream ? ['for line in response.iter_lines():', '    print(line.decode())'] : ['print(response.json())']),
  ].join('\n');
}

export function requestSnippets(baseUrl: string, request: ApiRequest): Record<SnippetLanguage, string> {
  return { curl: curl(baseUrl, request), js: js(baseUrl, request), python: python(baseUrl, request) };
}
