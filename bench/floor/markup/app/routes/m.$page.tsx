/**
 * A page of the app as markup alone: the same elements, attributes and texts, rendered by React from
 * a tree written by bench/markup-floor.ts (one JSON file per page in ../trees), with the floor's
 * loader. What rendering that page costs a bare Remix app, without the app's data, session or logic.
 */
import { createElement, type ReactNode } from 'react';
import { useLoaderData } from '@remix-run/react';
import type { MarkupNode } from '../../../../markup-tree';

const files = import.meta.glob<MarkupNode[]>('../trees/*.json', { eager: true, import: 'default' });
const trees = new Map(
  Object.entries(files).map(([file, tree]) => [file.replace(/^.*\/|\.json$/g, ''), tree]),
);

export function loader({ params }: { params: { page?: string } }) {
  if (!trees.has(params.page ?? '')) throw new Response('Not Found', { status: 404 });
  return {
    page: params.page ?? '',
    rows: Array.from({ length: 20 }, (_, i) => ({
      id: i + 1,
      name: `Event ${i + 1}`,
      city: 'Murrieta',
      date: `2026-05-${String(i + 1).padStart(2, '0')}`,
    })),
  };
}

function element(node: MarkupNode, key: number): ReactNode {
  if (typeof node === 'string') return node;
  const [tag, props, ...children] = node;
  return createElement(tag, { ...props, key }, ...children.map(element));
}

export default function MarkupPage() {
  const { page } = useLoaderData<typeof loader>();
  return <>{(trees.get(page) ?? []).map(element)}</>;
}
