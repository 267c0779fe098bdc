// Turkish statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const TR: LanguageTable = {
  code: 'tr',
  name: 'Turkish',
  currency: 'TRY',
  columns: {
    date: ['tarih', 'işlem tarihi', 'islem tarihi'],
    bookingDate: ['kayıt tarihi'],
    valueDate: ['valör', 'valör tarihi', 'valor'],
    description: ['açıklama', 'aciklama', 'işlem açıklaması', 'işlem'],
    debit: ['borç', 'borc', 'çıkan'],
    credit: ['alacak', 'giren'],
    amount: ['tutar', 'işlem tutarı', 'tutar (tl)'],
    balance: ['bakiye', 'kalan bakiye'],
    foreign: ['orijinal tutar', 'döviz tutarı'],
  },
  opening: ['devreden bakiye', 'önceki bakiye', 'açılış bakiyesi'],
  closing: ['kapanış bakiyesi', 'son bakiye', 'yeni bakiye'],
  carried: ['nakli yekün'],
  debitMarks: ['b', 'borç'],
  creditMarks: ['a', 'alacak'],
  months: [
    ['oca', 'ocak'],
    ['şub', 'şubat', 'subat'],
    ['mar', 'mart'],
    ['nis', 'nisan'],
    ['may', 'mayıs', 'mayis'],
    ['haz', 'haziran'],
    ['tem', 'temmuz'],
    ['ağu', 'ağustos', 'agustos'],
    ['eyl', 'eylül', 'eylul'],
    ['eki', 'ekim'],
    ['kas', 'kasım', 'kasim'],
    ['ara', 'aralık', 'aralik'],
  ],
};
