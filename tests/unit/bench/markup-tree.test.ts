import { renderToStaticMarkup } from 'react-dom/server';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { markupTree, type MarkupNode } from '../../../bench/markup-tree';

const element = (node: MarkupNode, key: number): ReactNode =>
  typeof node === 'string'
    ? node
    : createElement(
        node[0],
        { ...node[1], key },
        ...node.slice(2).map((c, i) => element(c as MarkupNode, i)),
      );

describe("the markup floor's page trees (bench/markup-tree)", () => {
  const page = `<!DOCTYPE html><html><head><title>x</title></head><body><div class="a b" data-testid="t"><label for="f">Name</label><input id="f" name="q" class="input" value="Ab" required=""/><a href="/x" tabindex="-1" aria-label="Go">Go<!-- --> on</a><table><tbody><tr><td colspan="2">1st</td></tr></tbody></table></div><script>window.x = 1;</script><p>after the script</p></body></html>`;

  it('keeps the body up to its first script, with React names for the attributes', () => {
    const { tree, elements } = markupTree(page);
    expect(tree).toHaveLength(1);
    expect(elements).toBe(8);
    const [tag, props] = tree[0] as [string, Record<string, unknown>];
    expect(tag).toBe('div');
    expect(props).toEqual({ className: 'a b', 'data-testid': 't' });
    expect(JSON.stringify(tree)).not.toContain('after the script');
  });

  // React writes colSpan as it is spelled (so does the app): the tree gives React that name back.
  it('renders back to the same elements and attributes the page had', () => {
    const html = renderToStaticMarkup(
      createElement('div', null, ...markupTree(page).tree.map(element)),
    );
    expect(html).toBe(
      '<div><div class="a b" data-testid="t"><label for="f">Name</label><input id="f" name="q" class="input" required="" value="Ab"/><a href="/x" tabindex="-1" aria-label="Go">Go on</a><table><tbody><tr><td colSpan="2">1st</td></tr></tbody></table></div></div>',
    );
  });
});
