import { describe, expect, it } from 'vitest';
import { normHeader } from '../csv/header-words.js';
import { cleanLabel, LabelRoles } from './header-labels.js';

describe('header label roles', () => {
  it('reads the layout words first, then the export headers, and cleans what says nothing', () => {
    const labels = new LabelRoles();
    expect(labels.roleOf('Money Out (£)')).toBe('debit');
    expect(labels.roleOf('Gutschrift CHF')).toBe('credit');
    expect(labels.roleOf('Debit Amt')).toBe('debit');
    // Export words only when asked for.
    expect(labels.roleOf('Debit Amt', false)).toBeNull();
    expect(labels.roleOf('(£)')).toBeNull();
    // A currency named in words is no part of the role (Crédit Mutuel, N26).
    expect(labels.roleOf('Débit euros')).toBe('debit');
    expect(labels.roleOf('Crédit euros')).toBe('credit');
    expect(labels.roleOf('Amount in dollars')).toBe('amount');
    expect(labels.roleOf('Date de réservation')).toBe('date');
    expect(labels.roleOf('Card Used')).toBe('reference');
    expect(labels.roleOf('Movimentação')).toBe('description');
    expect(labels.roleOf('Descrição')).toBe('description');
    expect(labels.roleOf("Bedrag in euro's")).toBe('amount');
    expect(labels.roleOf('Paid in GBP')).toBe('credit');
    expect(labels.roleOf('Money in (€)')).toBe('credit');
    expect(labels.roleOf('Paid in euros')).toBe('credit');
  });

  it('gives the same answers remembered as read afresh, in any order of asking', () => {
    const texts = [
      'Date',
      'Description',
      'Trans Date Description of Transaction',
      'Payment type and details',
      'Merchant Name or Transaction Description',
      'Debit Amt',
      'Notes',
      'Balance (£)',
    ];
    const fresh = (t: string, long: boolean) => [new LabelRoles().roleOf(t), new LabelRoles().roleOf(t, false), new LabelRoles().exactRole(t, long)];
    const kept = new LabelRoles();
    for (const long of [true, false, true])
      for (const t of texts) expect([kept.roleOf(t), kept.roleOf(t, false), kept.exactRole(t, long)]).toEqual(fresh(t, long));
  });

  it('counts several words as one description only when they end in a description word and start with no other role', () => {
    const labels = new LabelRoles();
    expect(labels.exactRole('Payment type and details', true)).toBe('description');
    expect(labels.exactRole('Payment type and details', false)).toBeNull();
    expect(labels.exactRole('Trans Date Description of Transaction', true)).toBeNull();
    expect(labels.exactRole('Details', false)).toBe('description');
  });

  it('cleans a label that needs nothing as the full cleaning would, and one that needs it', () => {
    const full = (s: string) =>
      s
        .toLowerCase()
        .replace(/\(.*?\)/g, ' ')
        .replace(/[£€$]/g, ' ')
        .replace(/\b(?:(?<!\b(?:paid|money|payments|cash|transfers) )(?:en|in) )?(gbp|eur|usd|chf|euros?|dollars?|pounds?|sterling|francs?)\b(?!['’])/g, ' ')
        .replace(/[:*]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    for (const s of [
      'Money out',
      'Balance (£)',
      'Amount GBP',
      'Date:',
      'Paid  in',
      'Notes*',
      'euro amount',
      'Details (EUR) ',
      "Bedrag in euro's",
      'Eurocompte',
      'Paid in GBP',
      'Montant en euros',
    ])
      expect(cleanLabel(s)).toBe(full(s));
  });

  it('normalises ASCII headers as it does others (the ASCII path skips NFD and spelling)', () => {
    const full = (s: string) =>
      s
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9\u0430-\u044f\u0450-\u045f\u0456\u0457\u0491]+/g, ' ')
        .trim();
    for (const s of ['Debit Amt.', ' Transaction_Date ', 'Amount (GBP)', 'a--b', '\tTab\u0001']) expect(normHeader(s)).toBe(full(s));
    expect(normHeader('Straße Wertstellung')).toBe('strasse wertstellung');
    expect(normHeader('Buchungstag Überweisung')).toBe('buchungstag uberweisung');
  });
});
