/** The admin console's Open311 API keys (issue 16): list, issue (the key comes back once), revoke. */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Open311Key } from '@civicpulse/shared';
import { api } from './client';

/** Under ['admin'], so the audit log reloads with it. */
const keysKey = ['admin', 'open311Keys'] as const;

export function useOpen311Keys() {
  return useInfiniteQuery({
    queryKey: keysKey,
    queryFn: ({ pageParam, signal }) =>
      api<{ keys: Open311Key[]; nextCursor: string | null }>(`/api/admin/open311Keys${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

export function useIssueOpen311Key() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; contact: string }) =>
      api<{ message: string; key: Open311Key; apiKey: string }>('/api/admin/open311Keys', { json: { name: input.name, contact: input.contact || undefined } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useRevokeOpen311Key() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/admin/open311Keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
