/** English resources by namespace: bundled with the app (English is the default and the first paint). */
import { admin } from './admin';
import { common } from './common';
import { create } from './create';
import { gov } from './gov';
import { info } from './info';
import { posts } from './posts';
import { pages } from './pages';
import { user } from './user';

export const EN = { common, pages, info, posts, create, user, gov, admin } as const;
export type Namespace = keyof typeof EN;
