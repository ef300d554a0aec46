/**
 * Languages in the web app (issue 17), on i18next + react-i18next.
 *
 * - The web app's own texts are i18next namespaces (locales/en, locales/hi): `const { t } = useTranslation('posts')`.
 * - The spec's texts stay the shared package's objects (TEXTS, POST_UI, ...; the server and the tests use
 *   them too). A screen shows them through `useLocalized(POST_UI)`, which answers the object itself in
 *   English and its Hindi twin (packages/shared/src/i18n/hi) in Hindi, with the same keys and functions.
 * - Only the `common` namespace (header, menus, footer) is bundled. Every other namespace, in either
 *   language, is its own small chunk loaded when a screen first asks for it (react-i18next suspends the
 *   screen meanwhile; initI18n preloads the first screen's, so the first paint never waits twice). The
 *   shared objects' Hindi is lazy: when the remembered or browser language is Hindi, the first render
 *   waits for the part the first screen shows (on the landing page, login, signup and the feed, a small
 *   core; elsewhere all of it), and the rest follows after the first contentful paint; lazy screens wait
 *   for it (`textsReady`), and a switch to Hindi loads all of it first. This keeps i18n inside the
 *   first-paint budget (e2e/tests/perf.spec.ts).
 * - The choice is remembered in localStorage (LANGUAGE_STORAGE_KEY); the first visit follows the
 *   browser's languages (languageDetector below). <html lang> and the API's Accept-Language follow it.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, languageOf, type Language, type Localized } from '@civicpulse/shared';
import type { BackendModule, LanguageDetectorModule, ReadCallback } from 'i18next';
import { common } from './locales/en/common';
import { afterFirstPaint } from '../lib/pageLoaded';
import type { Namespace } from './locales/en';

/**
 * English shared object → its Hindi twin. Filled in parts: before the first render in Hindi, only the
 * objects the first screen shows when it is one of the busiest first screens (landing page, login,
 * signup, the feed: `hindiPartsFor`), so their first paint stays small; every object once the first
 * contentful paint is there (or before the first render on any other screen, and before a switch).
 */
const hindi = new Map<object, object>();
/** The parts of `hindi` already in (or on their way), so each chunk is asked for once. */
const hindiParts = new Map<HindiPart, Promise<void>>();

/** Which of the shared objects' Hindi chunks: the frame's (core), the forms' length checks, the login form's, the feed's, or all. */
export type HindiPart = 'core' | 'forms' | 'login' | 'feed' | 'all';

const hindiLoaders: Record<HindiPart, () => Promise<readonly (readonly [object, object])[]>> = {
  core: () => import('@civicpulse/shared/i18n/hi/core').then((m) => m.HI_CORE_PAIRS),
  forms: () => import('@civicpulse/shared/i18n/hi/forms').then((m) => m.HI_FORMS_PAIRS),
  login: () => import('@civicpulse/shared/i18n/hi/login').then((m) => m.HI_LOGIN_PAIRS),
  feed: () => import('@civicpulse/shared/i18n/hi/feed').then((m) => m.HI_FEED_PAIRS),
  all: () => import('@civicpulse/shared/i18n/hi').then((m) => [...m.HI_BY_EN]),
};

/** Loads one part of the shared objects' Hindi (once); a failed load may be retried. */
function loadHindiPart(part: HindiPart): Promise<void> {
  if (part !== 'all' && hindiParts.has('all')) return hindiParts.get('all')!;
  let loading = hindiParts.get(part);
  if (!loading) {
    loading = hindiLoaders[part]().then((pairs) => {
      for (const [english, translated] of pairs) hindi.set(english, translated);
      // Mounted screens pick up the objects that just arrived (the same language: only additions, so
      // nothing already shown changes).
      if (part === 'all' && currentLanguage() === 'hi') i18next.emit('languageChanged', i18next.language);
    });
    loading.catch(() => hindiParts.delete(part));
    hindiParts.set(part, loading);
  }
  return loading;
}

/**
 * The parts of the shared objects' Hindi the screen at `pathname` needs for its first paint: only the
 * core (with the forms' checks on login and signup, the login form's, the feed's) on the landing page,
 * login, signup and the feed, everything elsewhere.
 * Mirrors `namespacesFor` below; a signed-in visitor of /login or /signup is sent on to the feed.
 */
export function hindiPartsFor(pathname: string, signedIn = false): HindiPart[] {
  if (signedIn && (pathname === '/' || /^\/(login|signup)\/?$/.test(pathname))) return ['core', 'feed'];
  if (pathname === '/') return ['core'];
  if (/^\/signup\/?$/.test(pathname)) return ['core', 'forms'];
  if (/^\/login\/?$/.test(pathname)) return ['core', 'forms', 'login'];
  return ['all'];
}

/**
 * Resolves once the shared objects' texts for `part` are there in the current language (at once in
 * English): a lazy screen's loader awaits it, so no screen renders with English in Hindi.
 */
export function textsReady(part: HindiPart = 'all'): Promise<void> {
  if (currentLanguage() !== 'hi') return Promise.resolve();
  const parts: HindiPart[] = part === 'all' || part === 'core' ? [part] : part === 'login' ? ['core', 'forms', 'login'] : ['core', part];
  return Promise.all(parts.map(loadHindiPart)).then(() => undefined);
}

/**
 * The bundled Devanagari font (main.tsx), fetched before the first Hindi text is shown. Chromium paints
 * Devanagari that it laid out while the font was still on its way as empty boxes, and does not always
 * repaint it once the font is there (the header's links stayed boxes).
 */
async function loadDevanagariFont(): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return;
  await Promise.all(['400', '600'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Devanagari"`, 'हिन्दी'))).catch(() => undefined);
}

/** The shared objects' Hindi twins (`parts` of them) and the font (the web namespaces load through the backend below). */
async function loadLanguage(lang: Language, parts: HindiPart[] = ['all']): Promise<void> {
  if (lang !== 'hi') return;
  await Promise.all([...parts.map(loadHindiPart), loadDevanagariFont()]);
}

/**
 * locales/<lng>/<ns>.ts, each its own chunk (the index files only aggregate them for types and tests).
 * English `common` is part of the first paint (imported above), so it is served from there rather than
 * listed twice (a dynamic import of a module also imported statically moves nothing, and the build says so).
 */
const namespaceLoaders: Record<string, () => Promise<Record<string, unknown>>> = {
  ...import.meta.glob<Record<string, unknown>>(['./locales/*/*.ts', '!./locales/*/index.ts', '!./locales/en/common.ts']),
  './locales/en/common.ts': () => Promise.resolve({ common }),
};

const namespaceBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng: string, ns: string, callback: ReadCallback) {
    const load = namespaceLoaders[`./locales/${lng}/${ns}.ts`];
    if (!load) {
      callback(new Error(`No texts for ${lng}/${ns}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module[ns] as Record<string, unknown>),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** A language code safe to use (in `<html lang>` too): what i18next-browser-languagedetector accepted. */
function isSafeLanguageCode(code: unknown): code is string {
  return typeof code === 'string' && /^[A-Za-z0-9_@.-]{1,128}$/.test(code) && !code.includes('..') && !['__proto__', 'constructor', 'prototype'].includes(code);
}

/** localStorage, when this browser lets the page use it. */
function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

/**
 * The language to start in: the one remembered in localStorage (LANGUAGE_STORAGE_KEY), then the
 * browser's languages in their order; i18next takes the first it supports. The chosen language is
 * remembered again on every change. (What i18next-browser-languagedetector did with
 * `order: ['localStorage', 'navigator'], caches: ['localStorage']`, in a few lines of the first paint.)
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  init: () => undefined,
  detect() {
    const found: string[] = [];
    try {
      const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY);
      if (stored) found.push(stored);
    } catch {
      // Storage refused: the browser's languages decide.
    }
    if (typeof navigator !== 'undefined') {
      const { languages, language } = navigator;
      if (languages) found.push(...languages);
      const userLanguage = (navigator as Navigator & { userLanguage?: string }).userLanguage;
      if (userLanguage) found.push(userLanguage);
      if (language) found.push(language);
    }
    return found.filter(isSafeLanguageCode);
  },
  cacheUserLanguage(lng: string) {
    if (lng === 'cimode') return;
    try {
      storage()?.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // Storage full or refused: the choice lasts for this page only.
    }
  },
};

/**
 * The namespaces the screen at `pathname` shows first, loaded before the first render. `/` is the feed
 * for a stored session and the landing page otherwise: each loads only its own.
 */
export function namespacesFor(pathname: string, signedIn = false): Namespace[] {
  // The feed shows only the shared objects' texts (and `common`) before a click; its timeline's and
  // appeals' 'posts' texts load with the code that shows them.
  if (pathname === '/') return signedIn ? [] : ['pages'];
  if (/^\/(login|signup|contact)\b/.test(pathname)) return ['pages'];
  if (/^\/(about|services|developers|help|open-data|policy|terms)\b/.test(pathname)) return ['info'];
  if (pathname.startsWith('/user/')) return ['user', 'posts', 'create'];
  if (pathname.startsWith('/government/')) return ['gov', 'posts'];
  if (pathname.startsWith('/admin/')) return ['admin', 'gov', 'posts'];
  if (pathname.startsWith('/post')) return ['posts'];
  return [];
}

/**
 * The language the app shows now. From `language` (the detected or chosen one, 'hi-IN' → 'hi'), not
 * `resolvedLanguage`: at start Hindi has no texts loaded yet, so i18next resolves a Hindi browser to
 * the English fallback, and the first visit would never follow the browser's language.
 */
export function currentLanguage(): Language {
  return languageOf(i18next.language ?? DEFAULT_LANGUAGE) ?? DEFAULT_LANGUAGE;
}

function applyToDocument(lang: Language): void {
  document.documentElement.lang = lang;
}

/** Starts i18next; resolves once the chosen language's texts are loaded (render after it). */
export async function initI18n(signedIn = false): Promise<void> {
  await i18next
    .use(languageDetector)
    .use(namespaceBackend)
    .use(initReactI18next)
    .init({
      resources: { en: { common } },
      partialBundledLanguages: true,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      // Hindi has every English key (test/i18n.test.ts), so it needs no fallback: a Hindi first screen
      // then fetches only its Hindi namespaces, not their English twins too.
      fallbackLng: { hi: [], default: [DEFAULT_LANGUAGE] },
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  i18next.on('languageChanged', (lng) => applyToDocument(languageOf(lng) ?? DEFAULT_LANGUAGE));
  // The detected language, not resolvedLanguage: before Hindi's texts are added i18next resolves a
  // detected 'hi' to English (no bundle yet), so a remembered Hindi would never load.
  const lang = languageOf(i18next.language) ?? DEFAULT_LANGUAGE;
  const { pathname } = window.location;
  const parts = hindiPartsFor(pathname, signedIn);
  await Promise.all([loadLanguage(lang, parts), i18next.loadNamespaces(namespacesFor(pathname, signedIn))]);
  // Once its texts are there, resolve the language again (the detector's 'hi-IN' becomes 'hi').
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  applyToDocument(lang);
  // The rest of the shared objects' Hindi, once the first screen is on screen (it only adds objects).
  if (lang === 'hi' && !parts.includes('all')) void afterFirstPaint().then(() => loadHindiPart('all')).catch(() => undefined);
}

/** Switches the language (loads it first, so the screen never shows missing texts) and remembers it. */
export async function setLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  await i18next.changeLanguage(lang);
}

/** A shared text object in the current language (outside React: toasts, the API client). */
export function localized<T extends object>(english: T): Localized<T> {
  if (currentLanguage() === 'en') return english as Localized<T>;
  return (hindi.get(english) as Localized<T> | undefined) ?? (english as Localized<T>);
}

/** A shared text object in the current language; re-renders when the language changes. */
export function useLocalized<T extends object>(english: T): Localized<T> {
  useTranslation();
  return localized(english);
}

export { useTranslation } from 'react-i18next';
export { i18next };
