import { z } from 'zod';

// Zod's own messages (e.g. "expected string") appear in `detail`; the interface language is Chinese.
z.config(z.locales.zhCN());

export * from './errors';
export * from './messages';
export * from './auth';
export * from './admin';
export * from './browse';
export * from './links';
export * from './dataset-options';
export * from './downloads';
export * from './favorites';
export * from './library';
export * from './format';
export * from './site-health';
export * from './crawl';
export * from './recent-searches';
export * from './audit';
export * from './cache';
export * from './follows';
export * from './tokens';
export * from './dataset-review';
export * from './dataset-drafts';
export * from './tag-edits';
export * from './notifications';
export * from './health';
export * from './shares';
export * from './route';
export * from './routes';
