// Static files of the web pages, read into memory once from fixed folders (a whitelist: nothing
// outside these folders can be named), including pdf.js's browser build, served by this server
// so the pages work offline and under a 'self'-only content security policy.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
};

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
  maxAge: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const PDFJS = path.resolve(here, '../../node_modules/pdfjs-dist');

function load(dir: string, urlPrefix: string, maxAge: number, only?: (name: string) => boolean): [string, Asset][] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => TYPES[path.extname(n)] && (!only || only(n)))
    .map((n) => {
      const body = fs.readFileSync(path.join(dir, n));
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      return [`${urlPrefix}${n}`, { body, type: TYPES[path.extname(n)], etag, maxAge }];
    });
}

export function loadAssets(): Map<string, Asset> {
  return new Map([
    ...load(path.join(here, 'static'), '/static/', 300),
    ...load(path.join(here, 'static/js'), '/static/js/', 300),
    // The engine's verdict rule, which the page's re-check imports as '../../../engine/verdict-rule.js'
    // (from /static/js/ that is /engine/, as it is src/engine/ from src/web/static/js/ for the server).
    ...load(path.join(here, '../engine'), '/engine/', 300, (n) => n === 'verdict-rule.js' || n === 'verdict-words.js'),
    ...load(path.join(PDFJS, 'build'), '/static/pdfjs/', 86400, (n) => n === 'pdf.min.mjs' || n === 'pdf.worker.min.mjs'),
    ...load(path.join(PDFJS, 'standard_fonts'), '/static/pdfjs/standard_fonts/', 86400),
  ]);
}

export function webStaticRoute(): FastifyPluginAsyncTypebox {
  const assets = loadAssets();
  return async (app) => {
    const serve = async (request: FastifyRequest, reply: FastifyReply) => {
      const asset = assets.get(request.url.split('?')[0]);
      if (!asset) throw new AppError('not_found', 'There is no such file.');
      reply.header('Cache-Control', `public, max-age=${asset.maxAge}`).header('ETag', asset.etag);
      if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
      return reply.type(asset.type).send(asset.body);
    };
    app.get('/static/*', { schema: { hide: true } }, serve);
    app.get('/engine/verdict-rule.js', { schema: { hide: true } }, serve);
    app.get('/engine/verdict-words.js', { schema: { hide: true } }, serve);
  };
}
