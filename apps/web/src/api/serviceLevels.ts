/**
 * Service levels (admins) and department figures and ranking (public), issue 16 items 6-7.
 * The figures move with take-overs, finishes and ratings, so any post write invalidates them.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiAnswer, ApiBody } from '@civicpulse/shared';
import toast from '../toast';
import { call, errorMessage } from './client';

export const serviceLevelKeys = {
  levels: () => ['serviceLevels', 'levels'] as const,
  metrics: (id: string) => ['serviceLevels', 'metrics', id] as const,
  ranking: (city: string) => ['serviceLevels', 'ranking', city] as const,
};

export function useServiceLevels() {
  return useQuery({
    queryKey: serviceLevelKeys.levels(),
    queryFn: ({ signal }) => call('GET /api/admin/service-levels', { signal }),
  });
}

export type LevelEdit = ApiBody<'PUT /api/admin/service-levels'>;

export function useSaveServiceLevel(failure: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: LevelEdit) => call('PUT /api/admin/service-levels', { body: edit }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void client.invalidateQueries({ queryKey: serviceLevelKeys.levels() });
      void client.invalidateQueries({ queryKey: ['posts'] });
    },
    onError: (err) => toast.error(errorMessage(err, failure)),
  });
}

export function useDepartmentMetrics(id: string) {
  return useQuery({
    queryKey: serviceLevelKeys.metrics(id),
    queryFn: ({ signal }) => call('GET /api/departments/:id/metrics', { params: { id }, signal }),
    enabled: id !== '',
  });
}

export function useRanking(city: string) {
  return useInfiniteQuery({
    queryKey: serviceLevelKeys.ranking(city),
    queryFn: ({ pageParam, signal }) => call('GET /api/departments/ranking', { query: { limit: 20, city: city || undefined, cursor: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last: ApiAnswer<'GET /api/departments/ranking'>) => last.nextCursor ?? undefined,
  });
}
