/**
 * Service levels (admins) and department figures and ranking (public), issue 16 items 6-7.
 * The figures move with take-overs, finishes and ratings, so any post write invalidates them.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepartmentMetrics, RankingAnswer, ServiceLevel } from '@civicpulse/shared';
import toast from '../toast';
import { api, errorMessage } from './client';

export const serviceLevelKeys = {
  levels: () => ['serviceLevels', 'levels'] as const,
  metrics: (id: string) => ['serviceLevels', 'metrics', id] as const,
  ranking: (city: string) => ['serviceLevels', 'ranking', city] as const,
};

export function useServiceLevels() {
  return useQuery({
    queryKey: serviceLevelKeys.levels(),
    queryFn: ({ signal }) => api<{ levels: ServiceLevel[] }>('/api/admin/service-levels', { signal }),
  });
}

export interface LevelEdit {
  category: ServiceLevel['category'];
  priority: ServiceLevel['priority'];
  responseHours: number;
  resolutionHours: number;
}

export function useSaveServiceLevel(failure: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: LevelEdit) =>
      api<{ message: string; level: ServiceLevel; recomputed: number }>('/api/admin/service-levels', { method: 'PUT', json: edit }),
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
    queryFn: ({ signal }) => api<{ metrics: DepartmentMetrics & { rank: number | null } }>(`/api/departments/${encodeURIComponent(id)}/metrics`, { signal }),
    enabled: id !== '',
  });
}

export function useRanking(city: string) {
  return useInfiniteQuery({
    queryKey: serviceLevelKeys.ranking(city),
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: '20' });
      if (city) q.set('city', city);
      if (pageParam) q.set('cursor', pageParam);
      return api<RankingAnswer>(`/api/departments/ranking?${q.toString()}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last: RankingAnswer) => last.nextCursor ?? undefined,
  });
}
