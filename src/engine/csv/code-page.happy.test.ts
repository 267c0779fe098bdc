// Single-byte code pages: Central European exports (Windows-1250, ISO-8859-2) must decode to their own
// letters so header words match; Western files (Windows-1252, ISO-8859-15) keep "£" and "€".
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';
import { plausibility, rankCodePages } from './code-page.js';
import { decodeText } from './decode.js';

const enc = (text: string, cp: string) => new Uint8Array(iconv.encode(text, cp));
const run = (bytes: Uint8Array): Promise<EngineResult> => convert(bytes, { filename: 'export.csv' });

const CZECH = [
  'Datum provedení;Datum zaúčtování;Číslo účtu;Název protiúčtu;Typ transakce;Zpráva;Zaúčtovaná částka;Měna účtu;Zůstatek',
  '02.05.2024;02.05.2024;123456789/0800;Žďárská vodárna;Příchozí platba;Vrácení přeplatku;1 250,00;CZK;11 250,00',
  '03.05.2024;03.05.2024;123456789/0800;Potraviny Řeřicha;Platba kartou;Nákup čočky;-312,50;CZK;10 937,50',
  '04.05.2024;04.05.2024;123456789/0800;Česká pošta;Platba kartou;Známky;-80,00;CZK;10 857,50',
].join('\r\n');

describe('code page detection', () => {
  it('a Japanese Shift_JIS export decodes as Shift_JIS (0x5C before a figure is the yen sign), in yen, with 年月日 dates', async () => {
    const text = [
      '"番号","取扱日付","お支払金額","お預り金額","残高","摘要"',
      '"001","2024年4月30日","","\\7,000","\\7,000","振込入金"',
      '"002","2024年4月30日","\\4,600","","\\2,400","出金"',
    ].join('\r\n');
    const bytes = enc(text, 'shift_jis');
    expect(decodeText(bytes).encoding).toBe('shift_jis');
    const r = await run(bytes);
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Balance, t.Description, t.Currency])).toEqual([
      ['30/04/2024', '7000', '7000', '振込入金', 'JPY'],
      ['30/04/2024', '-4600', '2400', '出金', 'JPY'],
    ]);
    // Whole yen: "7,000" is seven thousand, not three decimals.
    expect(r.warnings.map((w) => w.code)).not.toContain('decimal_ambiguous');
    expect(r.reconcile_status).toBe('PASS');
  });

  it('a Czech Windows-1250 export decodes as Windows-1250 and converts', async () => {
    const bytes = enc(CZECH, 'windows-1250');
    expect(decodeText(bytes).encoding).toBe('windows-1250');
    const r = await run(bytes);
    expect(r.transactions.map((t) => t.Amount)).toEqual(['1250.00', '-312.50', '-80.00']);
    expect(r.transactions[1].Description).toContain('Řeřicha');
    expect(r.meta.currency).toBe('CZK');
    expect(r.reconcile_status).toBe('PASS');
  });

  it('the same export in ISO-8859-2 (š, ž, ą at other bytes) decodes as ISO-8859-2', async () => {
    const text = CZECH.replace('Známky', 'Známky a obálky, šek, žádost');
    const bytes = enc(text, 'iso-8859-2');
    expect(decodeText(bytes)).toMatchObject({ encoding: 'iso-8859-2', text: text });
    const r = await run(bytes);
    expect(r.transactions[2].Description).toContain('Česká pošta');
  });

  it('a Polish Windows-1250 export (ł, ś, ź, ż) converts with its header words', async () => {
    const text = [
      '#Data operacji;#Opis operacji;#Tytuł;#Nadawca/Odbiorca;#Kwota;#Saldo po operacji;',
      '2024-01-02;PRZELEW PRZYCHODZĄCY;Zwrot za świadczenie;Spółdzielnia Łódź;1 200,00;5 000,00;',
      '2024-01-03;ZAKUP PRZY UŻYCIU KARTY;Źródło żółtej farby;Sklep Żabka;-45,99;4 954,01;',
    ].join('\n');
    const bytes = enc(text, 'windows-1250');
    expect(decodeText(bytes).encoding).toBe('windows-1250');
    const r = await run(bytes);
    expect(r.transactions.map((t) => t.Amount)).toEqual(['1200.00', '-45.99']);
    expect(r.transactions[0].Description).toContain('Spółdzielnia Łódź');
    expect(r.reconcile_status).toBe('PASS');
  });

  it('a Hungarian Windows-1250 export (ő, ű) decodes as Windows-1250', async () => {
    const text = [
      'Könyvelés dátuma;Partner neve;Közlemény;Összeg;Egyenleg',
      '2024.03.01;Győri Műszaki Kft.;Számla kiegyenlítése, fűtés;-15 000;185 000',
      '2024.03.02;Kőbányai Sörgyár;Visszatérítés, őszi akció;5 000;190 000',
    ].join('\n');
    const bytes = enc(text, 'windows-1250');
    expect(decodeText(bytes).encoding).toBe('windows-1250');
    const r = await run(bytes);
    expect(r.transactions[0].Description).toContain('Győri Műszaki');
  });

  it('Windows-1252 stays Windows-1252: "£" is not read as the Polish "Ł"', async () => {
    const text =
      'Date,Transaction type,Description,Paid out,Paid in,Balance\n' +
      '01 Mar 2024,Visa purchase,CAFÉ NOËL,£3.50,,£96.50\n02 Mar 2024,Transfer,SALARY,,£100.00,£196.50\n';
    const bytes = enc(text, 'windows-1252');
    expect(decodeText(bytes).encoding).toBe('windows-1252');
    const r = await run(bytes);
    expect(r.transactions[0].Description).toContain('CAFÉ NOËL');
    expect(r.meta.currency).toBe('GBP');
  });

  it('German and French Windows-1252 text stays Windows-1252', () => {
    const text = 'Buchungstag;Verwendungszweck;Betrag\n01.02.2024;Überweisung Müller Grüße;-12,30\n02.02.2024;Opération à débiter, élève, crème brûlée;5,00\n';
    expect(decodeText(enc(text, 'windows-1252')).encoding).toBe('windows-1252');
  });

  it('ISO-8859-15 "€" (byte 0xA4) beats Windows-1252 "¤"', async () => {
    const text =
      'Datum;Omschrijving;Bedrag;Saldo\n01-02-2024;Albert Heijn;-12,30 €;87,70 €\n02-02-2024;Salaris;100,00 €;187,70 €\n03-02-2024;Huur;-50,00 €;137,70 €\n';
    const bytes = enc(text, 'iso-8859-15');
    expect(decodeText(bytes).encoding).toBe('iso-8859-15');
    const r = await run(bytes);
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-12.30', '100.00', '-50.00']);
    expect(r.meta.currency).toBe('EUR');
  });

  it('ASCII-only or UTF-8 text is not re-ranked', () => {
    expect(rankCodePages(new TextEncoder().encode('Date,Amount\n01/02/2024,1.00\n'))[0]).toBe('windows-1252');
    expect(decodeText(new TextEncoder().encode('Datum;Částka\n')).encoding).toBe('utf-8');
  });

  it('words mixing alphabets score below words from one alphabet', () => {
    expect(plausibility('Datum zaúčtování')).toBeGreaterThan(plausibility('Datum zaúètování'));
    expect(plausibility('Op³ata')).toBeLessThan(plausibility('Opłata'));
    expect(plausibility('£12.30')).toBeGreaterThan(plausibility('Ł12.30'));
  });
});

describe('Cyrillic and Baltic code pages', () => {
  const RU =
    'Дата;Описание операции;Сумма;Остаток\n01.03.2024;Оплата услуг связи, Москва;-120,00;880,00\n02.03.2024;Зачисление заработной платы;1000,00;1880,00\n';

  it('Russian text decodes under Windows-1251, KOI8-R and DOS 866, each as itself', () => {
    for (const cp of ['windows-1251', 'koi8-r', 'cp866']) {
      const d = decodeText(enc(RU, cp));
      expect(d.encoding).toBe(cp);
      expect(d.text).toBe(RU);
    }
  });

  it('a Windows-1251 export converts with its Russian header words', async () => {
    const r = await run(enc(RU, 'windows-1251'));
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description])).toEqual([
      ['01/03/2024', '-120.00', 'Оплата услуг связи, Москва'],
      ['02/03/2024', '1000.00', 'Зачисление заработной платы'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('Lithuanian, Latvian and Estonian text decodes as Windows-1257', () => {
    for (const text of [
      'Data;Gavėjas;Paaiškinimai;Suma\n2012-01-02;Šiaulių bankas;Mokėjimas už paslaugas, įmoka;12\n',
      'Datums;Saņēmējs;Maksājuma detaļas;Summa\n02.01.2012;Rīgas ūdens;Rēķins par ūdeni, jūnijs;12,00\n',
      'Kuupäev;Saaja/Maksja;Selgitus;Summa\n02.01.2012;Tallinna Vesi;Arve õigeaegne tasumine, šokolaad;12,00\n',
    ])
      expect(decodeText(enc(text, 'windows-1257'))).toMatchObject({ encoding: 'windows-1257', text });
  });

  it('Western text with accents stays Windows-1252 (a French "Café" is no Cyrillic "Cafй")', () => {
    for (const text of [
      'Date;Text;Amount\n01.02.2024;Café Noël, crème brûlée à la carte;-12,30\n',
      'Date;Text;Amount\n01.02.2024;Þórður Guðmundsson Reykjavík;-12,30\n02.02.2024;Bónus Hafnarfjörður;-3,00\n',
      'Date;Text;Amount\n01.02.2024;Smörgåsbord Øresund, Señor Peña;-12,30\n',
    ])
      expect(decodeText(enc(text, 'windows-1252')).encoding).toBe('windows-1252');
  });
});
