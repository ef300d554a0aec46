/**
 * Anonymous reports: every category's switch (public, read by the create form) and the admins' save.
 * Kept out of api/posts.ts so the feed's first paint does not carry it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@civicpulse/shared';
import toast from '../toast';
import { call, errorMessage } from './client';

export const categorySettingKeys = { all: () => ['categorySettings'] as const };

export function useCategorySettings() {
  return useQuery({
    queryKey: categorySettingKeys.all(),
    queryFn: ({ signal }) => call('GET /api/categories', { auth: false, signal }),
    staleTime: 60_000,
  });
}

/** Whether residents may hide their name in `category`: true until the settings say otherwise. */
export function useAnonymousAllowed(category: Category): boolean {
  const settings = useCategorySettings();
  return settings.data?.categories.find((c) => c.code === category)?.anonymousAllowed ?? true;
}

export function useSaveCategorySetting(failure: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: { category: Category; anonymousAllowed: boolean }) =>
      call('PUT /api/admin/categories/:category', { params: { category: edit.category }, body: { anonymousAllowed: edit.anonymousAllowed } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void client.invalidateQueries({ queryKey: categorySettingKeys.all() });
    },
    onError: (err) => toast.error(errorMessage(err, failure)),
  });
}
