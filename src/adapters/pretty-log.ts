// Readable server logs for a terminal (LOG_FORMAT=pretty, the default when stdout is a TTY): one line
// per entry, time, level and message first, with pino-pretty; a request reads
// "POST /api/v1/convert 200 1188 ms". Log collectors get JSON (the default when stdout is not a
// terminal). Redaction happens before this stream, in pino.
import pretty from 'pino-pretty';

interface Entry {
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

function message(log: Record<string, unknown>, key: string): string {
  const e = log as Entry;
  const v = log[key];
  const text = typeof v === 'string' ? v : v == null ? '' : JSON.stringify(v);
  if (e.req?.method) return `${text}: ${e.req.method} ${e.req.url ?? ''}`;
  if (e.res?.statusCode !== undefined) return `${text}: ${e.res.statusCode}${e.responseTime !== undefined ? ` in ${Math.round(e.responseTime)} ms` : ''}`;
  return text;
}

/** `destination`: where the lines go (stdout by default). */
export function prettyLogStream(destination?: NodeJS.WritableStream): NodeJS.WritableStream {
  return pretty({
    destination: destination ?? 1,
    colorize: !destination,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,req,res,responseTime',
    singleLine: true,
    sync: true,
    messageFormat: message,
  });
}
