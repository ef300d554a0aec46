import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from './client';

export interface HelpArticleSummary {
  slug: string;
  title: string;
  summary: string;
}

export interface HelpArticleFull extends HelpArticleSummary {
  /** Markdown: `##` sections, lists, **bold**. */
  body: string;
}

/** GET /api/help: every help article's title and summary (the list on /help). */
export function useHelpArticles() {
  return useQuery({
    queryKey: ['help'],
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api<{ articles: HelpArticleSummary[] }>('/api/help', { signal, auth: false }),
    select: (data) => data.articles,
  });
}

/** GET /api/help/:slug: one article (404 for an unknown slug). */
export function useHelpArticle(slug: string) {
  return useQuery({
    queryKey: ['help', slug],
    staleTime: 5 * 60_000,
    // A 404 stays a 404; only a failed connection or a server error is worth a second try.
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
    queryFn: ({ signal }) => api<{ article: HelpArticleFull }>(`/api/help/${encodeURIComponent(slug)}`, { signal, auth: false }),
    select: (data) => data.article,
  });
}
