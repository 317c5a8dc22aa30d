/**
 * The Postgres text search configuration for a text: the language whose common words it uses
 * most, among those Postgres stems; English when nothing stands out.
 */
const COMMON_WORDS: Record<string, string[]> = {
  english: ['the', 'and', 'is', 'of', 'to', 'in', 'that', 'it', 'with', 'for', 'are', 'this', 'you', 'be', 'on'],
  french: ['le', 'la', 'les', 'et', 'est', 'des', 'un', 'une', 'du', 'en', 'que', 'pour', 'dans', 'avec', 'sur', 'au', 'vous', 'nous'],
  spanish: ['el', 'la', 'los', 'las', 'y', 'es', 'de', 'un', 'una', 'que', 'en', 'por', 'con', 'para', 'del', 'se', 'su'],
  german: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'ein', 'eine', 'zu', 'mit', 'den', 'von', 'sie', 'auf', 'für', 'ich', 'wir'],
  portuguese: ['o', 'os', 'as', 'e', 'é', 'de', 'um', 'uma', 'que', 'em', 'para', 'com', 'não', 'do', 'da', 'se', 'você'],
  italian: ['il', 'lo', 'gli', 'e', 'è', 'di', 'un', 'una', 'che', 'per', 'con', 'non', 'del', 'della', 'sono', 'si'],
  dutch: ['de', 'het', 'een', 'en', 'is', 'van', 'dat', 'niet', 'op', 'te', 'met', 'voor', 'zijn', 'je', 'ik', 'we'],
};

const SETS = Object.entries(COMMON_WORDS).map(([language, words]) => [language, new Set(words)] as const);

export function detectLanguage(text: string): string {
  const words =
    text
      .toLowerCase()
      .match(/\p{L}+/gu)
      ?.slice(0, 2000) ?? [];
  let best = 'english';
  let bestCount = 0;
  for (const [language, set] of SETS) {
    const count = words.reduce((n, w) => n + (set.has(w) ? 1 : 0), 0);
    if (count > bestCount) {
      best = language;
      bestCount = count;
    }
  }
  // Too few common words to tell: the default.
  return bestCount >= 2 ? best : 'english';
}
