// The part of the editor's setup loaded after it is editable (CodeEditor.tsx): what CodeMirror's basic setup adds to
// a bare editor, less bracket closing, re-indent on input and autocompletion (off so a pasted program arrives
// verbatim), plus the dark theme.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, syntaxHighlighting } from '@codemirror/language';
import { lintKeymap } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import type { Extension } from '@codemirror/state';
import { keymap } from '@codemirror/view';

export { oneDark } from '@codemirror/theme-one-dark';

export const extras: Extension = [
  history(),
  foldGutter(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  bracketMatching(),
  highlightSelectionMatches(),
  keymap.of([...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, ...lintKeymap]),
];
