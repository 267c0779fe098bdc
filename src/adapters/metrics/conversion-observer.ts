// What the conversion path reports, so it can be measured without knowing by what (prom-client stays
// in the metrics adapter).
export interface ConversionEvent {
  /** What the upload was: pdf, csv (also XLSX and fixed-width text) or unknown. */
  input: 'pdf' | 'csv' | 'unknown';
  /** PASS / RECONCILE_WARN / NO_BAL, or `failed`. */
  verdict: string;
  /** The error code of a failed conversion, else null. */
  code: string | null;
  /** Engine time including the wait for a worker. */
  seconds: number;
}

export interface ConversionObserver {
  onConversion(e: ConversionEvent): void;
}
