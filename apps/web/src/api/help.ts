import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from './client';
import { currentLanguage, useTranslation } from '../i18n';

/**
 * The articles come in the language the client asks for (Accept-Language), so the language is part of
 * the query key: a switch fetches (or finds cached) the other language's articles.
 */
function useHelpLanguage() {
  useTranslation();
  return currentLanguage();
}

/** GET /api/help: every help article's title and summary (the list on /help). */
export function useHelpArticles() {
  const lang = useHelpLanguage();
  return useQuery({
    queryKey: ['help', lang],
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => call('GET /api/help', { signal, auth: false }),
    select: (data) => data.articles,
  });
}

/** GET /api/help/:slug: one article (404 for an unknown slug). */
export function useHelpArticle(slug: string) {
  const lang = useHelpLanguage();
  return useQuery({
    queryKey: ['help', lang, slug],
    staleTime: 5 * 60_000,
    // A 404 stays a 404; only a failed connection or a server error is worth a second try.
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
    queryFn: ({ signal }) => call('GET /api/help/:slug', { params: { slug }, signal, auth: false }),
    select: (data) => data.article,
  });
}
