// Types of money.js (plain JavaScript, shared by the browser and the server).
export declare function toUnits(s: string): bigint;
export declare function formatUnits(v: bigint, decimals?: number): string;
export declare function formatMoney(s: string, decimals?: number): string;
export declare function totals(
  transactions: { Credit: string; Debit: string; Currency: string }[],
): { currency: string; inflow: bigint; outflow: bigint; net: bigint; count: number }[];
