import { describe, expect, it } from 'vitest';
import { sniffDelimiter } from './delimiter-sniffer.js';

describe('delimiter sniffing', () => {
  it('a ";" export with decimal commas is ";"', () => {
    expect(sniffDelimiter('Datum;Text;Betrag;Saldo\n01.02.2024;A;-33,87;100,00\n02.02.2024;B;12,00;112,00\n')).toBe(';');
  });
  it('a preamble of "label;value" lines does not outvote a table of one row', () => {
    const text = [
      'Начало периода;2019-07-07',
      'Конец периода;2019-07-13',
      'Выписка по счету/карте;Номер',
      "Карта;'462235******0069",
      'Валюта;Баланс;Поступления;Списания;Заблокировано',
      'RUR;82 604,01;0,00;-17 351,00;-2 426,96',
      'Номер карты;Дата операции;Дата обработки;Сумма операции;Валюта операции;Сумма;Валюта;Описание;Статус',
      "'462235******7428;2019-07-06 00:00:00;2019-07-08;-4,50;EUR;-336,15;RUR;Карта payee1;Исполнено",
    ].join('\n');
    expect(sniffDelimiter(text)).toBe(';');
  });
  it('commas in a comma export whose descriptions hold no quotes', () => {
    expect(sniffDelimiter('Date,Description,Amount\n01/02/2024,TESCO,-1.00\n02/02/2024,SALARY,100.00\n')).toBe(',');
  });
});
