// Types of the part of words.js the tests use (plain JavaScript, the converter page's words).
export declare function plainWords(text: string): string;
export declare const longDay: (iso: string) => string;
