// Latvian statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const LV: LanguageTable = {
  code: 'lv',
  name: 'Latvian',
  currency: 'EUR',
  columns: {},
  opening: ['sākuma atlikums', 'sākuma bilance'],
  closing: ['beigu atlikums'],
  months: [
    ['janv', 'janvaris', 'janvari'],
    ['febr', 'februaris'],
    ['marts', 'marta'],
    ['aprilis', 'aprila'],
    ['maijs', 'maija'],
    ['junijs', 'junija'],
    ['julijs', 'julija'],
    ['augusts', 'augusta'],
    ['septembris', 'septembra'],
    ['oktobris', 'oktobra'],
    ['novembris', 'novembra'],
    ['decembris', 'decembra'],
  ],
};
