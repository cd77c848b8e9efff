// The tree markdown-lite builds (markdown-lite.ts): texts, elements by name with string attributes, and math.

export type MdNode = string | MdElement | MdMath;
export interface MdElement {
  tag: string;
  attrs?: Record<string, string>;
  children: MdNode[];
}
export interface MdMath {
  math: string;
  display: boolean;
}

/** Thrown where a text leaves the subset; parseMarkdownLite then answers null. */
export class Unsupported extends Error {}
export const unsupported = (): never => {
  throw new Unsupported();
};

export const el = (tag: string, children: MdNode[], attrs?: Record<string, string>): MdElement => (attrs ? { tag, attrs, children } : { tag, children });

export const ENTITY = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;
