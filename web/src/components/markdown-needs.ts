// What a markdown text needs beyond plain markdown (Markdown.tsx loads the plugins for it; markdown-lite.ts leaves
// a text with raw HTML to the full renderer).

/**
 * Math: remark-math reads only `$…$` and `$$…$$`. Raw HTML: CommonMark starts an HTML block or inline HTML only
 * with `<` followed by a letter, `/`, `!` or `?` (an autolink such as `<https://…>` also matches, which costs a
 * download and changes nothing); `a < b` does not.
 */
export function markdownNeeds(text: string): { math: boolean; raw: boolean } {
  return { math: text.includes('$'), raw: /<[A-Za-z/!?]/.test(text) };
}
