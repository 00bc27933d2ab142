export {
  connectDb,
  isUniqueViolation,
  type AlsoInTransaction,
  type Db,
  type Dialect,
} from './connect';
export { migrateToLatest } from './migrate';
export type { Database } from './schema';
