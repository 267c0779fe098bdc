// Estonian statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const ET: LanguageTable = {
  code: 'et',
  name: 'Estonian',
  currency: 'EUR',
  columns: {},
  opening: ['algsaldo', 'alguse saldo'],
  closing: ['lõppsaldo', 'lõpusaldo'],
  months: [
    ['jaan', 'jaanuar'],
    ['veebr', 'veebruar'],
    ['maerts'],
    ['aprill'],
    ['mai'],
    ['juuni'],
    ['juuli'],
    ['aug', 'august'],
    ['sept', 'september'],
    ['okt', 'oktoober'],
    ['nov', 'november'],
    ['dets', 'detsember'],
  ],
};
