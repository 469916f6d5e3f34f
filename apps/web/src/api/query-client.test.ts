import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { ApiError } from './api-error';
import { refetchAfterConflict } from './query-client';

const cached = () => {
  const client = new QueryClient();
  client.setQueryData(['project', 'p1'], { name: 'old' });
  return client;
};

describe('refetchAfterConflict', () => {
  test('a stale edit marks every cached answer stale', () => {
    const client = cached();
    refetchAfterConflict(client, new ApiError(409, 'Conflict', 'common.conflict', { changedBy: 'Anna' }));
    expect(client.getQueryState(['project', 'p1'])?.isInvalidated).toBe(true);
  });

  test('a version a colleague released meanwhile does so too', () => {
    const client = cached();
    refetchAfterConflict(client, new ApiError(409, 'Conflict', 'version.already_released', { changedBy: 'Tom' }));
    expect(client.getQueryState(['project', 'p1'])?.isInvalidated).toBe(true);
  });

  test('other failures leave the cache alone', () => {
    const client = cached();
    refetchAfterConflict(client, new ApiError(409, 'Conflict', 'project.number_taken'));
    refetchAfterConflict(client, new Error('offline'));
    expect(client.getQueryState(['project', 'p1'])?.isInvalidated).toBe(false);
  });
});
