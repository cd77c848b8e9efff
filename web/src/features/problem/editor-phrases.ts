// CodeMirror's own words (the fold gutter's titles, the search panel, screen-reader announcements) come in English;
// EditorState.phrases maps each to the page's language through the catalogue. `$` is CodeMirror's placeholder.
import type { MessageId } from '../../i18n/zh-CN';

export const EDITOR_PHRASES = {
  'Fold line': 'problem.codemirror.foldLine',
  'Unfold line': 'problem.codemirror.unfoldLine',
  'Folded lines': 'problem.codemirror.foldedLines',
  'Unfolded lines': 'problem.codemirror.unfoldedLines',
  'folded code': 'problem.codemirror.foldedCode',
  unfold: 'problem.codemirror.unfold',
  to: 'problem.codemirror.to',
  Find: 'problem.codemirror.find',
  Replace: 'problem.codemirror.replace',
  next: 'problem.codemirror.next',
  previous: 'problem.codemirror.previous',
  all: 'problem.codemirror.all',
  'match case': 'problem.codemirror.matchCase',
  regexp: 'problem.codemirror.regexp',
  'by word': 'problem.codemirror.byWord',
  replace: 'problem.codemirror.replaceOne',
  'replace all': 'problem.codemirror.replaceAll',
  close: 'problem.codemirror.close',
  'current match': 'problem.codemirror.currentMatch',
  'on line': 'problem.codemirror.onLine',
  'replaced $ matches': 'problem.codemirror.replacedMatches',
  'replaced match on line $': 'problem.codemirror.replacedOnLine',
  'Go to line': 'problem.codemirror.gotoLine',
  go: 'problem.codemirror.go',
  'Control character': 'problem.codemirror.controlCharacter',
  'Selection deleted': 'problem.codemirror.selectionDeleted',
} as const satisfies Record<string, MessageId>;

/** The phrases for EditorState.phrases, in the language `format` speaks. */
export function editorPhrases(format: (id: MessageId) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(EDITOR_PHRASES).map(([phrase, id]) => [phrase, format(id)]));
}
