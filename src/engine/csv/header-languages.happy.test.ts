// Header words of Chinese and Japanese bank exports,
// Nordea's "Rubrik", a named booking date beside a transaction date, a currency column named in Hungarian.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const run = (text: string): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename: 'export.csv' });
const rows = (r: EngineResult) => r.transactions.map((t) => [t.Date, t.Amount, t.Balance, t.Description]);

describe('header words', () => {
  it('a Chinese export: booking date, amount, balance, summary and counterparty, currency column', async () => {
    const r = await run(
      [
        '记账日期,货币,交易金额,联机余额,交易摘要,对手信息',
        '2024-01-01,CNY,"1,234.00","1,271.66",代发住房公积金,北京住房公积金管理中心',
        '2024-01-02,CNY,"-1,000.00",271.66,转账汇款,张三',
      ].join('\n'),
    );
    expect(rows(r)).toEqual([
      ['01/01/2024', '1234.00', '1271.66', '代发住房公积金 北京住房公积金管理中心'],
      ['02/01/2024', '-1000.00', '271.66', '转账汇款 张三'],
    ]);
    expect(r.meta.currency).toBe('CNY');
  });
  it('Chinese money out / money in columns', async () => {
    const r = await run(['交易日期,摘要,支出,收入,余额', '2024-01-01,消费,12.00,,88.00', '2024-01-02,工资,,100.00,188.00'].join('\n'));
    expect(rows(r).map((x) => x[1])).toEqual(['-12.00', '100.00']);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('Japanese paid out / deposited / balance columns, and a card export whose labels carry voiced kana (ご利用額)', async () => {
    const bank = await run(['日付,摘要,支払い金額,預かり金額,差引残高', '2024/01/05,カード,1000,,9000', '2024/01/06,給料,,5000,14000'].join('\n'));
    expect(rows(bank).map((x) => x[1])).toEqual(['-1000', '5000']);
    expect(bank.reconcile_status).toBe('PASS');
    const card = await run(['ご利用年月日,ご利用箇所,ご利用額', '2024/01/05,コンビニ,540'].join('\n'));
    expect(card.transactions.map((t) => t.Date)).toEqual(['05/01/2024']);
  });
  it("Nordea's Rubrik (Otsikko, Title) is the text, and Bokningsdag / BookDate are the Date beside another date", async () => {
    const nordea = await run(
      ['Bokföringsdag;Belopp;Avsändare;Mottagare;Namn;Rubrik;Saldo;Valuta', '2020-01-01;-24,00;;;;Vardagspaket Månadspris kort;8884,58;SEK'].join('\n'),
    );
    expect(nordea.transactions[0].Description).toBe('Vardagspaket Månadspris kort');
    const booked = await run(['TransactionDate,BookDate,Text,Amount', '2021-01-31,2021-02-02,Spotify,-99.00'].join('\n'));
    expect(booked.transactions[0].Date).toBe('02/02/2021');
    const swedish = await run(['Bokningsdag\tValutadag\tBetalningsdag\tBelopp\tMeddelande', '08.04.2019\t07.04.2019\t07.04.2019\t300,00\tHELSINKI'].join('\n'));
    expect(swedish.transactions[0].Date).toBe('08/04/2019');
  });
  it('an export that names a credit card and prints most rows positive prints them from the issuer side', async () => {
    const rakuten = await run(['"利用日","利用店名・商品名","利用者","支払方法","利用金額"', '"2019/09/07","ローソン","本人","1回払い","1051"'].join('\n'));
    expect(rakuten.transactions.map((t) => t.Amount)).toEqual(['-1051']);
    const titled = await run(
      ['Credit card statement', 'Date,Description,Amount', '2024-01-02,SHOP,25.00', '2024-01-03,CAFE,4.50', '2024-01-09,PAYMENT,-20.00'].join('\n'),
    );
    expect(titled.transactions.map((t) => t.Amount)).toEqual(['-25.00', '-4.50', '20.00']);
    // Printed from the holder's side (purchases negative), the same export is read as printed.
    const holder = await run(
      ['Credit card statement', 'Date,Description,Amount', '2024-01-02,SHOP,-25.00', '2024-01-03,CAFE,-4.50', '2024-01-09,PAYMENT,20.00'].join('\n'),
    );
    expect(holder.transactions.map((t) => t.Amount)).toEqual(['-25.00', '-4.50', '20.00']);
  });
  it('dates printing no year take the one year the lines above the table name, across December to January', async () => {
    const r = await run(['招商银行信用卡对账单（2024年01月）', '交易日,记账日,交易摘要,人民币金额', ',12/29,还款,-1.23', ',01/03,电影票,56.78'].join('\n'));
    expect(r.transactions.map((t) => t.Date)).toEqual(['29/12/2023', '03/01/2024']);
  });
  it('a currency column named Pénznem gives the currency', async () => {
    const r = await run(['Könyvelés dátuma;Megnevezés;Összeg;Pénznem', '2024-01-02;SPAR;-4990;HUF'].join('\n'));
    expect(r.meta.currency).toBe('HUF');
  });
  it("Boursorama's accountbalance is the running balance", async () => {
    const r = await run(
      [
        'dateOp;dateVal;label;amount;accountbalance',
        '2024-01-15;2024-01-15;SALAIRE;2500,00;3000,00',
        '2024-01-14;2024-01-14;CARREFOUR;-89,50;500,00',
        '2024-01-13;2024-01-13;NETFLIX;-17,99;589,50',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => t.Balance)).toEqual(['3000.00', '500.00', '589.50']);
    expect(r.reconcile_status).toBe('PASS');
  });
});
