/**
 * The islands entry as the client build wrote it (vite.config.ts, `islandsEntry`): its URL and
 * the URLs of the chunks it imports. Null in the browser's own build and in development, where
 * every page hydrates as one app.
 */
declare module "virtual:islands-entry" {
  const islandsEntry: { file: string; imports: string[] } | null;
  export default islandsEntry;
}
