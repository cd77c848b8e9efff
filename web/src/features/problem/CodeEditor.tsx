// CodeMirror 6 in React, in two steps so the editor is editable as soon as the page is: the editor itself
// (@codemirror/view and /state, with line numbers, selection drawing and the active line) comes with the page;
// the rest of the usual setup (history and keymaps, highlighting, folding, search, bracket matching, the dark
// theme's colours: editor-extras.ts) is a chunk asked for once the editor has been painted and put in by a reconfigure,
// and so is the language mode (given in `extensions`). docs/benchmarks.md, "First load".
import { useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Annotation, Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  crosshairCursor,
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  lineNumbers,
  rectangularSelection,
} from '@codemirror/view';
import type * as EditorExtras from './editor-extras';
import { editorPhrases } from './editor-phrases';

export type EditorTheme = 'light' | 'dark';

interface Props {
  value: string;
  onChange: (value: string) => void;
  theme: EditorTheme;
  tabSize: number;
  /** CSS height of the editor (it scrolls inside). */
  height: string;
  /** More extensions (the language mode); a new array identity reconfigures them. */
  extensions: readonly Extension[];
  /** Called once the deferred part of the setup is in. */
  onExtrasLoaded?: () => void;
}

type Extras = typeof EditorExtras;

/**
 * Runs `fn` once the editor just created has been painted (the task after the next frame; at the latest after 100 ms,
 * as a hidden tab paints no frame): the rest of the setup does not download or parse while the page's first paint
 * with an editable editor is still being made. Returns a cancel.
 */
function afterPaint(fn: () => unknown): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    fn();
  };
  const frame = requestAnimationFrame(() => (timer = setTimeout(run)));
  const fallback = setTimeout(run, 100);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(timer);
  };
}

/** Marks the transactions that bring in a new `value` from the props (they are not echoed to onChange). */
const fromProps = Annotation.define<boolean>();

const light = EditorView.theme({ '&': { backgroundColor: '#fff' } }, { dark: false });
/** The dark colours until the one-dark theme (with its highlighting) has loaded. */
const darkUntilLoaded = EditorView.theme(
  {
    '&': { backgroundColor: '#282c34', color: '#abb2bf' },
    '.cm-content': { caretColor: '#528bff' },
    '.cm-gutters': { backgroundColor: '#282c34', color: '#7d8799', border: 'none' },
  },
  { dark: true },
);

function themeFor(theme: EditorTheme, extras: Extras | null): Extension {
  if (theme === 'light') return light;
  return extras ? extras.oneDark : darkUntilLoaded;
}

const base: Extension = [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  drawSelection(),
  dropCursor(),
  EditorState.allowMultipleSelections.of(true),
  rectangularSelection(),
  crosshairCursor(),
  highlightActiveLine(),
];

export function CodeEditor({ value, onChange, theme, tabSize, height, extensions, onExtrasLoaded }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const extras = useRef<Extras | null>(null);
  const parts = useRef({ theme: new Compartment(), tab: new Compartment(), size: new Compartment(), extras: new Compartment(), more: new Compartment(), phrases: new Compartment() });
  const intl = useIntl();
  const phrases = useMemo(() => EditorState.phrases.of(editorPhrases((id) => intl.formatMessage({ id }))), [intl]);
  // The latest props, for the listeners created once.
  const latest = useRef({ onChange, onExtrasLoaded, theme });
  latest.current = { onChange, onExtrasLoaded, theme };

  useEffect(() => {
    const c = parts.current;
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          base,
          c.theme.of(themeFor(theme, extras.current)),
          c.tab.of(EditorState.tabSize.of(tabSize)),
          c.size.of(EditorView.theme({ '&': { height }, '.cm-scroller': { overflow: 'auto' } })),
          c.extras.of(extras.current?.extras ?? []),
          c.more.of([...extensions]),
          c.phrases.of(phrases),
          EditorView.updateListener.of((u) => {
            if (u.docChanged && !u.transactions.some((t) => t.annotation(fromProps))) latest.current.onChange(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    let live = true;
    const cancel = afterPaint(() =>
      import('./editor-extras').then(
        (m) => {
          if (!live) return;
          extras.current = m;
          v.dispatch({ effects: [c.extras.reconfigure(m.extras), c.theme.reconfigure(themeFor(latest.current.theme, m))] });
          latest.current.onExtrasLoaded?.();
        },
        () => undefined, // a lost chunk leaves a plain editor, still usable
      ),
    );
    return () => {
      live = false;
      cancel();
      view.current = null;
      v.destroy();
    };
    // Created once; the effects below carry later prop changes into the editor.
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) {
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value }, annotations: fromProps.of(true) });
    }
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: parts.current.theme.reconfigure(themeFor(theme, extras.current)) });
  }, [theme]);
  useEffect(() => {
    view.current?.dispatch({ effects: parts.current.tab.reconfigure(EditorState.tabSize.of(tabSize)) });
  }, [tabSize]);
  useEffect(() => {
    view.current?.dispatch({ effects: parts.current.more.reconfigure([...extensions]) });
  }, [extensions]);
  useEffect(() => {
    view.current?.dispatch({ effects: parts.current.phrases.reconfigure(phrases) });
  }, [phrases]);

  return <div ref={host} />;
}
