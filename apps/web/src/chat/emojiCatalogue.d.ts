/** Built by apps/web/build/emojiCatalogue.ts from emojibase-data (Spanish). */
declare module 'virtual:emoji-catalogue' {
  /** [emoji, Spanish name, category (0-7, spec §2's order), Spanish keywords separated by spaces]. */
  const rows: ReadonlyArray<readonly [string, string, number, string]>;
  export default rows;
}
