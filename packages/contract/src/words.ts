/** How the store's sentences join words, for every domain's messages. */

/** 'a' or 'an' before a word, by its first letter (the store's words: shapes, metals, families). */
export function article(word: string): string {
  return /^[AEIOU]/i.test(word) ? 'an' : 'a';
}

/** Words joined as a sentence lists them: 'a, b or c' (or 'a, b and c'). */
export function listWords(words: readonly (string | number)[], conjunction: 'or' | 'and' = 'or'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}
