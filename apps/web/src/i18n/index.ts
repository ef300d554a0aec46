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
 *   shared objects' Hindi is one lazy chunk, loaded before the first render when the remembered or
 *   browser language is Hindi, else when the user switches. This keeps i18n inside the first-paint
 *   budget (e2e/tests/perf.spec.ts).
 * - The choice is remembered in localStorage (LANGUAGE_STORAGE_KEY); the first visit follows the
 *   browser's languages. <html lang> and the API's Accept-Language follow it.
 */
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, languageOf, type Language, type Localized } from '@civicpulse/shared';
import type { BackendModule, ReadCallback } from 'i18next';
import { common } from './locales/en/common';
import type { Namespace } from './locales/en';

let hindi: ReadonlyMap<object, object> | null = null;

/**
 * The bundled Devanagari font (main.tsx), fetched before the first Hindi text is shown. Chromium paints
 * Devanagari that it laid out while the font was still on its way as empty boxes, and does not always
 * repaint it once the font is there (seen in the issue 17 screenshots: the header's links stayed boxes).
 */
async function loadDevanagariFont(): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return;
  await Promise.all(['400', '600'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Devanagari"`, 'हिन्दी'))).catch(() => undefined);
}

/** The shared objects' Hindi twins and the font (the web namespaces load through the backend below). */
async function loadLanguage(lang: Language): Promise<void> {
  if (lang !== 'hi' || hindi) return;
  const [shared] = await Promise.all([import('@civicpulse/shared/i18n/hi'), loadDevanagariFont()]);
  hindi = shared.HI_BY_EN;
}

/** locales/<lng>/<ns>.ts, each its own chunk (the index files only aggregate them for types and tests). */
const namespaceLoaders = import.meta.glob<Record<string, unknown>>(['./locales/*/*.ts', '!./locales/*/index.ts']);

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

/**
 * The namespaces the screen at `pathname` shows first, loaded before the first render. `/` is the feed
 * for a stored session and the landing page otherwise: each loads only its own.
 */
export function namespacesFor(pathname: string, signedIn = false): Namespace[] {
  if (pathname === '/') return signedIn ? ['posts'] : ['pages'];
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
    .use(LanguageDetector)
    .use(namespaceBackend)
    .use(initReactI18next)
    .init({
      resources: { en: { common } },
      partialBundledLanguages: true,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: DEFAULT_LANGUAGE,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
      },
      react: { useSuspense: true },
    });
  i18next.on('languageChanged', (lng) => applyToDocument(languageOf(lng) ?? DEFAULT_LANGUAGE));
  // The detected language, not resolvedLanguage: before Hindi's texts are added i18next resolves a
  // detected 'hi' to English (no bundle yet), so a remembered Hindi would never load.
  const lang = languageOf(i18next.language) ?? DEFAULT_LANGUAGE;
  await Promise.all([loadLanguage(lang), i18next.loadNamespaces(namespacesFor(window.location.pathname, signedIn))]);
  // Once its texts are there, resolve the language again (the detector's 'hi-IN' becomes 'hi').
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  applyToDocument(lang);
}

/** Switches the language (loads it first, so the screen never shows missing texts) and remembers it. */
export async function setLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  await i18next.changeLanguage(lang);
}

/** A shared text object in the current language (outside React: toasts, the API client). */
export function localized<T extends object>(english: T): Localized<T> {
  if (currentLanguage() === 'en' || !hindi) return english as Localized<T>;
  return (hindi.get(english) as Localized<T> | undefined) ?? (english as Localized<T>);
}

/** A shared text object in the current language; re-renders when the language changes. */
export function useLocalized<T extends object>(english: T): Localized<T> {
  useTranslation();
  return localized(english);
}

export { useTranslation } from 'react-i18next';
export { i18next };
