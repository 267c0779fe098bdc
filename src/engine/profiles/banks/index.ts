// Every bank profile file. Adding a bank: add its file and one line here.
import type { BankProfile } from '../types.js';
import barclays from './barclays.js';
import hsbc_uk from './hsbc-uk.js';
import lloyds from './lloyds.js';
import halifax from './halifax.js';
import natwest from './natwest.js';
import rbs from './rbs.js';
import santander_uk from './santander-uk.js';
import nationwide from './nationwide.js';
import monzo from './monzo.js';
import starling from './starling.js';
import first_direct from './first-direct.js';
import tsb from './tsb.js';
import metro from './metro.js';
import co_op from './co-op.js';
import revolut from './revolut.js';
import wise from './wise.js';
import amex_uk from './amex-uk.js';
import barclaycard from './barclaycard.js';
import john_lewis from './john-lewis.js';

export const BANK_PROFILES: BankProfile[] = [
  barclays,
  hsbc_uk,
  lloyds,
  halifax,
  natwest,
  rbs,
  santander_uk,
  nationwide,
  monzo,
  starling,
  first_direct,
  tsb,
  metro,
  co_op,
  revolut,
  wise,
  amex_uk,
  barclaycard,
  john_lewis,
];
