// Prometheus metrics of one instance (prom-client lives here and in the /metrics route only).
// Labels are closed sets (input kinds, verdicts, error codes, route patterns), never user data.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ConverterStats } from '../converter.js';
import type { Lifecycle } from '../lifecycle.js';
import type { ConversionEvent, ConversionObserver } from './conversion-observer.js';

const RATE_CODES = new Set(['rate_limited', 'monthly_limit_reached']);

export class Metrics implements ConversionObserver {
  readonly registry = new Registry();
  private readonly conversions: Counter<'format' | 'input' | 'verdict'>;
  private readonly conversionSeconds: Histogram<'format' | 'input' | 'verdict'>;
  private readonly conversionFailures: Counter<'code'>;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestSeconds: Histogram<'method' | 'route'>;
  private readonly problems: Counter<'code'>;
  private readonly rateRejections: Counter<'limit'>;

  constructor(stats: () => ConverterStats, lifecycle: Lifecycle) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.conversions = new Counter({
      name: 'ledgerline_conversions_total',
      help: 'Conversions by output format, input kind and verdict (failed for errors).',
      labelNames: ['format', 'input', 'verdict'],
      registers,
    });
    this.conversionSeconds = new Histogram({
      name: 'ledgerline_conversion_duration_seconds',
      help: 'Engine time per conversion, including the wait for a worker.',
      labelNames: ['format', 'input', 'verdict'],
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    });
    this.conversionFailures = new Counter({
      name: 'ledgerline_conversion_failures_total',
      help: 'Failed engine runs by error code.',
      labelNames: ['code'],
      registers,
    });
    this.requests = new Counter({
      name: 'ledgerline_http_requests_total',
      help: 'HTTP requests by route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'ledgerline_http_request_duration_seconds',
      help: 'HTTP request duration by route pattern.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.problems = new Counter({
      name: 'ledgerline_http_problems_total',
      help: 'Error answers (problem+json) by error code.',
      labelNames: ['code'],
      registers,
    });
    this.rateRejections = new Counter({
      name: 'ledgerline_rate_limit_rejections_total',
      help: 'Requests refused by the hourly rate limit or the monthly quota.',
      labelNames: ['limit'],
      registers,
    });
    new Gauge({
      name: 'ledgerline_convert_queue_depth',
      help: 'Conversions waiting for a worker.',
      registers,
      collect() {
        this.set(stats().queued);
      },
    });
    new Gauge({
      name: 'ledgerline_convert_running',
      help: 'Conversions running in workers.',
      registers,
      collect() {
        this.set(stats().running);
      },
    });
    new Gauge({
      name: 'ledgerline_draining',
      help: '1 while the instance shuts down.',
      registers,
      collect() {
        this.set(lifecycle.draining ? 1 : 0);
      },
    });
  }

  onConversion(e: ConversionEvent): void {
    this.conversions.inc({ format: e.format, input: e.input, verdict: e.verdict });
    this.conversionSeconds.observe({ format: e.format, input: e.input, verdict: e.verdict }, e.seconds);
    if (e.code) this.conversionFailures.inc({ code: e.code });
  }

  onRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.requestSeconds.observe({ method, route }, seconds);
  }

  onProblem(code: string): void {
    this.problems.inc({ code });
    if (RATE_CODES.has(code)) this.rateRejections.inc({ limit: code });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
