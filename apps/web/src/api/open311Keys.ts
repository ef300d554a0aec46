/** The admin console's Open311 API keys (issue 16): list, issue (the key comes back once), revoke. */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

/** Under ['admin'], so the audit log reloads with it. */
const keysKey = ['admin', 'open311Keys'] as const;

export function useOpen311Keys() {
  return useInfiniteQuery({
    queryKey: keysKey,
    queryFn: ({ pageParam, signal }) => call('GET /api/admin/open311Keys', { query: { cursor: pageParam || undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

export function useIssueOpen311Key() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; contact: string }) =>
      call('POST /api/admin/open311Keys', { body: { name: input.name, contact: input.contact || undefined } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useRevokeOpen311Key() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/admin/open311Keys/:id', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
