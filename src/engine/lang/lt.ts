// Lithuanian statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const LT: LanguageTable = {
  code: 'lt',
  name: 'Lithuanian',
  currency: 'EUR',
  columns: {},
  opening: ['likutis pradžiai', 'pradinis likutis'],
  closing: ['likutis pabaigai', 'galutinis likutis'],
  months: [
    ['sausis', 'sausio'],
    ['vasaris', 'vasario'],
    ['kovas', 'kovo'],
    ['balandis', 'balandzio'],
    ['geguze', 'geguzes'],
    ['birzelis', 'birzelio'],
    ['liepa', 'liepos'],
    ['rugpjutis', 'rugpjucio'],
    ['rugsejis', 'rugsejo'],
    ['spalis', 'spalio'],
    ['lapkritis', 'lapkricio'],
    ['gruodis', 'gruodzio'],
  ],
};
