/** How many existing tags the bulk tag field offers at once. */
const SHOWN = 8;

/**
 * Existing tags that complete the tag being typed (the text after the last comma), most used
 * first, leaving out those already listed: "inv" offers "investor".
 */
export function suggestTags(text: string, tagsInUse: { tag: string; count: number }[]): string[] {
  const parts = text.split(',');
  const typing = parts.at(-1)!.trim().toLowerCase();
  const listed = new Set(parts.slice(0, -1).map((p) => p.trim().toLowerCase()));
  return [...tagsInUse]
    .sort((a, b) => b.count - a.count)
    .map((t) => t.tag)
    .filter((tag) => !listed.has(tag.toLowerCase()) && tag.toLowerCase().startsWith(typing) && tag.toLowerCase() !== typing)
    .slice(0, SHOWN);
}

/** The field's text with the tag being typed replaced by the chosen one, ready for the next. */
export function applyTagSuggestion(text: string, tag: string): string {
  const parts = text
    .split(',')
    .slice(0, -1)
    .map((p) => p.trim())
    .filter(Boolean);
  return [...parts, tag].join(', ') + ', ';
}
