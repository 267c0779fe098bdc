// Types of verdict-words.js (plain JavaScript, shared by the server and the pages).
export declare const VERDICT_WORDS: Record<'PASS' | 'RECONCILE_WARN' | 'NO_BAL', { badge: string; title: string }>;
