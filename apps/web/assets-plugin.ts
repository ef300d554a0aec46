/**
 * Build-time asset work for first paint (issue 10):
 * - every text asset is written precompressed next to itself (.br at quality 11, .gz at level 9), so
 *   the server sends files instead of compressing on each request (it did brotli at quality 4);
 * - dist/preload.json maps the app's entry URLs to the chunks (and styles) their screen needs, so the
 *   server can put them in index.html as <link rel=modulepreload> and the browser fetches them beside
 *   the entry instead of one after another.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * URL pattern (as React Router writes it) → the lazily loaded modules its first screen renders. A module
 * written `deps:` preloads what it imports but not itself: `/` is the landing page or the feed depending
 * on a session the server cannot see, so it preloads what both use and main.tsx starts the one it shows.
 */
export const ROUTE_MODULES: Record<string, string[]> = {
  '/': ['deps:src/routes/Landing.tsx'],
  '/login': ['src/routes/Login.tsx'],
  '/signup': ['src/routes/Signup.tsx'],
  '/about': ['src/routes/About.tsx'],
  '/services': ['src/routes/Services.tsx'],
  '/contact': ['src/routes/Contact.tsx'],
  '/policy': ['src/routes/Policy.tsx'],
  '/terms': ['src/routes/Terms.tsx'],
  '/developers': ['src/routes/Developers.tsx'],
  '/help': ['src/routes/Help.tsx'],
  '/help/:slug': ['src/routes/HelpArticle.tsx'],
  '/post/:postId': ['src/routes/PostPage.tsx'],
  '/user/dashboard': ['src/components/DashboardShell.tsx', 'src/routes/dashboard/user/UserHome.tsx'],
  '/user/dashboard/createPost': ['src/components/DashboardShell.tsx', 'src/routes/dashboard/user/CreatePost.tsx'],
  '/user/dashboard/userPosts': ['src/components/DashboardShell.tsx', 'src/routes/dashboard/user/UserPosts.tsx'],
  '/gov/dashboard': ['src/components/DashboardShell.tsx', 'src/routes/dashboard/government/GovernmentHome.tsx'],
  '/government/dashboard/team': ['src/components/DashboardShell.tsx', 'src/routes/dashboard/government/Team.tsx'],
  '/government/dashboard/appeals': ['src/components/DashboardShell.tsx', 'src/routes/dashboard/government/Appeals.tsx'],
  '/join/:token': ['src/routes/JoinTeam.tsx'],
  '/admin/dashboard': ['src/components/DashboardShell.tsx', 'src/routes/dashboard/admin/AdminHome.tsx'],
  '/admin/dashboard/managePosts': ['src/components/DashboardShell.tsx', 'src/routes/dashboard/admin/ManagePosts.tsx'],
  '/admin/dashboard/manageUsers': ['src/components/DashboardShell.tsx', 'src/routes/dashboard/admin/ManageUsers.tsx'],
  '/admin/dashboard/manageGovernment': ['src/components/DashboardShell.tsx', 'src/routes/dashboard/admin/ManageGovernment.tsx'],
  '/admin/dashboard/auditLog': ['src/components/DashboardShell.tsx', 'src/routes/dashboard/admin/AuditLog.tsx'],
  '/admin/dashboard/triage': ['src/components/DashboardShell.tsx', 'src/routes/dashboard/admin/Triage.tsx'],
  '/admin/dashboard/appeals': ['src/components/DashboardShell.tsx', 'src/routes/dashboard/admin/Appeals.tsx'],
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

export function civicpulseAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'civicpulse-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      const closure = (keys: string[]) => {
        const js = new Set<string>();
        const css = new Set<string>();
        const visit = (name: string) => {
          const depsOnly = name.startsWith('deps:');
          const key = depsOnly ? name.slice('deps:'.length) : name;
          const chunk = manifest[key];
          if (!chunk) throw new Error(`preload: ${key} is not a chunk of the build`);
          if (js.has(`/${chunk.file}`)) return;
          if (!depsOnly) js.add(`/${chunk.file}`);
          for (const c of chunk.css ?? []) css.add(`/${c}`);
          for (const i of chunk.imports ?? []) visit(i);
        };
        keys.forEach(visit);
        return { js, css };
      };
      // What index.html already loads (the entry, its imports, its styles) is not repeated.
      const entry = closure(Object.keys(manifest).filter((k) => manifest[k]!.isEntry));
      const preload: Record<string, { js: string[]; css: string[] }> = {};
      for (const [pattern, modules] of Object.entries(ROUTE_MODULES)) {
        const { js, css } = closure(modules);
        preload[pattern] = { js: [...js].filter((f) => !entry.js.has(f)), css: [...css].filter((f) => !entry.css.has(f)) };
      }
      writeFileSync(path.join(outDir, 'preload.json'), JSON.stringify(preload));

      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}
