import { describe, expect, it } from 'vitest';
import type { SearchEntry } from './search-entries';
import { searchReference } from './search-match';

const entry = (id: string, title: string, path: string, fields: [string, string][] = []): SearchEntry => ({
  id,
  group: 'g',
  groupTitle: '领取码',
  method: 'post',
  path,
  title,
  operationId: id,
  fields,
});

const entries = [
  entry('claims-create', '创建领取码', '/api/tenant-claims', [['credits', '领取人获得的积分']]),
  entry('videos-submit', '提交视频任务（异步）', '/api/videos', [['callback_url', '回调地址']]),
  entry('usage-usage', '按天和类别统计的积分消耗', '/api/tenant-usage'),
];

describe('the reference search', () => {
  it('finds operations by title, path and operation id, every word of the query', () => {
    expect(searchReference(entries, '领取码')[0]?.entry.id).toBe('claims-create');
    expect(searchReference(entries, 'tenant-usage').map((h) => h.entry.id)).toEqual(['usage-usage']);
    expect(searchReference(entries, 'VIDEOS submit').map((h) => h.entry.id)).toEqual(['videos-submit']);
    expect(searchReference(entries, 'videos nothing')).toEqual([]);
  });

  it('finds an operation by a field, and says which field', () => {
    const [hit] = searchReference(entries, 'callback_url');
    expect(hit?.entry.id).toBe('videos-submit');
    expect(hit?.field).toEqual({ name: 'callback_url', description: '回调地址' });
  });

  it('ranks title matches above field matches, and an empty query finds nothing', () => {
    expect(searchReference(entries, '积分').map((h) => h.entry.id)).toEqual(['usage-usage', 'claims-create']);
    expect(searchReference(entries, '   ')).toEqual([]);
  });
});
