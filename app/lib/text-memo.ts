/**
 * A bounded memo of texts that never change for the same key (a formatted date, an amount): the
 * `max` most recently used are kept (lru-cache).
 */
import { LRUCache } from 'lru-cache';

export function textMemo(max: number): (key: string, build: () => string) => string {
  const texts = new LRUCache<string, string>({ max });
  return (key, build) => {
    let text = texts.get(key);
    if (text === undefined) {
      text = build();
      texts.set(key, text);
    }
    return text;
  };
}
