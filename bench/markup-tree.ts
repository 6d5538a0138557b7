/**
 * A rendered page's markup as a tree React can render again (bench/markup-floor.ts): the `<body>`'s
 * elements before its first `<script>`, each `[tag, props, ...children]`, texts as strings.
 * Attribute names become React's (class → className, for → htmlFor, tabindex → tabIndex…), a
 * form control's value and checked its default, so React writes the same attributes back.
 */
import { JSDOM } from 'jsdom';

export type MarkupNode = string | [string, Record<string, string | boolean>, ...MarkupNode[]];

const REACT_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  minlength: 'minLength',
  autocomplete: 'autoComplete',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  enctype: 'encType',
  inputmode: 'inputMode',
  novalidate: 'noValidate',
  autofocus: 'autoFocus',
  srcset: 'srcSet',
  crossorigin: 'crossOrigin',
  viewbox: 'viewBox',
  'fill-rule': 'fillRule',
  'clip-rule': 'clipRule',
  'stroke-width': 'strokeWidth',
  'stroke-linecap': 'strokeLinecap',
  'stroke-linejoin': 'strokeLinejoin',
};
/** Attributes whose presence is the value (an empty string means true). */
const BOOLEAN = new Set(['required', 'disabled', 'hidden', 'open', 'multiple', 'novalidate']);

function convert(node: Node): MarkupNode | null {
  if (node.nodeType === 3) return node.textContent || null;
  if (node.nodeType !== 1) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (tag === 'script' || tag === 'template') return null;
  const props: Record<string, string | boolean> = {};
  for (const a of Array.from(el.attributes)) {
    if (a.name === 'style') continue;
    const name = REACT_NAMES[a.name] ?? a.name;
    props[name] = BOOLEAN.has(a.name) && a.value === '' ? true : a.value;
  }
  if (tag === 'input' || tag === 'textarea' || tag === 'select') {
    if ('value' in props) {
      props.defaultValue = props.value;
      delete props.value;
    }
    if ('checked' in props) {
      props.defaultChecked = true;
      delete props.checked;
    }
  }
  if (tag === 'option') delete props.selected;
  const children = Array.from(el.childNodes)
    .map(convert)
    .filter((c): c is MarkupNode => c !== null);
  return [tag, props, ...children];
}

/** The tree of `html`'s body up to its first script, and how many elements it has. */
export function markupTree(html: string): { tree: MarkupNode[]; elements: number } {
  const body = new JSDOM(html).window.document.body;
  const tree: MarkupNode[] = [];
  for (const child of Array.from(body.childNodes)) {
    if (child.nodeType === 1 && (child as Element).tagName === 'SCRIPT') break;
    const node = convert(child);
    if (node !== null) tree.push(node);
  }
  const count = (n: MarkupNode): number =>
    typeof n === 'string'
      ? 0
      : 1 + n.slice(2).reduce<number>((s, c) => s + count(c as MarkupNode), 0);
  return { tree, elements: tree.reduce((s, n) => s + count(n), 0) };
}
