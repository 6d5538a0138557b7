/**
 * A bounded memo of texts that never change for the same key (a formatted date, an amount): at
 * most `max` are memoized, then all are dropped and memoized anew. A Map, not lru-cache: this runs
 * in the browser too, where the library would count against every public page's JavaScript budget.
 */
export function textMemo(max: number): (key: string, build: () => string) => string {
  const texts = new Map<string, string>();
  return (key, build) => {
    let text = texts.get(key);
    if (text === undefined) {
      text = build();
      if (texts.size >= max) texts.clear();
      texts.set(key, text);
    }
    return text;
  };
}
