/**
 * Error messages are i18n keys ('dealer:errors.wrongPin'); Conform keeps them as strings. A
 * message that needs values (a count, a date) travels as `key|{"count":3}` and `ErrorList`
 * translates it with those values.
 */
export type MessageValues = Record<string, string | number>;

export function messageWithValues(key: string, values: MessageValues): string {
  return `${key}|${JSON.stringify(values)}`;
}

export function splitMessage(message: string): [string, MessageValues | undefined] {
  const bar = message.indexOf('|{');
  if (bar < 0) return [message, undefined];
  try {
    return [message.slice(0, bar), JSON.parse(message.slice(bar + 1)) as MessageValues];
  } catch {
    return [message, undefined];
  }
}
