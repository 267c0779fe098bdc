// Byte counts in the words of messages and documents: 52428800 -> "50" (MB of 1,048,576 bytes, one decimal when not whole).
export const megabytes = (bytes: number): string => (bytes / 1048576).toFixed(1).replace(/\.0$/, '');
