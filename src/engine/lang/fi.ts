// Finnish statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const FI: LanguageTable = {
  code: 'fi',
  name: 'Finnish',
  currency: 'EUR',
  columns: {
    date: ['päivämäärä', 'pvm', 'tapahtumapäivä', 'maksupäivä'],
    bookingDate: ['kirjauspäivä', 'kirjauspvm'],
    valueDate: ['arvopäivä', 'arvopvm'],
    description: ['selite', 'kuvaus', 'viesti', 'saaja/maksaja', 'tapahtuma'],
    debit: ['veloitus', 'veloitukset', 'otto', 'menot'],
    credit: ['hyvitys', 'hyvitykset', 'pano', 'tulot'],
    amount: ['määrä', 'summa', 'rahamäärä', 'määrä eur'],
    balance: ['saldo'],
    foreign: ['alkuperäinen summa', 'valuuttamäärä', 'summa valuuttana'],
  },
  opening: ['alkusaldo', 'saldo alussa'],
  closing: ['loppusaldo', 'saldo lopussa'],
  totalOut: ['veloitukset yhteensä'],
  totalIn: ['hyvitykset yhteensä'],
  months: [
    ['tammi', 'tammikuu', 'tammikuuta'],
    ['helmi', 'helmikuu', 'helmikuuta'],
    ['maalis', 'maaliskuu', 'maaliskuuta'],
    ['huhti', 'huhtikuu', 'huhtikuuta'],
    ['touko', 'toukokuu', 'toukokuuta'],
    ['kesä', 'kesäkuu', 'kesäkuuta'],
    ['heinä', 'heinäkuu', 'heinäkuuta'],
    ['elo', 'elokuu', 'elokuuta'],
    ['syys', 'syyskuu', 'syyskuuta'],
    ['loka', 'lokakuu', 'lokakuuta'],
    ['marras', 'marraskuu', 'marraskuuta'],
    ['joulu', 'joulukuu', 'joulukuuta'],
  ],
};
