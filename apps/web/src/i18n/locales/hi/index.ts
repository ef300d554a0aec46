/** Hindi resources by namespace: its own chunk, loaded only when Hindi is chosen. */
import type { Localized } from '@civicpulse/shared';
import type { EN } from '../en';
import { admin } from './admin';
import { common } from './common';
import { create } from './create';
import { gov } from './gov';
import { info } from './info';
import { posts } from './posts';
import { pages } from './pages';
import { user } from './user';

export const HI: Localized<typeof EN> = { common, pages, info, posts, create, user, gov, admin };
