// Drizzle view of migrations/*.sql. The SQL files are the source of truth for the
// database; these files mirror them so queries are typed, one file per domain area.
export * from './accounts';
export * from './audit';
export * from './backups';
export * from './changes';
export * from './channels';
export * from './contacts';
export * from './dav';
export * from './duplicates';
export * from './geocoding';
export * from './imports';
export * from './interactions';
export * from './jobs';
export * from './keep-in-touch';
export * from './life-events';
export * from './map';
export * from './merges';
export * from './organizations';
export * from './passkeys';
export * from './relationships';
export * from './smart-lists';
export * from './sources';
export * from './tags';
export * from './user-databases';
export * from './webhooks';
export * from './push';
export * from './mcp-oauth';
